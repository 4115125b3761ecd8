import Testing

@testable import BirthdayKit

/// Text before the first card (issue 12, item 1) and folds inside property names (item 2).
@Suite struct VCardPreambleAndFoldTests {
  static let card =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nBDAY:1990-03-03\r\nEND:VCARD\r\n"

  @Test(arguments: [
    ("ENCODING:UTF-8\r\n", "ENCODING:UTF-8"),  // Tine 2.0's export starts so
    ("Exported by Example Address Book 2.3\r\n\r\n", "Exported by Example Address Book 2.3"),
    (
      "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head></html>\n",
      "<!DOCTYPE html>"
    ),
    ("\u{FEFF}X-EXPORT-INFO:contacts\r\n", "X-EXPORT-INFO:contacts"),  // a BOM, then an X- line
  ])
  func textBeforeTheFirstCardIsSkippedWithANotice(preamble: String, found: String) throws {
    let result = try readVCard(preamble + Self.card + Self.card)
    #expect(result.contacts.count == 2)
    #expect(result.birthday == "1990-03-03")
    #expect(
      result.rendered == [
        "test.vcf:1: warning: text before the first BEGIN:VCARD skipped: '\(found)'"
      ])
    #expect(result.diagnostics.first?.isConversionFailure == false)
  }

  @Test func noCardWithinTheFirst64KiBIsNotAVCardFile() {
    let text = String(repeating: "just some text\n", count: 5000) + Self.card
    let error = #expect(throws: InputFormatError.self) { try readVCard(text, fileName: "in.vcf") }
    #expect(error?.message == "not a vCard file: expected BEGIN:VCARD, found 'just some text'")
    #expect(error?.location == SourceLocation(file: "in.vcf", line: 1))
  }

  @Test(arguments: [
    "B\r\n DAY:1990-03-03",  // RFC 6350 §3.2: folded between any two octets
    "BD\r\n AY;VALUE=date:1990-03-03",
    "BDAY;VALUE=da\r\n te:1990-03-03",  // inside a parameter
    "B\r\n D\r\n AY:1990-03-03",  // folded twice
    "item1.B\r\n DAY:1990-03-03",  // with a group
  ])
  func foldInsideAPropertyNameIsUnfolded(lines: String) throws {
    let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nF\r\n N:Jane Doe\r\n\(lines)\r\nEND:VCARD\r\n"
    let result = try readVCard(text)
    #expect(result.name == "Jane Doe")
    #expect(result.birthday == "1990-03-03")
    #expect(result.rendered.isEmpty)
  }

  @Test func aLineWithoutColonThatIsNotContinuedIsStillIgnored() throws {
    let result = try readVCard(
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane\r\nstray\r\nBDAY:1990-03-03\r\nEND:VCARD\r\n")
    #expect(result.birthday == "1990-03-03")
    #expect(result.rendered.isEmpty)
  }
}
