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
    text.makeContiguousUTF8()
    appendEscaped(bytes: text.utf8.span, to: &output)
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output`.
  package static func appendEscaped(bytes: [UInt8], to output: inout [UInt8]) {
    appendEscaped(bytes: bytes.span, to: &output)
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output`.
  package static func appendEscaped(bytes: Span<UInt8>, to output: inout [UInt8]) {
    let escaped = OutputBuffer(capacity: bytes.count + 16)
    appendEscaped(bytes, to: escaped)
    escaped.withSpan { ByteKernel.append($0, to: &output) }
  }

  /// Appends the escaped form of UTF-8 `bytes` to `output` (the writer's path).
  static func appendEscaped(_ bytes: Span<UInt8>, to output: OutputBuffer) {
    // Most values need no escaping and are copied in one go.
    let first = firstIndexNeedingEscape(in: bytes) ?? bytes.count
    output.append(bytes.extracting(..<first))
    guard first < bytes.count else { return }
    var previousWasCR = false
    for index in first..<bytes.count {
      let byte = bytes[index]
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
  static func firstIndexNeedingEscape(in bytes: Span<UInt8>) -> Int? {
    ByteKernel.firstIndex(
      of: ControlBytes().or(AnyOfBytes(0x2C, 0x3B, 0x5C)).or(OneByte(0x7F)), in: bytes, from: 0,
      to: bytes.count)
  }

  /// Appends ``unescaped(bytes:)-(Span<UInt8>)`` of `value` to `result` (a buffer reused from
  /// value to value): a value without a backslash is appended in one go.
  package static func appendUnescaped(bytes value: Span<UInt8>, to result: inout [UInt8]) {
    if ByteKernel.firstIndex(of: UInt8(ascii: "\\"), in: value, from: 0, to: value.count) != nil {
      appendUnescaping(value, to: &result)
    } else {
      ByteKernel.append(value, to: &result)
    }
  }

  /// The one TEXT unescape, on UTF-8 bytes (every escape is ASCII, so no character is split); a
  /// backslash at the end stays.
  package static func unescaped(bytes value: Span<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(value.count)
    appendUnescaping(value, to: &result)
    return result
  }

  /// The unescape of ``unescaped(bytes:)-(Span<UInt8>)``, appended to `result`.
  private static func appendUnescaping(_ value: Span<UInt8>, to result: inout [UInt8]) {
    var escaped = false
    for index in 0..<value.count {
      let byte = value[index]
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
  }

  /// The escaped form of `text` as a string (for tests and documentation).
  package static func escaped(_ text: String) -> String {
    var output: [UInt8] = []
    appendEscaped(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Reverses ``escaped(_:)``: `\\` `\;` `\,` `\n` `\N`; an unknown escape keeps its character.
  package static func unescaped(_ text: String) -> String {
    String(decoding: unescaped(bytes: Array(text.utf8)), as: UTF8.self)
  }

  /// ``unescaped(bytes:)-(Span<UInt8>)`` of an array.
  package static func unescaped(bytes value: [UInt8]) -> [UInt8] {
    unescaped(bytes: value.span)
  }

  /// ``unescaped(bytes:)-(Span<UInt8>)`` of an array slice.
  package static func unescaped(bytes value: ArraySlice<UInt8>) -> [UInt8] {
    unescaped(bytes: value.span)
  }
}
