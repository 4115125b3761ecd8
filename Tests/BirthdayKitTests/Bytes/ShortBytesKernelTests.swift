import Testing

@testable import BirthdayKit

/// The short-bytes kernel's word loads and compares against their byte-by-byte rules, at every
/// offset near the end of the span (where a whole word is not there to load).
@Suite struct ShortBytesKernelTests {
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  @Test func wordsAreTheBytesLittleEndianWithZeroAbove() {
    let bytes: [UInt8] = Array(0x81...0x94)
    for offset in 0...bytes.count {
      for count in 0...min(8, bytes.count - offset) {
        let expected = bytes[offset..<offset + count].enumerated().reduce(UInt64(0)) {
          $0 | UInt64($1.element) << UInt64($1.offset * 8)
        }
        let word = ShortBytesKernel.word(in: bytes.span, at: offset, count: count)
        #expect(word == expected, "offset \(offset) count \(count)")
      }
    }
  }

  @Test func caseInsensitiveCompareAgreesWithTheByteRule() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aAzZ@[`{ -".utf8) + [0x00, 0xC1, 0xE1, 0xFF]
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let keyword = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
        Self.lowercased(alphabet.randomElement(using: &generator)!)
      }
      var bytes = keyword.map { byte in
        Bool.random(using: &generator) && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
      }
      if !bytes.isEmpty, Bool.random(using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = alphabet.randomElement(
          using: &generator)!
      }
      let expected = bytes.map(Self.lowercased) == keyword
      if ShortBytesKernel.equalsIgnoringASCIICase(bytes.span, keyword.span) != expected {
        mismatches.append("\(bytes) \(keyword)")
      }
      // The two-word form, for keywords of 8 to 16 bytes, anywhere in a longer line.
      if keyword.count >= 8 && keyword.count <= 16 {
        let words = VCardBytes.keywordWords(keyword)
        let line = [0x20] + bytes + [0x3A]
        let found = ShortBytesKernel.equalsIgnoringASCIICase(
          line.span, 1..<(1 + bytes.count), first: words.first, last: words.last)
        if found != expected { mismatches.append("two words: \(bytes) \(keyword)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func stringsAreTheDecodedBytes() {
    let pieces: [[UInt8]] = [
      Array("Ann".utf8), Array(" ".utf8), Array("Zoë".utf8), [0xFF], [0xC3], [0xE2, 0x82],
      Array("0123456789".utf8),
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let bytes = (0..<Int.random(in: 0...5, using: &generator)).flatMap { _ in
        pieces.randomElement(using: &generator)!
      }
      let string = ShortBytesKernel.string(bytes.span)
      #expect(string == String(decoding: bytes, as: UTF8.self), "\(bytes)")
    }
  }
}
