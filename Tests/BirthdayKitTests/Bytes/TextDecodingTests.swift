import TestSupport
import Testing

@testable import BirthdayKit

/// ``TextDecoding/decodeUTF8OrWindows1252(_:)`` decodes once and tells UTF-8 from other bytes by
/// whether the decoded text is the same bytes: checked against validating decoding.
@Suite struct TextDecodingTests {
  /// The definition: UTF-8 when the bytes validate, else Windows-1252.
  static func reference(_ bytes: [UInt8]) -> (text: String, usedFallback: Bool) {
    if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
    return (
      String(String.UnicodeScalarView(bytes.map(TextDecoding.windows1252Scalar))), true
    )
  }

  static func check(_ bytes: [UInt8]) {
    let decoded = bytes.withUnsafeBufferPointer { TextDecoding.decodeUTF8OrWindows1252($0) }
    let expected = reference(bytes)
    #expect(
      decoded.text == expected.text && decoded.usedFallback == expected.usedFallback,
      "\(bytes)")
  }

  @Test(.tags(.slow), .slowTimeLimit) func everyOneAndTwoByteInputMatchesTheDefinition() {
    Self.check([])
    for first in UInt8.min...UInt8.max {
      Self.check([first])
      for second in UInt8.min...UInt8.max { Self.check([first, second]) }
    }
  }

  /// Three- and four-byte leads with every kind of follower, inside and after ASCII runs of the
  /// lengths around the eight-byte comparison. A truncated four-byte sequence before a letter
  /// (`F0 90 80 41`) is repaired into as many bytes as it had: only the bytes tell.
  @Test(.tags(.slow), .slowTimeLimit) func longerSequencesMatchTheDefinition() {
    let followers: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    for lead: UInt8 in [0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5] {
      for second in followers {
        for third in followers {
          for fourth in followers {
            for prefix in [0, 1, 7, 8, 9, 15, 16] {
              let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: prefix)
              Self.check(ascii + [lead, second, third, fourth])
            }
          }
        }
      }
    }
    Self.check([0xF0, 0x90, 0x80, 0x41])
    Self.check(Array("Zoë Ωmega 🎂 ünïcödé".utf8))
    Self.check(Array("Zoë Ωmega 🎂 ünïcödé".utf8) + [0xE9])
  }
}
