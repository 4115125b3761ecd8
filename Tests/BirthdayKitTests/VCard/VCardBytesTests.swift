import Testing

@testable import BirthdayKit

/// The word-at-a-time comparison ignoring case must agree with lower-casing byte by byte.
@Suite struct VCardBytesTests {
  @Test func wordComparisonAgreesWithTheByteRule() {
    // Keywords of every length around a word, and bytes one off each letter, 0x20 apart
    // outside the letters, and high bytes with the same low bits.
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aAzZ:;-@[`{ \t".utf8) + [0x00, 0xC1, 0xDA, 0xE1, 0xFA, 0xFF]
    var mismatches: [String] = []
    for _ in 0..<20000 {
      let count = Int.random(in: 0...20, using: &generator)
      let keyword = (0..<count).map { _ in
        VCardBytes.lowercased(alphabet.randomElement(using: &generator)!)
      }
      var bytes = keyword.map { byte in
        Bool.random(using: &generator) && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
      }
      if !bytes.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = alphabet.randomElement(
          using: &generator)!
      }
      if Int.random(in: 0..<10, using: &generator) == 0 { bytes.append(0x61) }
      let expected = bytes.map(VCardBytes.lowercased) == keyword
      let found = bytes.withUnsafeBufferPointer { VCardBytes.equalsIgnoringCase($0, keyword) }
      if found != expected { mismatches.append("\(bytes) \(keyword)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func cardLinesInAnyCase() {
    for line in ["BEGIN:VCARD", "begin:vcard", "Begin:VCard", "  BEGIN:VCARD\t"] {
      #expect(
        Array(line.utf8).withUnsafeBufferPointer { VCardBytes.isLine($0, VCardBytes.beginVCard) })
    }
    for line in ["BEGIN:VCARE", "BEGIN:VCARDS", "BEGIN;VCARD", "BEGIN:VCAR", "BEGIN:VC\u{C1}RD"] {
      #expect(
        !Array(line.utf8).withUnsafeBufferPointer { VCardBytes.isLine($0, VCardBytes.beginVCard) })
    }
  }
}
