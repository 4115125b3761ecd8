/// A place in an input file, 1-based, for diagnostics: `contacts.vcf:12:6`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file name as the user gave it (`-` or `<stdin>` for standard input).
  public var file: String
  /// The 1-based physical line.
  public var line: Int
  /// The 1-based column in UTF-8 bytes, when it helps.
  package var column: Int?

  /// Creates a location.
  public init(file: String, line: Int, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line` or `file:line:column`.
  public var description: String {
    if let column { return "\(file):\(line):\(column)" }
    return "\(file):\(line)"
  }
}
