/// TEXT value rules of each vCard version: splitting compound values and removing escapes.
///
/// Works on UTF-8 bytes after charset decoding; every escape is ASCII, so no multi-byte
/// character is ever split.
enum VCardText {
  /// Splits `bytes` at each `separator` not escaped by a backslash (escapes are kept for
  /// ``unescaped(_:version:)``). In 2.1 only `\;` escapes.
  static func components(
    _ bytes: ArraySlice<UInt8>, separator: UInt8, version: VCardVersion
  ) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    // One allocation instead of growing 1, 2, 4, 8 (`N` has five components).
    var separators = 0
    for byte in bytes where byte == separator { separators += 1 }
    result.reserveCapacity(separators + 1)
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == VCardBytes.backslash, index + 1 < bytes.endIndex,
        version != .v21 || bytes[index + 1] == VCardBytes.semicolon
      {
        index += 2
        continue
      }
      if byte == separator {
        result.append(bytes[start..<index])
        start = index + 1
      }
      index += 1
    }
    result.append(bytes[start..<bytes.endIndex])
    return result
  }

  /// Removes escapes: 3.0/4.0 `\,` `\;` `\\` `\n` `\N` (and, leniently, any `\x` as `x`, for
  /// Apple's `\:`); 2.1 only `\;`.
  static func unescaped(_ bytes: ArraySlice<UInt8>, version: VCardVersion) -> ArraySlice<UInt8> {
    // Most values have no escape: the same bytes, not a copy.
    guard bytes.contains(VCardBytes.backslash) else { return bytes }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == VCardBytes.backslash, index + 1 < bytes.endIndex else {
        result.append(byte)
        index += 1
        continue
      }
      let next = bytes[index + 1]
      if version == .v21 {
        if next == VCardBytes.semicolon {
          result.append(next)
          index += 2
        } else {
          result.append(byte)
          index += 1
        }
        continue
      }
      result.append(next == UInt8(ascii: "n") || next == UInt8(ascii: "N") ? 0x0A : next)
      index += 2
    }
    return result[...]
  }

  /// The values of one compound component (`N` given names `Anne,Marie`), unescaped and joined
  /// with spaces; 2.1 commas are literal.
  static func joinedValues(
    _ component: ArraySlice<UInt8>, version: VCardVersion
  ) -> ArraySlice<UInt8> {
    guard version != .v21, component.contains(VCardBytes.comma) else {
      return unescaped(component, version: version)
    }
    var result: [UInt8] = []
    for value in components(component, separator: VCardBytes.comma, version: version) {
      let text = unescaped(value, version: version)
      guard hasVisibleText(text) else { continue }
      if !result.isEmpty { result.append(VCardBytes.space) }
      result.append(contentsOf: text)
    }
    return result[...]
  }

  /// True when `bytes` hold more than spaces and control characters.
  static func hasVisibleText<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    bytes.contains { $0 > 0x20 && $0 != 0x7F }
  }

  /// True when `bytes[range]` hold more than spaces and control characters.
  static func hasVisibleText(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
    for index in range where bytes[index] > 0x20 && bytes[index] != 0x7F { return true }
    return false
  }

  /// `bytes` (valid UTF-8) as a string, or `nil` when they hold no visible text.
  static func nonBlankString<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    hasVisibleText(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
  }

  /// The bounds of `bytes` without leading and trailing spaces, tabs and line feeds: for ASCII
  /// without CR, where each byte is one Character, the same as trimming the string's blank
  /// Characters.
  @inline(__always)
  static func trimmedBlanks(_ bytes: Span<UInt8>) -> Range<Int> {
    let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
    var start = 0
    var end = bytes.count
    while start < end, isBlank(bytes[start]) { start &+= 1 }
    while end > start, isBlank(bytes[end &- 1]) { end &-= 1 }
    return start..<end
  }

  /// `bytes`, valid UTF-8, as a string (``ShortBytesKernel/string(_:)``: short ones, most
  /// names, are copied into the string's inline storage). The string's own check repairs what
  /// is not valid.
  @inline(__always)
  static func string(_ bytes: Span<UInt8>) -> String {
    ShortBytesKernel.string(bytes)
  }

  /// The bounds of `bytes` without leading and trailing spaces, tabs and line feeds (empty when
  /// nothing is left) when they are ASCII without ESC, backslash and CR; nil otherwise:
  /// ``isPlainASCII(_:)-(Span<UInt8>)``, ``containsBackslashOrCR(_:)`` and
  /// ``trimmedBlanks(_:)`` together, with one scan.
  static func trimmedPlainASCII(_ bytes: Span<UInt8>) -> Range<Int>? {
    if ByteKernel.contains(NonASCIIBytes().or(AnyOfBytes(0x1B, 0x5C, 0x0D)), in: bytes) {
      return nil
    }
    return trimmedBlanks(bytes)
  }

  /// True when `bytes` hold a backslash or a CR.
  static func containsBackslashOrCR(_ bytes: Span<UInt8>) -> Bool {
    ByteKernel.contains(AnyOfBytes(0x5C, 0x0D, 0x0D), in: bytes)
  }

  /// True when `bytes` are ASCII without ESC (text that reads the same in every charset but the
  /// 7-bit ISO-2022 ones, which shift with ESC).
  static func isPlainASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
    isPlainASCII(bytes.span)
  }

  /// ``isPlainASCII(_:)-(ArraySlice<UInt8>)`` on bytes in place.
  static func isPlainASCII(_ bytes: Span<UInt8>) -> Bool {
    !ByteKernel.contains(NonASCIIBytes().or(OneByte(0x1B)), in: bytes)
  }
}
