import Testing

@testable import BirthdayKit

/// ``TextSanitizer/singleLine(_:)`` looks at clean ASCII eight bytes at a time: random texts of
/// every length over the characters that matter give what the definition gives.
@Suite struct TextSanitizerTests {
  /// The definition, scalar by scalar (the type's documentation).
  static func referenceSingleLine(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: continue
      case 0x00...0x20, 0x7F...0xA0, 0x2028, 0x2029, 0x1680, 0x2000...0x200A, 0x202F, 0x205F,
        0x3000:
        pendingSpace = !result.isEmpty
        continue
      default: break
      }
      if pendingSpace {
        result.append(" ")
        pendingSpace = false
      }
      result.append(scalar)
    }
    return String(result)
  }

  @Test func randomTextsMatchTheDefinition() {
    let alphabet: [String] = [
      "a", "Z", "~", "!", " ", " ", " ", "\t", "\n", "\r", "\u{7F}", "\u{1F}", "é", "Ω", "\u{85}",
      "\u{A0}", "\u{2028}", "\u{202E}", "\u{3000}", "🎂",
    ]
    var generator = SeededGenerator(state: 16)
    for length in 0...40 {
      for _ in 0..<300 {
        let text = (0..<length).map { _ in
          // Mostly letters, so that long clean runs occur.
          let pick = Int(generator.next() % 64)
          return pick < alphabet.count ? alphabet[pick] : "x"
        }.joined()
        #expect(
          TextSanitizer.singleLine(text) == Self.referenceSingleLine(text), "\(Array(text.utf8))")
      }
    }
  }

  /// Two spaces in a row at every position, across the eight-byte words.
  @Test func doubleSpacesAnywhereCollapse() {
    for length in 2...24 {
      for position in 1..<(length - 1) {
        var bytes = [UInt8](repeating: UInt8(ascii: "k"), count: length)
        bytes[position - 1] = 0x20
        bytes[position] = 0x20
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(TextSanitizer.singleLine(text) == Self.referenceSingleLine(text), "\(text)")
      }
    }
  }
}
