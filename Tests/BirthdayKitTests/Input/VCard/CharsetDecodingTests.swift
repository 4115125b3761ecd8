import Testing

@testable import BirthdayKit

/// Declared charsets beyond UTF-8, ISO-8859-1 and Windows-1252 (issue 12, item 7). The bytes are
/// what iconv (glibc) writes for each name and text.
@Suite struct CharsetDecodingTests {
  static let samples: [(name: String, hex: String, text: String)] = [
    ("SHIFT_JIS", "8e52936391be9859", "山田太郎"),  // Android's Japanese exports
    ("Shift_JIS", "8e52936391be9859", "山田太郎"),
    ("EUC-JP", "bbb3c5c4c2c0cfba", "山田太郎"),
    ("EUC-JP", "bbb3c5c4208ed48ecf8ec08ede", "山田 ﾔﾏﾀﾞ"),  // half-width katakana
    ("ISO-2022-JP", "1b24423b33454442404f3a1b2842", "山田太郎"),
    ("GB2312", "d5c5ceb0", "张伟"),
    ("GBK", "d5c5ceb0", "张伟"),
    ("GB18030", "d5c5ceb0", "张伟"),
    ("Big5", "b3afa46aa4e5", "陳大文"),
    ("Big5-HKSCS", "b3afa46aa4e5", "陳大文"),
    ("EUC-KR", "b1e8c3b6bcf6", "김철수"),
    ("KOI8-R", "e9d7c1ce", "Иван"),
    ("KOI8-U", "b6d7c1ce", "Іван"),
    ("ISO-8859-2", "a3f364bc", "Łódź"),
    ("ISO-8859-5", "b8d2d0dd", "Иван"),
    ("ISO-8859-7", "c3e9fef1e3eff2", "Γιώργος"),
    ("ISO-8859-8", "f9ece5ed", "שלום"),
    ("ISO-8859-9", "defc6b72fc", "Şükrü"),
    ("ISO-8859-13", "c0", "Ą"),
    ("ISO-8859-15", "a475726f", "€uro"),
    ("ISO-8859-16", "aa", "Ș"),
    ("windows-1250", "a3f3649f", "Łódź"),
    ("windows-1251", "c8e2e0ed", "Иван"),
    ("windows-1253", "c3e9fef1e3eff2", "Γιώργος"),
    ("windows-1256", "e3cde3cf", "محمد"),
    ("TIS-620", "cac1aad2c2", "สมชาย"),
    ("IBM866", "88a2a0ad", "Иван"),
  ]

  static func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map {
      UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
  }

  /// A vCard 2.1 card as Android writes it: the name quoted-printable in the declared charset.
  static func androidCard(charset: String, nameBytes: [UInt8]) -> [UInt8] {
    let encoded = nameBytes.map { "=" + String($0, radix: 16, uppercase: true) }
      .map { $0.count == 2 ? "=0" + $0.dropFirst() : $0 }.joined()
    return Array(
      "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:\(encoded)\r\nBDAY:1980-01-02\r\nEND:VCARD\r\n"
        .utf8)
  }

  @Test(arguments: samples.indices)
  func declaredCharsetIsDecoded(index: Int) throws {
    let sample = Self.samples[index]
    let result = try readVCard(
      Self.androidCard(charset: sample.name, nameBytes: Self.bytes(hex: sample.hex)))
    #expect(result.name == sample.text, "\(sample.name)")
    #expect(result.rendered.isEmpty, "\(sample.name)")
  }

  @Test func androidShiftJISFamilyAndGivenName() throws {
    // N;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:山田;太郎;;; as Android's vCard composer writes it.
    let card =
      "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:=8E=52=93=63;=91=BE=98=59;;;\r\nBDAY:1980-01-02\r\nEND:VCARD\r\n"
    let result = try readVCard(card)
    #expect(result.contacts.first?.name?.family == "山田")
    #expect(result.contacts.first?.name?.given == "太郎")
    #expect(result.rendered.isEmpty)
  }

  @Test func aCharsetThatCannotBeDecodedIsNamed() throws {
    let result = try readVCard(
      Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=X-UNHEARD-OF:Zo".utf8) + [0xEB]
        + Array("\r\nBDAY:1980-01-02\r\nEND:VCARD\r\n".utf8))
    #expect(result.name == "Zoë")
    #expect(
      result.rendered == [
        "test.vcf:3:25: warning: FN value in CHARSET=X-UNHEARD-OF cannot be decoded (an unknown charset, or bytes not valid in it), read as Windows-1252"
      ])
  }

  /// CATEGORIES, KIND and MEMBER are decoded after the name and dates; their notices were once
  /// collected after the card's notices had been reported, and never printed.
  @Test func groupPropertiesReportTheirCharsetFallbacks() throws {
    let result = try readVCard(
      Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Team\r\nKIND:group\r\nCATEGORIES:Caf".utf8)
        + [0xE9] + Array("\r\nMEMBER:urn:uuid:".utf8) + [0xFF]
        + Array(
          "\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Zoe\r\nBDAY:19800102\r\nEND:VCARD\r\n"
            .utf8))
    #expect(result.contacts.first?.groups == ["Café"])
    #expect(result.rendered.count == 2)
    #expect(result.rendered.first?.hasPrefix("test.vcf:5:") == true)
    #expect(result.rendered.first?.contains("CATEGORIES") == true)
    #expect(result.rendered.last?.hasPrefix("test.vcf:6:") == true)
    #expect(result.rendered.last?.contains("MEMBER") == true)
  }

  @Test func eucJPWithJISX0212IsNotGuessed() {
    #expect(TextDecoding.decodeEUCJP([0x8F, 0xB0, 0xA1]) == nil)
    #expect(TextDecoding.decodeEUCJP([0xBB]) == nil)
  }
}
