/// The parameters of one property that matter for reading dates and names.
///
/// Parsed from bytes in every syntax seen in the wild: 2.1 bare tokens (`TEL;WORK;VOICE:`,
/// `;QUOTED-PRINTABLE`), 3.0 `TYPE=a,b`, 4.0 quoted values (`TYPE="a,b"`, `;` and `:` inside
/// quotes), RFC 6868 caret escapes. Names and the values compared here ignore case.
struct VCardParameters: Hashable, Sendable {
  /// `ENCODING=QUOTED-PRINTABLE` or the bare `QUOTED-PRINTABLE` token.
  var isQuotedPrintable = false
  /// The character set `CHARSET=` names, when it is a known one other than UTF-8; `nil` reads
  /// the value as UTF-8 (falling back to Windows-1252).
  var charset: TextDecoding.Charset?
  /// The `ALTID=` value, if any.
  var altID: [UInt8]?
  /// The calendar `CALSCALE=` names when it is not the Gregorian one (`chinese`), for messages.
  var otherCalendarScale: String?
  /// False when `CALSCALE=` names a calendar other than the Gregorian one.
  var isGregorian: Bool { otherCalendarScale == nil }
  /// Apple's `X-APPLE-OMIT-YEAR=` year, if any.
  var appleOmitYear: Int?

  init() {}

  /// True when every parameter has its default, as in ``init()`` (most properties): the same as
  /// `== VCardParameters()` without comparing strings and arrays.
  var isDefault: Bool {
    !isQuotedPrintable && charset == nil && altID == nil && otherCalendarScale == nil
      && appleOmitYear == nil
  }

  /// Parses the parameter section `;A=b;C:` of `line`: from `start` (a `;`) up to `end` (the
  /// value's `:`).
  init(_ line: Span<UInt8>, from start: Int, to end: Int) {
    Self.forEachParameter(line, from: start, to: end) { start, equals, end in
      apply(line, start: start, equals: equals, end: end)
    }
  }

  /// The same as `VCardParameters(line, from: start, to: end).isQuotedPrintable`, without
  /// parsing the other parameters: a skipped property needs only this (whether its line's `=`
  /// is a soft line break), and vCard 2.1 files skip many such lines (`ADR`, `LABEL`).
  static func isQuotedPrintable(
    _ line: Span<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    // Any parameter may say it, and writers put `ENCODING=QUOTED-PRINTABLE` last: without a
    // quote in the section, the last parameter is what follows the last `;`, so it is read
    // first, from the end.
    if start < end,
      ByteKernel.firstIndex(of: VCardBytes.quote, in: line, from: start, to: end) == nil
    {
      var lastStart = end
      var equals: Int?
      while lastStart > start {
        let byte = line[lastStart - 1]
        if byte == VCardBytes.semicolon { break }
        if byte == VCardBytes.equals { equals = lastStart - 1 }
        lastStart -= 1
      }
      // (`lastStart` is past the section's first `;` at worst, as the forward loop reads it.)
      if lastStart > start,
        saysQuotedPrintable(line, start: lastStart, equals: equals, end: end)
      {
        return true
      }
    }
    var found = false
    forEachParameter(line, from: start, to: end) { start, equals, end in
      if !found, saysQuotedPrintable(line, start: start, equals: equals, end: end) {
        found = true
      }
    }
    return found
  }

  /// Calls `body` with each parameter of the section from `start` (a `;`) to `end`: where it
  /// starts, its first `=` outside quotes, and where it ends (the next `;` outside quotes).
  @inline(__always)
  private static func forEachParameter(
    _ line: Span<UInt8>, from start: Int, to end: Int,
    _ body: (_ start: Int, _ equals: Int?, _ end: Int) -> Void
  ) {
    var index = start
    while index < end {
      // `index` is at a `;`; the parameter runs to the next `;` outside quotes.
      let paramStart = index + 1
      var paramEnd = paramStart
      var inQuotes = false
      var equalsIndex: Int?
      while true {
        guard
          let found = ShortBytesKernel.firstIndex(
            of: VCardBytes.quote, VCardBytes.semicolon, VCardBytes.equals, in: line,
            from: paramEnd, to: end)
        else {
          paramEnd = end
          break
        }
        paramEnd = found
        let byte = line[found]
        if byte == VCardBytes.quote {
          inQuotes.toggle()
        } else if !inQuotes {
          if byte == VCardBytes.semicolon { break }
          if byte == VCardBytes.equals, equalsIndex == nil { equalsIndex = paramEnd }
        }
        paramEnd += 1
      }
      body(paramStart, equalsIndex, paramEnd)
      index = paramEnd
    }
  }

  /// Whether one parameter sets ``isQuotedPrintable`` in ``apply(_:start:equals:end:)``.
  private static func saysQuotedPrintable(
    _ line: Span<UInt8>, start: Int, equals: Int?, end: Int
  ) -> Bool {
    guard let equals else {
      let token = line.extracting(VCardBytes.trimmed(line, start..<end))
      return VCardBytes.equalsIgnoringCase(token, quotedPrintable)
    }
    let name = line.extracting(VCardBytes.trimmed(line, start..<equals))
    return VCardBytes.equalsIgnoringCase(name, encoding)
      && VCardBytes.equalsIgnoringCase(
        line.extracting(unquoted(line, (equals + 1)..<end)), quotedPrintable)
  }

  private mutating func apply(_ line: Span<UInt8>, start: Int, equals: Int?, end: Int) {
    guard let equals else {
      // vCard 2.1 bare token.
      let token = line.extracting(VCardBytes.trimmed(line, start..<end))
      if VCardBytes.equalsIgnoringCase(token, Self.quotedPrintable) { isQuotedPrintable = true }
      return
    }
    let name = line.extracting(VCardBytes.trimmed(line, start..<equals))
    let value = line.extracting(Self.unquoted(line, (equals + 1)..<end))
    if VCardBytes.equalsIgnoringCase(name, Self.encoding) {
      if VCardBytes.equalsIgnoringCase(value, Self.quotedPrintable) { isQuotedPrintable = true }
    } else if VCardBytes.equalsIgnoringCase(name, Self.charsetName) {
      // Most files say UTF-8: skip the name look-up for it.
      if !VCardBytes.equalsIgnoringCase(value, Self.utf8) {
        let named = TextDecoding.Charset(name: ByteKernel.string(decoding: value))
        charset = named == .utf8 ? nil : named
      }
    } else if VCardBytes.equalsIgnoringCase(name, Self.altIDName) {
      altID = Self.caretDecoded(value)
    } else if VCardBytes.equalsIgnoringCase(name, Self.calscale) {
      otherCalendarScale =
        VCardBytes.equalsIgnoringCase(value, Self.gregorian)
        ? nil : VCardBytes.quoted(value, limit: 30)
    } else if VCardBytes.equalsIgnoringCase(name, Self.appleOmitYearName) {
      appleOmitYear = Int(ByteKernel.string(decoding: value))
    }
  }

  /// Where `line[range]` is without blanks and surrounding double quotes.
  private static func unquoted(_ line: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
    let trimmed = VCardBytes.trimmed(line, range)
    if trimmed.count >= 2, line[trimmed.lowerBound] == VCardBytes.quote,
      line[trimmed.upperBound - 1] == VCardBytes.quote
    {
      return (trimmed.lowerBound + 1)..<(trimmed.upperBound - 1)
    }
    return trimmed
  }

  /// ``caretDecoded(_:)-(Collection)`` of bytes in place.
  static func caretDecoded(_ value: Span<UInt8>) -> [UInt8] {
    var copy: [UInt8] = []
    ByteKernel.append(value, to: &copy)
    return caretDecoded(copy)
  }

  /// RFC 6868: `^n` is a line break, `^'` a double quote, `^^` a caret.
  static func caretDecoded<Bytes: Collection>(_ value: Bytes) -> [UInt8]
  where Bytes.Element == UInt8 {
    var result: [UInt8] = []
    result.reserveCapacity(value.count)
    var pendingCaret = false
    for byte in value {
      if pendingCaret {
        pendingCaret = false
        switch byte {
        case UInt8(ascii: "n"), UInt8(ascii: "N"): result.append(0x0A)
        case UInt8(ascii: "'"): result.append(VCardBytes.quote)
        case UInt8(ascii: "^"): result.append(byte)
        default: result.append(contentsOf: [UInt8(ascii: "^"), byte])
        }
      } else if byte == UInt8(ascii: "^") {
        pendingCaret = true
      } else {
        result.append(byte)
      }
    }
    if pendingCaret { result.append(UInt8(ascii: "^")) }
    return result
  }

  private static let utf8: StaticString = "utf-8"
  private static let quotedPrintable: StaticString = "quoted-printable"
  private static let encoding: StaticString = "encoding"
  private static let charsetName: StaticString = "charset"
  private static let altIDName: StaticString = "altid"
  private static let calscale: StaticString = "calscale"
  private static let gregorian: StaticString = "gregorian"
  private static let appleOmitYearName: StaticString = "x-apple-omit-year"
}
