import BirthdayKit

/// Which diagnostics are "of one kind", so that a flood of the same warning can be cut short.
///
/// The library does not name the kind of a diagnostic yet, so the kind is derived from the
/// message: its wording with the values masked. When diagnostics carry a message kind, this is
/// the one function to switch to it.
enum DiagnosticKind {
  /// The message with quoted values and words containing digits (line numbers, dates, UIDs)
  /// replaced by `…`: `invalid BDAY value '…' (expected YYYY-MM-DD, YYYYMMDD or --MM-DD)`.
  /// Also readable, for the line that counts what was not shown.
  static func key(of diagnostic: Diagnostic) -> String {
    var key = ""
    var word = ""
    var inQuote = false
    var previous: Character = " "
    let characters = Array(diagnostic.message)
    func endWord() {
      key += word.contains(where: \.isNumber) ? "…" : word
      word = ""
    }
    for (index, character) in characters.enumerated() {
      defer { previous = character }
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      if inQuote {
        // A quote ends a value when no letter or quote follows it (so O'Brien stays one value).
        if character == "'", !next.isLetter, !next.isNumber, next != "'" {
          inQuote = false
          key += "…'"
        }
        continue
      }
      if character == "'", !previous.isLetter, !previous.isNumber {
        endWord()
        inQuote = true
        key.append(character)
      } else if character.isLetter || character.isNumber || "-:.+/@".contains(character) {
        word.append(character)
      } else {
        endWord()
        key.append(character)
      }
    }
    endWord()
    if inQuote { key += "…" }
    return key
  }
}
