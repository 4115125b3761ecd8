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
      let found = VCardBytes.equalsIgnoringCase(bytes.span, keyword)
      if found != expected { mismatches.append("\(bytes) \(keyword)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func cardLinesInAnyCase() {
    for line in ["BEGIN:VCARD", "begin:vcard", "Begin:VCard", "  BEGIN:VCARD\t"] {
      let isBegin = VCardBytes.isBeginVCardLine(Array(line.utf8).span)
      #expect(isBegin, "\(line)")
    }
    for line in ["BEGIN:VCARE", "BEGIN:VCARDS", "BEGIN;VCARD", "BEGIN:VCAR", "BEGIN:VC\u{C1}RD"] {
      let isBegin = VCardBytes.isBeginVCardLine(Array(line.utf8).span)
      #expect(!isBegin, "\(line)")
    }
    let ends = (
      VCardBytes.isEndVCardLine(Array(" end:VCard ".utf8).span),
      VCardBytes.isEndVCardLine(Array("END:VCARD:".utf8).span)
    )
    #expect(ends.0 && !ends.1)
  }

  @Test func cardLineWordsSpellTheKeywords() {
    #expect(
      VCardBytes.keywordWords(VCardBytes.beginVCard)
        == (0x6376_3a6e_6967_6562, 0x6472_6163_763a_6e69))
    #expect(
      VCardBytes.keywordWords(VCardBytes.endVCard) == (0x7261_6376_3a64_6e65, 0x6472_6163_763a_646e)
    )
  }

  @Test func cardLineChecksEqualTheByteComparison() {
    // Each keyword with every byte changed to a near value (other case, ±1, ±0x20, high bit,
    // blank, '@', '['), with blanks around, cut or extended, and random lines of its letters.
    var lines: [[UInt8]] = [[], [0x20], [0x09, 0x20]]
    for keyword in [VCardBytes.beginVCard, VCardBytes.endVCard] {
      let upper = keyword.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
      for base in [keyword, upper] {
        for index in base.indices {
          for change: UInt8 in [0x20, 0x01, 0xFF, 0x80, 0xE0] {
            var line = base
            line[index] = line[index] &+ change
            lines.append(line)
          }
          for value: UInt8 in [0x20, 0x09, 0x40, 0x5B, 0x60, 0x7B, 0x00] {
            var line = base
            line[index] = value
            lines.append(line)
          }
          lines.append(Array(base[..<index]))
          lines.append(Array(base[..<index]) + Array(base[(index + 1)...]))
        }
        lines += [base, [0x20] + base, base + [0x09], [0x20, 0x09] + base + [0x20], base + [0x61]]
      }
    }
    var generator = SystemRandomNumberGenerator()
    let letters = Array("BEGINDVCARbeginvcard: \t".utf8)
    for _ in 0..<20_000 {
      lines.append(
        (0..<Int.random(in: 7...13, using: &generator)).map { _ in
          letters.randomElement(using: &generator)!
        })
    }
    for line in lines {
      // The reference: trimmed and compared byte by byte.
      let trimmed = VCardBytes.trimmed(line[...])
      let found = (
        begin: VCardBytes.isBeginVCardLine(line.span), end: VCardBytes.isEndVCardLine(line.span),
        trimmed: VCardBytes.trimmed(line.span)
      )
      #expect(
        found.begin == VCardBytes.equalsIgnoringCase(trimmed, VCardBytes.beginVCard), "\(line)")
      #expect(found.end == VCardBytes.equalsIgnoringCase(trimmed, VCardBytes.endVCard), "\(line)")
      #expect(found.trimmed == trimmed.indices, "\(line)")
    }
  }
}
