/// A text template for an event's title or its alarm message: `--summary`, `--message`.
///
/// Placeholders: `{name}` (display name), `{first}` (given name; the whole display name when the
/// source has no name parts), `{last}` (family name, or empty), `{year}` (the year of birth or of the
/// anniversary, or empty when unknown), `{age}` (the age turned, or years married, in the year of
/// the occurrence: empty in the yearly event and when the year is unknown) and `{ordinal}` (the
/// same in English, `41st`), `{label}` (an other date's label, `--other-dates`). A placeholder left empty takes what belongs to it along: a bracket
/// pair around it, `(...)` or `[...]`, with everything in it, or else the separator before it
/// (`,` `;` `-` `–` `—` `|` `/` `·`), or after it when it starts the text; runs of spaces
/// collapse. So `{name} ({year})` and `{name} ({ordinal} birthday)` read "Jane Doe" without the
/// value, `{name}, {age}` reads "Jane Doe". Any other `{word}` is an error; a `{` that does not
/// start a placeholder is literal.
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
      "unknown placeholder '\(placeholder)' in template '\(template)' (use {name}, {first}, {last}, {year}, {age}, {ordinal} or {label})"
    }
  }

  enum Segment: Hashable, Sendable {
    /// Template text, already on one line (line breaks and controls became spaces).
    case literal([UInt8])
    /// An opening bracket, `(` or `[`: a group that disappears when a placeholder in it is empty.
    case open(UInt8)
    /// The closing bracket of a group.
    case close(UInt8)
    case name, first, last, year, age, ordinal, label
  }

  /// The template text as given.
  public let description: String
  let segments: [Segment]

  /// A template written in this library's source code: it parses, or the library is wrong.
  init(builtIn template: String) {
    do {
      try self.init(template)
    } catch {
      preconditionFailure("built-in template '\(template)' does not parse: \(error)")
    }
  }

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
      var text: [UInt8] = []
      for byte in (clean.isEmpty ? leading : leading + clean + trailing).utf8 {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ")"), UInt8(ascii: "]"):
          if !text.isEmpty { segments.append(.literal(text)) }
          text = []
          let opens = byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
          segments.append(opens ? .open(byte) : .close(byte))
        default: text.append(byte)
        }
      }
      if !text.isEmpty { segments.append(.literal(text)) }
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
      case "age": placeholder = .age
      case "ordinal": placeholder = .ordinal
      case "label": placeholder = .label
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
  /// - Parameter year: the year of the occurrence, for `{age}` and `{ordinal}`; `nil` leaves them
  ///   empty (the yearly event's title).
  public func render(for celebration: Celebration, inYear year: Int? = nil) -> String {
    let output = OutputBuffer()
    append(for: celebration, inYear: year, to: output)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// Whether the text changes from year to year: it has `{age}` or `{ordinal}`.
  public var dependsOnYear: Bool {
    segments.contains { $0 == .age || $0 == .ordinal }
  }

  /// Appends the rendered UTF-8 text to `output` (the writer's allocation-free path).
  func append(for celebration: Celebration, inYear year: Int? = nil, to output: OutputBuffer) {
    let start = output.count
    let name = celebration.name
    let hasParts = name.given != nil || name.family != nil
    // Open brackets: where each started in `output`, and whether a placeholder in it was empty.
    var groups: [(start: Int, hasEmpty: Bool)] = []
    var dropLeadingSeparator = false
    for segment in segments {
      var value: String
      switch segment {
      case .literal(let bytes):
        bytes.withUnsafeBufferPointer { literal in
          var literal = literal[...]
          if dropLeadingSeparator {
            literal = Self.droppingLeadingSeparator(literal)
            dropLeadingSeparator = false
          }
          appendCollapsingSpaces(UnsafeBufferPointer(rebasing: literal), to: output, start: start)
        }
        continue
      case .open(let bracket):
        groups.append((output.count, false))
        output.append(bracket)
        continue
      case .close(let bracket):
        if let group = groups.popLast(), group.hasEmpty {
          // "{name} ({year})" without a year: the whole bracket goes.
          output.truncate(to: group.start)
        } else {
          output.append(bracket)
        }
        continue
      case .name: value = name.formatted
      case .first: value = hasParts ? (name.given ?? "") : name.formatted
      case .last: value = name.family ?? ""
      case .year: value = celebration.date.year.map { "\($0)" } ?? ""
      case .age: value = Self.age(of: celebration, inYear: year).map { "\($0)" } ?? ""
      case .ordinal: value = Self.age(of: celebration, inYear: year).map(Self.englishOrdinal) ?? ""
      case .label: value = celebration.label ?? ""
      }
      if value.isEmpty {
        if !groups.isEmpty {
          groups[groups.count - 1].hasEmpty = true
        } else if output.count == start {
          dropLeadingSeparator = true
        } else {
          Self.dropTrailingSeparator(of: output, start: start)
        }
        continue
      }
      value.withUTF8 { appendCollapsingSpaces($0, to: output, start: start) }
    }
    while output.count > start, output.last == 0x20 { output.truncate(to: output.count - 1) }
  }

  /// The age turned (years since) in `year`, or `nil` when the year of the date or of the
  /// occurrence is unknown, or the occurrence is not after the date.
  static func age(of celebration: Celebration, inYear year: Int?) -> Int? {
    guard let year, let since = celebration.date.year, year > since else { return nil }
    return year - since
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`, `101st`, `111th`.
  public static func englishOrdinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 100, number % 10) {
    case (11...13, _): suffix = "th"
    case (_, 1): suffix = "st"
    case (_, 2): suffix = "nd"
    case (_, 3): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }

  /// Separators that go with an empty placeholder: `,` `;` `-` `|` `/` `·` `–` `—`.
  private static let separators: [[UInt8]] = [",", ";", "-", "|", "/", "·", "–", "—"].map {
    Array($0.utf8)
  }

  /// "{name}, {age}" without an age: drops the separator (and spaces) before the placeholder.
  private static func dropTrailingSeparator(of output: OutputBuffer, start: Int) {
    let end: Int? = output.withUnsafeBytes { bytes in
      var end = bytes.count
      while end > start, bytes[end - 1] == 0x20 { end -= 1 }
      for separator in separators where end - start >= separator.count {
        if bytes[(end - separator.count)..<end].elementsEqual(separator) {
          end -= separator.count
          while end > start, bytes[end - 1] == 0x20 { end -= 1 }
          return end
        }
      }
      return nil
    }
    if let end { output.truncate(to: end) }
  }

  /// "{age} - {name}" without an age: the separator (and spaces) after the placeholder.
  private static func droppingLeadingSeparator(_ literal: Slice<UnsafeBufferPointer<UInt8>>)
    -> Slice<UnsafeBufferPointer<UInt8>>
  {
    var rest = literal.drop { $0 == 0x20 }
    for separator in separators where rest.starts(with: separator) {
      rest = rest.dropFirst(separator.count).drop { $0 == 0x20 }
      return rest
    }
    return literal
  }

  /// Appends `bytes` without a leading space at the start of the text or after another space.
  ///
  /// That is the only place two spaces can meet: literals are single-spaced when the template is
  /// parsed, and names are single-line text without leading, trailing or double spaces
  /// (``PersonName``), so each piece is otherwise copied whole.
  private func appendCollapsingSpaces(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: OutputBuffer, start: Int
  ) {
    var bytes = bytes[...]
    if bytes.first == 0x20, output.count == start || output.last == 0x20 {
      bytes = bytes.dropFirst()
    }
    output.append(UnsafeBufferPointer(rebasing: bytes))
  }
}
