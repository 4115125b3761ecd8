import Testing

@testable import BirthdayKit

/// The byte checks that decide whether a kept value needs decoding, against their definitions:
/// every byte ASCII and not ESC; `String(validating:as:)`.
@Suite struct VCardTextValidationTests {
  @Test func plainASCIIIsEveryByteBelow0x80AndNotESC() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x00, 0x1A, 0x1B, 0x1C, 0x41, 0x7F, 0x80, 0x9B, 0xC3, 0xFF]
    for _ in 0..<3_000 {
      let count = Int.random(in: 0...40, using: &generator)
      var bytes = (0..<count).map { _ in UInt8(ascii: "a") }
      // Mostly ASCII letters, with at most two odd bytes anywhere, so that words pass and fail.
      for _ in 0..<Int.random(in: 0...2, using: &generator) where count > 0 {
        bytes[Int.random(in: 0..<count, using: &generator)] = alphabet.randomElement()!
      }
      let start = Int.random(in: 0...min(3, count), using: &generator)
      let slice = bytes[start...]
      #expect(VCardText.isPlainASCII(slice) == slice.allSatisfy { $0 < 0x80 && $0 != 0x1B })
    }
  }

  @Test func validUTF8IsWhatStringValidatingAccepts() {
    // Every sequence of up to two bytes, then random ones built from lead and continuation bytes.
    for first in 0...255 {
      for second in 0...255 {
        let bytes = [UInt8(first), UInt8(second)]
        #expect(
          bytes[...].withUnsafeBytes(isValidUTF8)
            == (String(validating: bytes, as: UTF8.self) != nil))
        #expect(
          bytes[1...].withUnsafeBytes(isValidUTF8)
            == (String(validating: bytes[1...], as: UTF8.self) != nil))
      }
    }
    var generator = SystemRandomNumberGenerator()
    let interesting: [UInt8] = [
      0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
      0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<50_000 {
      let bytes = (0..<Int.random(in: 1...7, using: &generator)).map { _ in
        interesting.randomElement(using: &generator)!
      }
      #expect(
        bytes[...].withUnsafeBytes(isValidUTF8)
          == (String(validating: bytes, as: UTF8.self) != nil),
        "\(bytes)")
    }
  }
}
