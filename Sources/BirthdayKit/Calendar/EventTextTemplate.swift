/// A text template for an event's title or its alarm message: `--summary`, `--message`.
///
/// Placeholders: `{name}` (display name), `{first}` (given name; the whole display name when the
/// source has no name parts), `{last}` (family name, or empty), `{year}` (the year of birth or of the
/// anniversary, or empty when unknown). A bracket pair left empty by a missing value, `()` or `[]`,
/// is removed, and runs of spaces collapse, so `{name} ({year})` reads "Jane Doe" when the year is
/// unknown. Any other `{word}` is an error; a `{` that does not start a placeholder is literal.
///
/// ```swift
/// let template = try EventTextTemplate("Wish {first} {last} a Happy Birthday today!")
/// ```
public struct EventTextTemplate: Hashable, Sendable, CustomStringConvertible {
  /// A template with an unknown placeholder.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The template.
    public var template: String
    /// The unknown placeholder, with braces.
    public var placeholder: String
    public var description: String {
      "unknown placeholder '\(placeholder)' in template '\(template)' (use {name}, {first}, {last} or {year})"
    }
  }

  enum Segment: Hashable, Sendable {
    /// Template text, already on one line (line breaks and controls became spaces).
    case literal([UInt8])
    case name, first, last, year
  }

  /// The template text as given.
  public let description: String
  let segments: [Segment]

  /// Parses `template`.
  /// - Throws: ``ParseError`` for an unknown `{placeholder}`.
  public init(_ template: String) throws(ParseError) {
    var segments: [Segment] = []
    var literal = ""
    func flushLiteral() {
      guard !literal.isEmpty else { return }
      // Keep single leading and trailing spaces (they separate placeholders); drop the rest of
      // what is not printable on one line.
      let leading = literal.first?.isWhitespace == true ? " " : ""
      let trailing = literal.last?.isWhitespace == true && literal.count > 1 ? " " : ""
      let clean = TextSanitizer.singleLine(literal)
      segments.append(.literal(Array((clean.isEmpty ? leading : leading + clean + trailing).utf8)))
      literal = ""
    }
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      literal += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}"),
        rest[afterOpen..<close].allSatisfy({ $0.isLetter })
      else {
        literal.append("{")
        rest = rest[afterOpen...]
        continue
      }
      let word = rest[afterOpen..<close]
      let placeholder: Segment
      switch word.lowercased() {
      case "name": placeholder = .name
      case "first": placeholder = .first
      case "last": placeholder = .last
      case "year": placeholder = .year
      default:
        throw ParseError(template: template, placeholder: "{\(word)}")
      }
      flushLiteral()
      segments.append(placeholder)
      rest = rest[rest.index(after: close)...]
    }
    literal += rest
    flushLiteral()
    self.description = template
    self.segments = segments
  }

  /// This template in storage of its own (for a renderer on another thread).
  func privateCopy() -> EventTextTemplate {
    EventTextTemplate(
      description: String(decoding: Array(description.utf8), as: UTF8.self),
      segments: segments.map { segment in
        if case .literal(let bytes) = segment { return .literal(bytes.map { $0 }) }
        return segment
      })
  }

  private init(description: String, segments: [Segment]) {
    self.description = description
    self.segments = segments
  }

  /// The text for `celebration`: placeholders filled, empty brackets removed, on one line.
  public func render(for celebration: Celebration) -> String {
    let output = ByteBuffer()
    append(for: celebration, to: output)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// Appends the rendered UTF-8 text to `output` (the writer's allocation-free path).
  func append(for celebration: Celebration, to output: ByteBuffer) {
    let start = output.count
    let name = celebration.name
    let hasParts = name.given != nil || name.family != nil
    var dropClosingBracket: UInt8?
    for segment in segments {
      var value: String
      switch segment {
      case .literal(let bytes):
        bytes.withUnsafeBufferPointer { literal in
          var literal = literal[...]
          if let closing = dropClosingBracket, literal.first == closing {
            literal = literal.dropFirst()
          }
          appendCollapsingSpaces(UnsafeBufferPointer(rebasing: literal), to: output, start: start)
        }
        dropClosingBracket = nil
        continue
      case .name: value = name.formatted
      case .first: value = hasParts ? (name.given ?? "") : name.formatted
      case .last: value = name.family ?? ""
      case .year: value = celebration.date.year.map { "\($0)" } ?? ""
      }
      dropClosingBracket = nil
      if value.isEmpty {
        // "{name} ({year})" without a year: drop the "(" now and the ")" that follows.
        if output.count > start, let last = output.last,
          last == UInt8(ascii: "(") || last == UInt8(ascii: "[")
        {
          output.truncate(to: output.count - 1)
          dropClosingBracket = last == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
        }
        continue
      }
      value.withUTF8 { appendCollapsingSpaces($0, to: output, start: start) }
    }
    while output.count > start, output.last == 0x20 { output.truncate(to: output.count - 1) }
  }

  /// Appends `bytes` without a leading space at the start of the text or after another space.
  ///
  /// That is the only place two spaces can meet: literals are single-spaced when the template is
  /// parsed, and names are single-line text without leading, trailing or double spaces
  /// (``PersonName``), so each piece is otherwise copied whole.
  private func appendCollapsingSpaces(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: ByteBuffer, start: Int
  ) {
    var bytes = bytes[...]
    if bytes.first == 0x20, output.count == start || output.last == 0x20 {
      bytes = bytes.dropFirst()
    }
    output.append(UnsafeBufferPointer(rebasing: bytes))
  }
}
