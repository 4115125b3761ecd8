/// Byte-level helpers shared by the vCard reader: ASCII case folding, trimming, comparisons.
enum VCardBytes {
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let comma = UInt8(ascii: ",")
  static let period = UInt8(ascii: ".")
  static let equals = UInt8(ascii: "=")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")

  /// ASCII lower case of `byte`; other bytes unchanged.
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }

  /// True when `bytes` equal `lowercase` ignoring ASCII case; `lowercase` must be lower case.
  static func equalsIgnoringCase<Bytes: Collection>(_ bytes: Bytes, _ lowercase: [UInt8]) -> Bool
  where Bytes.Element == UInt8 {
    guard bytes.count == lowercase.count else { return false }
    var index = 0
    for byte in bytes {
      if lowercased(byte) != lowercase[index] { return false }
      index += 1
    }
    return true
  }

  /// True when `bytes` equal `lowercase` ignoring ASCII case; `lowercase` must be lower case.
  ///
  /// The form for bytes in place (long property names, parameter names and values): eight bytes
  /// a step, lower-cased at once (``lowercased(word:)``), then byte by byte.
  @inline(__always)
  static func equalsIgnoringCase(_ bytes: Span<UInt8>, _ lowercase: [UInt8]) -> Bool {
    bytes.count == lowercase.count
      && ShortBytesKernel.equalsIgnoringASCIICase(bytes, lowercase.span)
  }

  /// True when `bytes` equal the ASCII `lowercase` ignoring case; `lowercase` must be lower case.
  ///
  /// The keyword form, for the fixed names the reader tests on many lines (parameter
  /// names and values): length first, and no array to load.
  @inline(__always)
  static func equalsIgnoringCase(_ bytes: Span<UInt8>, _ lowercase: StaticString) -> Bool {
    ShortBytesKernel.equalsIgnoringASCIICase(bytes, lowercase)
  }

  /// `word` with the ASCII capitals of each of its eight bytes lower-cased at once: a byte below
  /// 0x80 from `A` to `Z` gets 0x20 added (``lowercased(_:)`` for each byte).
  @inline(__always)
  static func lowercased(word: UInt64) -> UInt64 {
    ShortBytesKernel.lowercasedASCII(word: word)
  }

  /// The bounds of `bytes[range]` without leading and trailing spaces and tabs.
  @inline(__always)
  static func trimmed(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, isBlank(bytes[start]) { start &+= 1 }
    while end > start, isBlank(bytes[end &- 1]) { end &-= 1 }
    return start..<end
  }

  /// The bounds of `bytes` without leading and trailing spaces and tabs.
  @inline(__always)
  static func trimmed(_ bytes: Span<UInt8>) -> Range<Int> {
    trimmed(bytes, 0..<bytes.count)
  }

  /// `bytes` without leading and trailing spaces and tabs.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, isBlank(bytes[start]) { start += 1 }
    while end > start, isBlank(bytes[end - 1]) { end -= 1 }
    return bytes[start..<end]
  }

  /// True when `bytes` end with `byte`.
  @inline(__always)
  static func endsWith(_ bytes: Span<UInt8>, _ byte: UInt8) -> Bool {
    !bytes.isEmpty && bytes[bytes.count &- 1] == byte
  }

  /// True when `line` is empty or only spaces and tabs.
  static func isBlankLine(_ line: Span<UInt8>) -> Bool {
    trimmed(line).isEmpty
  }

  /// True when `line`, trimmed, is `BEGIN:VCARD` ignoring case (the first line of each card).
  @inline(__always)
  static func isBeginVCardLine(_ line: Span<UInt8>) -> Bool {
    // "begin:vc" and "in:vcard" (see keywordWords(_:), checked by the tests).
    equalsIgnoringCase(line, trimmed(line), 0x6376_3a6e_6967_6562, 0x6472_6163_763a_6e69, count: 11)
  }

  /// True when `line`, trimmed, is `END:VCARD` ignoring case.
  @inline(__always)
  static func isEndVCardLine(_ line: Span<UInt8>) -> Bool {
    // "end:vcar" and "nd:vcard".
    equalsIgnoringCase(line, trimmed(line), 0x7261_6376_3a64_6e65, 0x6472_6163_763a_646e, count: 9)
  }

  /// True when `bytes[range]` equal, ignoring ASCII case, a lower-case keyword of `count` bytes
  /// (8 to 16) given as the little-endian words of its first and of its last eight bytes
  /// (``keywordWords(_:)``): two overlapping loads and compares instead of a byte loop through
  /// an array.
  @inline(__always)
  static func equalsIgnoringCase(
    _ bytes: Span<UInt8>, _ range: Range<Int>, _ first: UInt64, _ last: UInt64, count: Int
  ) -> Bool {
    range.count == count
      && ShortBytesKernel.equalsIgnoringASCIICase(bytes, range, first: first, last: last)
  }

  /// The two words ``equalsIgnoringCase(_:_:_:_:count:)`` takes for a lower-case keyword of 8
  /// to 16 bytes.
  static func keywordWords(_ keyword: [UInt8]) -> (first: UInt64, last: UInt64) {
    func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
      bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
    }
    return (word(keyword.prefix(8)), word(keyword.suffix(8)))
  }

  /// True when every byte is in the base64 alphabet or blank: a line of an unindented 2.1
  /// `PHOTO`/`KEY` block.
  static func isBase64Line(_ line: Span<UInt8>) -> Bool {
    for index in line.indices {
      switch line[index] {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), equals,
        space, tab:
        continue
      default:
        return false
      }
    }
    return true
  }

  /// Text for a message quoting input: decoded leniently, on one line, at most `limit` characters.
  static func quoted(_ bytes: Span<UInt8>, limit: Int = 60) -> String {
    var copy: [UInt8] = []
    ByteKernel.append(bytes, to: &copy)
    return quoted(copy, limit: limit)
  }

  /// Text for a message quoting input: decoded leniently, on one line, at most `limit` characters.
  static func quoted<Bytes: Collection>(_ bytes: Bytes, limit: Int = 60) -> String
  where Bytes.Element == UInt8 {
    let text = TextSanitizer.singleLine(TextDecoding.decodeUTF8OrWindows1252(bytes).text)
    guard text.count > limit else { return text }
    return String(text.prefix(limit)) + "…"
  }

  static let beginVCard = Array("begin:vcard".utf8)
  static let endVCard = Array("end:vcard".utf8)
  static let vcard = Array("vcard".utf8)
}
