import Testing

@testable import BirthdayKit

/// RFC 5545 §3.3.11 TEXT escaping.
@Suite struct TextEscapingTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("Doe, Jane", "Doe\\, Jane"),  // comma
    ("a;b", "a\\;b"),  // semicolon
    ("back\\slash", "back\\\\slash"),  // backslash first, so it is not doubled twice
    ("line\nbreak", "line\\nbreak"),  // LF
    ("line\r\nbreak", "line\\nbreak"),  // CRLF is one break
    ("line\rbreak", "line\\nbreak"),  // lone CR
    ("http://x", "http://x"),  // colon is not escaped
    ("tab\there", "tab\there"),  // TAB is allowed in TEXT
    ("bell\u{07}nul\u{00}del\u{7F}", "bellnuldel"),  // other controls dropped
    ("Zoë 🎂", "Zoë 🎂"),
  ])
  func escapes(raw: String, escaped: String) {
    #expect(TextEscaping.escaped(raw) == escaped)
  }

  @Test(arguments: ["Doe, Jane; Jr.", "a\\b\\n", "multi\nline", "ünïcödé, ok"])
  func roundTrips(text: String) {
    #expect(TextEscaping.unescaped(TextEscaping.escaped(text)) == text)
  }

  /// The escape rule byte by byte, as RFC 5545 §3.3.11 and the type's documentation state it.
  static func referenceEscaped(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var previousWasCR = false
    for byte in bytes {
      defer { previousWasCR = byte == 0x0D }
      switch byte {
      case 0x5C, 0x3B, 0x2C: output += [0x5C, byte]
      case 0x0A: if !previousWasCR { output += [0x5C, 0x6E] }
      case 0x0D: output += [0x5C, 0x6E]
      case 0x09: output.append(byte)
      case 0x00..<0x20, 0x7F: continue
      default: output.append(byte)
      }
    }
    return output
  }

  /// The eight-bytes-at-a-time fast path must notice a special byte at any offset of a word,
  /// and must not mistake neighbours of special bytes (or UTF-8 bytes) for them.
  @Test func everySpecialByteAtEveryOffsetIsEscaped() {
    let specials: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x2C, 0x3B, 0x5C, 0x7F]
    let neighbours: [UInt8] = [0x20, 0x2B, 0x2D, 0x3A, 0x3C, 0x5B, 0x5D, 0x7E, 0x80, 0xC3, 0xA9]
    for special in specials {
      for offset in 0..<20 {
        var bytes = (0..<20).map { neighbours[$0 % neighbours.count] }
        bytes[offset] = special
        var output: [UInt8] = []
        TextEscaping.appendEscaped(bytes: bytes, to: &output)
        #expect(output == Self.referenceEscaped(bytes), "byte \(special) at \(offset)")
      }
    }
  }
}
