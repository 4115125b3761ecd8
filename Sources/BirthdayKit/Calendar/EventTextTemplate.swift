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
    case literal(String)
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
      if !literal.isEmpty { segments.append(.literal(literal)) }
      literal = ""
      segments.append(placeholder)
      rest = rest[rest.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty { segments.append(.literal(literal)) }
    self.description = template
    self.segments = segments
  }

  /// The text for `celebration`: placeholders filled, empty brackets removed, on one line.
  public func render(for celebration: Celebration) -> String {
    let name = celebration.name
    let hasParts = name.given != nil || name.family != nil
    var text = ""
    for segment in segments {
      switch segment {
      case .literal(let value): text += value
      case .name: text += name.formatted
      case .first: text += hasParts ? (name.given ?? "") : name.formatted
      case .last: text += name.family ?? ""
      case .year: text += celebration.date.year.map { "\($0)" } ?? ""
      }
    }
    text = text.replacingOccurrences(of: "()", with: "").replacingOccurrences(of: "[]", with: "")
    return TextSanitizer.singleLine(text)
  }
}
