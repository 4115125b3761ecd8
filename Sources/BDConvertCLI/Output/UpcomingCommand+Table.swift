import BirthdayKit

extension UpcomingCommand {
  /// The aligned table for a terminal, under a header in `words`' language.
  static func table(_ entries: [UpcomingDate], words: UpcomingWords = UpcomingWords(.english))
    -> String
  {
    let header = words.headings
    let rows =
      [header]
      + entries.map { entry in
        entry.textLine(words).split(separator: "\t", omittingEmptySubsequences: false).map(
          String.init)
      }
    var widths = Array(repeating: 0, count: header.count)
    for row in rows {
      for (index, field) in row.enumerated() {
        widths[index] = max(widths[index], columns(field))
      }
    }
    return rows.map { row in
      row.enumerated().map { index, field in
        index == row.count - 1
          ? field : field + String(repeating: " ", count: widths[index] - columns(field) + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }

  /// The columns `text` takes on a terminal: two for a character of the East Asian wide and
  /// fullwidth ranges (Chinese, Japanese and Korean headings, weekdays and names), one for any
  /// other, so that the columns stay aligned in those languages.
  static func columns(_ text: String) -> Int {
    text.reduce(0) { sum, character in
      guard let scalar = character.unicodeScalars.first?.value else { return sum }
      let wide =
        (0x1100...0x115F).contains(scalar) || (0x2E80...0x303E).contains(scalar)
        || (0x3041...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
        || (0xF900...0xFAFF).contains(scalar) || (0xFE30...0xFE4F).contains(scalar)
        || (0xFF00...0xFF60).contains(scalar) || (0xFFE0...0xFFE6).contains(scalar)
        || (0x20000...0x3FFFD).contains(scalar)
      return sum + (wide ? 2 : 1)
    }
  }
}
