/// A text template for an event's title or its alarm message: `--summary`, `--message`.
///
/// Placeholders: `{name}` (display name), `{first}` (given name; the whole display name when the
/// source has no name parts), `{last}` (family name, or empty), `{year}` (the year of birth or of the
/// anniversary, or empty when unknown), `{age}` (the age turned, or years married, in the year of
/// the occurrence: empty in the yearly event and when the year is unknown) and `{ordinal}` (the
/// same in English, `41st`, or in the template's language, ``localized(_:)``), `{label}` (an
/// other date's label, `--other-dates`). `{first} {last}` together is the whole name in its own
/// order (李小龍). A placeholder left empty takes what belongs to it along: a bracket
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
    package var template: String
    /// The unknown placeholder, with braces.
    package var placeholder: String
    public var description: String {
      "unknown placeholder '\(placeholder)' in template '\(template)' (use {name}, {first}, {last}, {year}, {age}, {ordinal} or {label})"
    }
  }

  /// One piece of a parsed template. Plain data: rendering retains and releases nothing per
  /// piece (an enum with an array payload would, for every piece of every event).
  struct Piece: Hashable, Sendable {
    enum Kind: UInt8, Hashable, Sendable {
      /// Template text, already on one line (line breaks and controls became spaces).
      case literal
      /// An opening bracket, `(` or `[`: a group that disappears when a placeholder in it is
      /// empty.
      case open
      /// The closing bracket of a group.
      case close
      case name, first, last, year, age, ordinal, label
    }
    var kind: Kind
    /// A literal's bytes are `literals[start..<end]`; a bracket is the byte `start`; an
    /// `{ordinal}` the ``Language/code`` of its language; a `{first}` 1 when Latin names are
    /// written family name first (``Language/writesFamilyNameFirst``).
    var start: Int32 = 0
    /// A `{first}` followed by a space and `{last}`: 1, for the whole name in its own order.
    var end: Int32 = 0
  }

  /// The template text as given.
  public let description: String
  /// The pieces, in order.
  let pieces: [Piece]
  /// The bytes of every literal piece, one after the other.
  let literals: [UInt8]

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
    var pieces: [Piece] = []
    var literals: [UInt8] = []
    var literal = ""
    func flushLiteral() {
      guard !literal.isEmpty else { return }
      // Keep single leading and trailing spaces (they separate placeholders); drop the rest of
      // what is not printable on one line.
      let leading = literal.first?.isWhitespace == true ? " " : ""
      let trailing = literal.last?.isWhitespace == true && literal.count > 1 ? " " : ""
      let clean = TextSanitizer.singleLine(literal)
      var textStart = literals.count
      func flushText() {
        if literals.count > textStart {
          pieces.append(Piece(kind: .literal, start: Int32(textStart), end: Int32(literals.count)))
        }
      }
      for byte in (clean.isEmpty ? leading : leading + clean + trailing).utf8 {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ")"), UInt8(ascii: "]"):
          flushText()
          let opens = byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
          pieces.append(Piece(kind: opens ? .open : .close, start: Int32(byte)))
          textStart = literals.count
        default: literals.append(byte)
        }
      }
      flushText()
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
      let placeholder: Piece.Kind
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
      pieces.append(Piece(kind: placeholder))
      rest = rest[rest.index(after: close)...]
    }
    literal += rest
    flushLiteral()
    // "{first} {last}" is the whole name, written in the name's own order (李小龍, not 小龍 李).
    for index in pieces.indices.dropLast(2) where pieces[index].kind == .first {
      let space = pieces[index + 1]
      if space.kind == .literal, space.end - space.start == 1,
        literals[Int(space.start)] == 0x20, pieces[index + 2].kind == .last
      {
        pieces[index].end = 1
      }
    }
    self.description = template
    self.pieces = pieces
    self.literals = literals
  }

  /// This template for texts in `language`: `{ordinal}` in its words, `{first} {last}` in its
  /// order of names. English is the template as it is.
  package func localized(_ language: Language) -> EventTextTemplate {
    guard language != .english else { return self }
    let pieces = pieces.map { piece in
      var piece = piece
      switch piece.kind {
      case .ordinal: piece.start = language.code
      case .first: piece.start = language.writesFamilyNameFirst ? 1 : 0
      default: break
      }
      return piece
    }
    return EventTextTemplate(description: description, pieces: pieces, literals: literals)
  }

  private init(description: String, pieces: [Piece], literals: [UInt8]) {
    self.description = description
    self.pieces = pieces
    self.literals = literals
  }

  /// The text for `celebration`: placeholders filled, empty brackets removed, on one line.
  /// - Parameter year: the year of the occurrence, for `{age}` and `{ordinal}`; `nil` leaves them
  ///   empty (the yearly event's title).
  package func render(for celebration: Celebration, inYear year: Int? = nil) -> String {
    let output = OutputBuffer()
    append(for: celebration, inYear: year, to: output)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// Whether the text changes from year to year: it has `{age}` or `{ordinal}`.
  package var dependsOnYear: Bool {
    pieces.contains { $0.kind == .age || $0.kind == .ordinal }
  }

  /// Appends the rendered UTF-8 text to `output` (the writer's allocation-free path).
  func append(for celebration: Celebration, inYear year: Int? = nil, to output: OutputBuffer) {
    Self.append(
      pieces: pieces.span, literals: literals.span, for: celebration, inYear: year, to: output)
  }

  /// ``append(for:inYear:to:)`` from a template's pieces and literals (a renderer holds those of
  /// its templates in storage of its own).
  static func append(
    pieces: Span<Piece>, literals: Span<UInt8>,
    for celebration: Celebration, inYear year: Int?, to output: OutputBuffer
  ) {
    let start = output.count
    // Open brackets: where each started in `output`, and whether a placeholder in it was empty.
    var groups: [(start: Int, hasEmpty: Bool)] = []
    var dropLeadingSeparator = false
    // Pieces already written: the space and `{last}` after a whole name.
    var skipped = 0
    for index in pieces.indices {
      if skipped > 0 {
        skipped -= 1
        continue
      }
      let piece = pieces[index]
      let appended: Bool
      switch piece.kind {
      case .literal:
        var literal = literals.extracting(Int(piece.start)..<Int(piece.end))
        if dropLeadingSeparator {
          literal = literal.extracting(leadingSeparatorCount(of: literal)...)
          dropLeadingSeparator = false
        }
        appendCollapsingSpaces(literal, to: output, start: start)
        continue
      case .open:
        groups.append((output.count, false))
        output.append(UInt8(truncatingIfNeeded: piece.start))
        continue
      case .close:
        if let group = groups.popLast(), group.hasEmpty {
          // "{name} ({year})" without a year: the whole bracket goes.
          output.truncate(to: group.start)
        } else {
          output.append(UInt8(truncatingIfNeeded: piece.start))
        }
        continue
      case .name:
        appended = appendValue(celebration.name.formatted, to: output, start: start)
      case .first:
        if piece.end == 1, let whole = wholeName(of: celebration.name, piece) {
          appended = appendValue(whole, to: output, start: start)
          skipped = 2
        } else {
          // Read in place: a copy of the name retained its three strings.
          appended =
            celebration.name.given == nil && celebration.name.family == nil
            ? appendValue(celebration.name.formatted, to: output, start: start)
            : appendValue(celebration.name.given, to: output, start: start)
        }
      case .last:
        appended = appendValue(celebration.name.family, to: output, start: start)
      case .year:
        appended = appendNumber(celebration.originYear, ordinal: false, to: output)
      case .age:
        appended = appendNumber(age(of: celebration, inYear: year), ordinal: false, to: output)
      case .ordinal where piece.start != 0:
        guard let age = age(of: celebration, inYear: year) else {
          appended = false
          break
        }
        let text = OrdinalNumbers.text(age, language: Language.of(code: piece.start))
        appended = appendValue(text, to: output, start: start)
      case .ordinal:
        appended = appendNumber(age(of: celebration, inYear: year), ordinal: true, to: output)
      case .label:
        appended = appendValue(celebration.label, to: output, start: start)
      }
      if !appended {
        if !groups.isEmpty {
          groups[groups.count - 1].hasEmpty = true
        } else if output.count == start {
          dropLeadingSeparator = true
        } else {
          dropTrailingSeparator(of: output, start: start)
        }
      }
    }
    while output.count > start, output.last == 0x20 { output.truncate(to: output.count - 1) }
  }

  /// "{first} {last}" for a name whose given/family split would read wrong: the display name
  /// of a CJK name (李小龍), family name first for a language that writes Latin names so
  /// (Hungarian: Nagy Anna); `nil` for given name, space, family name.
  private static func wholeName(of name: PersonName, _ first: Piece) -> String? {
    if name.isFamilyFirstWithoutSpace { return name.formatted }
    guard first.start == 1, let given = name.given, let family = name.family else { return nil }
    return family + " " + given
  }

  /// Appends a text value (spaces collapsed at its start); `false` when it is `nil` or empty.
  @inline(__always)
  private static func appendValue(_ value: String?, to output: OutputBuffer, start: Int) -> Bool {
    guard let value, !value.isEmpty else { return false }
    appendCollapsingSpaces(value.utf8.span, to: output, start: start)
    return true
  }

  /// Appends `number` in decimal, as `"\(number)"` writes it, with its English suffix when
  /// `ordinal` (``englishOrdinal(_:)``); `false` when it is `nil`. Written digit by digit: the
  /// string interpolation cost more than the rest of the template.
  private static func appendNumber(_ number: Int?, ordinal: Bool, to output: OutputBuffer) -> Bool {
    guard let number else { return false }
    if number < 0 { output.append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor &*= 10 }
    repeat {
      output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor % 10))
      divisor /= 10
    } while divisor > 0
    if ordinal {
      let suffix = Self.suffix(number)
      output.append(suffix.0)
      output.append(suffix.1)
    }
    return true
  }

  /// The age turned (years since) in `year`, or `nil` when the year of the date or of the
  /// occurrence is unknown, or the occurrence is not after the date.
  static func age(of celebration: Celebration, inYear year: Int?) -> Int? {
    celebration.age(inYear: year)
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`, `101st`, `111th`.
  package static func englishOrdinal(_ number: Int) -> String {
    let suffix = suffix(number)
    return "\(number)" + String(decoding: [suffix.0, suffix.1], as: UTF8.self)
  }

  /// The two letters after `number` in English: `st`, `nd`, `rd` or `th`.
  private static func suffix(_ number: Int) -> (UInt8, UInt8) {
    switch (number % 100, number % 10) {
    case (11...13, _): (UInt8(ascii: "t"), UInt8(ascii: "h"))
    case (_, 1): (UInt8(ascii: "s"), UInt8(ascii: "t"))
    case (_, 2): (UInt8(ascii: "n"), UInt8(ascii: "d"))
    case (_, 3): (UInt8(ascii: "r"), UInt8(ascii: "d"))
    default: (UInt8(ascii: "t"), UInt8(ascii: "h"))
    }
  }

  /// Separators that go with an empty placeholder: `,` `;` `-` `|` `/` `·` `–` `—`.
  private static let separators: [[UInt8]] = [",", ";", "-", "|", "/", "·", "–", "—"].map {
    Array($0.utf8)
  }

  /// "{name}, {age}" without an age: drops the separator (and spaces) before the placeholder.
  private static func dropTrailingSeparator(of output: OutputBuffer, start: Int) {
    let end: Int? = output.withSpan { bytes in
      var end = bytes.count
      while end > start, bytes[end - 1] == 0x20 { end -= 1 }
      for separator in separators where end - start >= separator.count {
        if separator.indices.allSatisfy({ bytes[end - separator.count + $0] == separator[$0] }) {
          end -= separator.count
          while end > start, bytes[end - 1] == 0x20 { end -= 1 }
          return end
        }
      }
      return nil
    }
    if let end { output.truncate(to: end) }
  }

  /// "{age} - {name}" without an age: how many bytes at the start of `literal` are the
  /// separator after the placeholder and spaces around it (none without a separator).
  private static func leadingSeparatorCount(of literal: Span<UInt8>) -> Int {
    var start = 0
    while start < literal.count, literal[start] == 0x20 { start += 1 }
    for separator in separators where literal.count - start >= separator.count {
      if separator.indices.allSatisfy({ literal[start + $0] == separator[$0] }) {
        var end = start + separator.count
        while end < literal.count, literal[end] == 0x20 { end += 1 }
        return end
      }
    }
    return 0
  }

  /// Appends `bytes` without a leading space at the start of the text or after another space.
  ///
  /// That is the only place two spaces can meet: literals are single-spaced when the template is
  /// parsed, and names are single-line text without leading, trailing or double spaces
  /// (``PersonName``), so each piece is otherwise copied whole.
  @inline(__always)
  private static func appendCollapsingSpaces(
    _ bytes: Span<UInt8>, to output: OutputBuffer, start: Int
  ) {
    if !bytes.isEmpty, bytes[0] == 0x20, output.count == start || output.last == 0x20 {
      output.append(bytes.extracting(1...))
    } else {
      output.append(bytes)
    }
  }
}
