import BirthdayKit

/// How the line that counts held-back diagnostics of one kind (``Diagnostic/kind``) names them:
/// the first one's message with its values masked.
enum DiagnosticKind {
  /// The message with quoted values and words containing digits (line numbers, dates, UIDs)
  /// replaced by `…`: `invalid BDAY value '…' (expected YYYY-MM-DD, YYYYMMDD or --MM-DD)`.
  static func pattern(of diagnostic: Diagnostic) -> String {
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
