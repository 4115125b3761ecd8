/// RFC 5545 §3.3.11 TEXT escaping: the one escape/unescape pair of iCalendar.
///
/// Backslash, semicolon and comma are escaped; a line break becomes `\n`; colons are left alone
/// (the RFC does not escape them). Together with ``TextSanitizer`` this guarantees that no value
/// can end its property early or start a new property or component.
package enum TextEscaping {
  /// Appends the escaped UTF-8 of `text` to `output`. CR, LF and CRLF each become `\n`; any other
  /// C0 control character and DEL are dropped (they are never valid in a TEXT value).
  package static func appendEscaped(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendEscaped(bytes: $0, to: &output) }
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output`.
  package static func appendEscaped(bytes: [UInt8], to output: inout [UInt8]) {
    bytes.withUnsafeBufferPointer { appendEscaped(bytes: $0, to: &output) }
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output`.
  package static func appendEscaped(bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let escaped = OutputBuffer(capacity: bytes.count + 16)
    appendEscaped(bytes, to: escaped)
    output.append(contentsOf: escaped.bytes)
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output` (the writer's path).
  static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: OutputBuffer) {
    // Most values need no escaping and are copied in one go.
    let index = firstIndexNeedingEscape(in: bytes) ?? bytes.count
    output.append(UnsafeBufferPointer(rebasing: bytes[..<index]))
    guard index < bytes.count else { return }
    var previousWasCR = false
    for byte in UnsafeBufferPointer(rebasing: bytes[index...]) {
      defer { previousWasCR = byte == 0x0D }
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
        output.append(UInt8(ascii: "\\"))
        output.append(byte)
      case 0x0A:
        if !previousWasCR { output.append("\\n") }
      case 0x0D:
        output.append("\\n")
      case 0x09:
        output.append(byte)
      case 0x00..<0x20, 0x7F:
        continue
      default:
        output.append(byte)
      }
    }
  }

  /// The position of the first byte of `bytes` that escaping may change (TAB is kept, but looked
  /// at), or `nil` when it leaves them all as they are: a C0 control, `,`, `;`, `\` or DEL.
  static func firstIndexNeedingEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    ByteKernel.firstIndex(
      of: ControlBytes().or(AnyOfBytes(0x2C, 0x3B, 0x5C)).or(OneByte(0x7F)), in: bytes, from: 0,
      to: bytes.count)
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output`.
  package static func appendEscaped(bytes: Span<UInt8>, to output: inout [UInt8]) {
    bytes.withUnsafeBufferPointer { appendEscaped(bytes: $0, to: &output) }
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output` (the writer's path).
  static func appendEscaped(_ bytes: Span<UInt8>, to output: OutputBuffer) {
    bytes.withUnsafeBufferPointer { appendEscaped($0, to: output) }
  }

  /// The position of the first byte of `bytes` that escaping may change, or `nil`.
  static func firstIndexNeedingEscape(in bytes: Span<UInt8>) -> Int? {
    ByteKernel.firstIndex(
      of: ControlBytes().or(AnyOfBytes(0x2C, 0x3B, 0x5C)).or(OneByte(0x7F)), in: bytes, from: 0,
      to: bytes.count)
  }

  /// Appends ``unescaped(bytes:)-(Bytes)`` of `value` to `result`: a value without a backslash
  /// is appended in one go.
  package static func appendUnescaped(bytes value: Span<UInt8>, to result: inout [UInt8]) {
    value.withUnsafeBufferPointer { appendUnescaped(bytes: $0, to: &result) }
  }

  /// ``unescaped(bytes:)-(Bytes)`` of a span.
  package static func unescaped(bytes value: Span<UInt8>) -> [UInt8] {
    value.withUnsafeBufferPointer { unescaped(bytes: $0) }
  }

  /// The escaped form of `text` as a string (for tests and documentation).
  package static func escaped(_ text: String) -> String {
    var output: [UInt8] = []
    appendEscaped(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Reverses ``escaped(_:)``: `\\` `\;` `\,` `\n` `\N`; an unknown escape keeps its character.
  package static func unescaped(_ text: String) -> String {
    String(decoding: unescaped(bytes: Array(text.utf8)[...]), as: UTF8.self)
  }

  /// Appends ``unescaped(bytes:)`` of `value` to `result` (a buffer reused from value to value):
  /// a value without a backslash is appended in one go.
  package static func appendUnescaped(
    bytes value: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]
  ) {
    if value.contains(UInt8(ascii: "\\")) {
      result.append(contentsOf: unescaped(bytes: value))
    } else {
      result.append(contentsOf: value)
    }
  }

  /// The one TEXT unescape, on UTF-8 bytes (every escape is ASCII, so no character is split); a
  /// backslash at the end stays.
  package static func unescaped<Bytes: Collection<UInt8>>(bytes value: Bytes) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(value.count)
    var escaped = false
    for byte in value {
      if escaped {
        escaped = false
        result.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else {
        result.append(byte)
      }
    }
    if escaped { result.append(UInt8(ascii: "\\")) }
    return result
  }
}
