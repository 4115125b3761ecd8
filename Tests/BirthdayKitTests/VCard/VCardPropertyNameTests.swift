import Testing

@testable import BirthdayKit

/// Property names classify ignoring ASCII case; short names compare as one word, so names that
/// differ only in length (a trailing NUL) or in one byte must still differ.
@Suite struct VCardPropertyNameTests {
  private static func classify(_ bytes: [UInt8]) -> VCardPropertyName {
    bytes.withUnsafeBufferPointer { VCardPropertyName($0) }
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
    ("X-ADDRESSBOOKSERVER-MEMBER", .member), ("TEL", .other), ("NOTE", .other),
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
}
