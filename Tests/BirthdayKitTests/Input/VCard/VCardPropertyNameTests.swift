import TestSupport
import Testing

@testable import BirthdayKit

/// Property names classify ignoring ASCII case; short names compare as one word, so names that
/// differ only in length (a trailing NUL) or in one byte must still differ.
@Suite struct VCardPropertyNameTests {
  /// The name alone (byte by byte), and inside lines with enough bytes after it to load it as
  /// one word (behind a group, with parameters, with a value of any length): all must agree.
  private static func classify(_ bytes: [UInt8]) -> VCardPropertyName {
    let alone = VCardPropertyName(bytes.span)
    for (before, after) in [
      ([], Array(":x".utf8)), (Array("item1.".utf8), Array(";TYPE=HOME:value".utf8)),
      (Array("g.".utf8), Array(":12345678".utf8)), ([], Array(repeating: 0x41, count: 9)),
      ([], Array(repeating: 0xFF, count: 20)),
    ] {
      let line = before + bytes + after
      let inLine = VCardPropertyName(
        in: line.span, name: before.count..<before.count + bytes.count)
      #expect(inLine == alone, "\(line)")
    }
    return alone
  }

  @Test(arguments: [
    ("N", VCardPropertyName.name), ("fn", .formattedName), ("Bday", .birthday), ("uid", .uid),
    ("ORG", .organization), ("VERSION", .version), ("begin", .begin), ("END", .end),
    ("x-abdate", .appleDate), ("X-ABUID", .appleUID), ("X-ABLabel", .appleLabel),
    ("PHOTO", .binary), ("key", .binary), ("Agent", .agent), ("KIND", .kind),
    ("member", .member), ("ANNIVERSARY", .anniversary(.anniversary)),
    ("X-Anniversary", .anniversary(.xAnniversary)), ("DEATHDATE", .deathDate),
    ("categories", .categories), ("X-ANDROID-CUSTOM", .androidCustom),
    ("X-KADDRESSBOOK-X-ANNIVERSARY", .anniversary(.kde)),
    ("X-ADDRESSBOOKSERVER-MEMBER", .member), ("TEL", .telephone), ("EMAIL", .email),
    ("NOTE", .other),
    ("BDA", .other), ("BDAYS", .other), ("BDAZ", .other), ("XBDAY", .other), ("", .other),
    ("X-ABDATF", .other), ("X-ANDROID-CUSTOn", .other),
  ])
  func names(name: String, expected: VCardPropertyName) {
    #expect(Self.classify(Array(name.utf8)) == expected)
  }

  @Test func lengthCountsNotOnlyTheLetters() {
    // A NUL adds nothing to a word built by shifting: the length must still differ.
    #expect(Self.classify([0, 0x62, 0x64, 0x61, 0x79]) == .other)
    #expect(Self.classify([0x62, 0x64, 0x61, 0x79, 0]) == .other)
    #expect(Self.classify(Array("bday".utf8)) == .birthday)
    // Only A-Z fold: bytes 0x20 apart outside the letters are different names.
    #expect(Self.classify([0x02, 0x0E]) == .other)
    #expect(Self.classify(Array("F\u{E}".utf8)) == .other)
  }

  @Test func wordLowerCasingAgreesWithTheByteRule() {
    // Every byte value in every lane, next to every other kind of byte.
    for byte in 0...255 {
      for lane in 0..<8 {
        for filler: UInt8 in [0x00, 0x40, 0x41, 0x5A, 0x5B, 0x7F, 0x80, 0xC1, 0xDA, 0xFF] {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[lane] = UInt8(byte)
          let word = bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))
          }
          let expected = bytes.map(VCardBytes.lowercased).withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))
          }
          #expect(VCardBytes.lowercased(word: word) == expected, "\(bytes)")
        }
      }
    }
  }

  @Test(.tags(.slow), .slowTimeLimit) func everySpellingInEveryCaseAndOneByteOff() {
    // The reference: the spellings compared ignoring ASCII case, as the long names are.
    func reference(_ bytes: [UInt8]) -> VCardPropertyName {
      let lowered = bytes.map(VCardBytes.lowercased)
      return VCardPropertyName.spellings.first { Array($0.0.utf8) == lowered }?.1 ?? .other
    }
    var generator = SystemRandomNumberGenerator()
    for (spelling, property) in VCardPropertyName.spellings {
      let lower = Array(spelling.utf8)
      // Every mix of cases for short names, random ones for long names.
      let mixes =
        lower.count <= 8
        ? (0..<(1 << lower.count)).map { $0 }
        : (0..<64).map { _ in
          Int.random(in: 0..<Int.max, using: &generator)
        }
      for mix in mixes {
        let name = lower.enumerated().map { index, byte in
          mix >> (index % 62) & 1 == 1 && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
        }
        #expect(Self.classify(name) == property, "\(name)")
        // Each byte changed to a neighbour or to a byte of another case range, and one byte more
        // or less.
        for index in name.indices {
          for other: UInt8 in [name[index] &+ 1, name[index] &- 1, name[index] ^ 0x20, 0, 0xC3] {
            var changed = name
            changed[index] = other
            #expect(Self.classify(changed) == reference(changed), "\(changed)")
          }
        }
        #expect(Self.classify(name + [0x61]) == reference(name + [0x61]))
        #expect(Self.classify(Array(name.dropLast())) == reference(Array(name.dropLast())))
      }
    }
  }
}
