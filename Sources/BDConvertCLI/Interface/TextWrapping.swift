/// Greedy word wrapping for help text.
enum TextWrapping {
  /// The width every help line fits in.
  static let width = 80

  /// Wraps `text` into lines of at most `width` characters: the first starts with
  /// `firstIndent` spaces, the others with `indent` spaces. A word longer than a line stays whole.
  static func wrap(_ text: String, indent: Int, firstIndent: Int? = nil, width: Int = width)
    -> [String]
  {
    var lines: [String] = []
    var line = String(repeating: " ", count: firstIndent ?? indent)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    if lineHasWord || lines.isEmpty { lines.append(line) }
    return lines
  }
}
