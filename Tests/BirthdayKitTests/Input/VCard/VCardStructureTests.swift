import Foundation
import Testing

@testable import BirthdayKit

@Suite struct VCardStructureTests {
  @Test func cardsComeInInputOrderWithTheirBeginLine() throws {
    let text = """
      BEGIN:VCARD
      VERSION:3.0
      FN:First
      END:VCARD

      BEGIN:VCARD
      VERSION:4.0
      FN:Second
      END:VCARD
      begin:vcard
      fn:Third
      end:vcard

      """
    let result = try readVCard(text, fileName: "book.vcf")
    #expect(result.contacts.map { $0.name?.formatted } == ["First", "Second", "Third"])
    #expect(
      result.contacts.map(\.location.description) == ["book.vcf:1", "book.vcf:6", "book.vcf:10"])
  }

  @Test(arguments: [
    // vCard 2.1 §2.1.4.1: AGENT value on the following lines.
    "AGENT:\nBEGIN:VCARD\nVERSION:2.1\nFN:Assistant\nBDAY:19700101\nEND:VCARD",
    // The same with BEGIN:VCARD on the AGENT line.
    "AGENT:BEGIN:VCARD\nFN:Assistant\nBDAY:19700101\nEND:VCARD",
    // Two levels deep.
    "AGENT:\nBEGIN:VCARD\nAGENT:\nBEGIN:VCARD\nFN:Deep\nEND:VCARD\nFN:Assistant\nEND:VCARD",
    // RFC 2426 §2.4.2: 3.0 AGENT is one escaped text value.
    #"AGENT:BEGIN:VCARD\nFN:Assistant\nBDAY:19700101\nEND:VCARD"#,
  ])
  func nestedAgentCardDoesNotEndOrOverwriteTheOuterCard(agent: String) throws {
    let text =
      "BEGIN:VCARD\nVERSION:2.1\nFN:Boss\n\(agent)\nBDAY:19600505\nEND:VCARD\n"
      + "BEGIN:VCARD\nFN:Next\nEND:VCARD\n"
    let result = try readVCard(text)
    #expect(result.contacts.map { $0.name?.formatted } == ["Boss", "Next"])
    #expect(result.birthday == "1960-05-05")
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: [
    // 3.0 folded base64.
    "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ\n AAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQE\n BQUG==",
    // 2.1 base64 block ending with a blank line (Outlook, Android).
    "PHOTO;ENCODING=BASE64;TYPE=JPEG:\n /9j/4AAQSkZJRgABAQ\n AAAQABAAD/2wBDAAMC\n\n",
    // 2.1 base64 lines without indentation.
    "KEY;X509;ENCODING=BASE64:\nMIICajCCAdOgAwIBAgICBEUwDQYJKoZIhvcNAQEE\nBQAwdzELMAkGA1UEBhMCVVMx\n",
    // 4.0 data URI.
    "LOGO:data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk",
    // A photo whose base64 happens to contain BEGIN and END-like text.
    "SOUND;ENCODING=b:\n BEGINVCARD\n ENDVCARD",
  ])
  func binaryValuesAreSkipped(photo: String) throws {
    let text =
      card(version: "3.0", "\(photo)\nBDAY:1985-04-12") + card(version: "3.0", "BDAY:1990-01-01")
    let result = try readVCard(text)
    #expect(result.contacts.map { $0.birthday?.description } == ["1985-04-12", "1990-01-01"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func largePhotoDoesNotStopTheNextCard() throws {
    let base64Line = String(repeating: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo", count: 2)
    let photo =
      "PHOTO;ENCODING=b;TYPE=JPEG:" + String(repeating: "\r\n " + base64Line, count: 50_000)
    let text = card(version: "3.0", photo) + card(version: "3.0", "BDAY:1985-04-12")
    let result = try readVCard(text)
    #expect(result.contacts.count == 2)
    #expect(result.contacts.last?.birthday?.description == "1985-04-12")
  }

  @Test func overlongNameIsCappedAndReported() throws {
    let name = String(repeating: "a", count: 100_000)
    let result = try readVCard(
      card(version: "3.0", "BDAY:19850412").replacingOccurrences(of: "FN:Test", with: "FN:" + name))
    #expect(result.contacts.first?.name?.formatted.utf8.count == VCardCard.textLimit)
    #expect(result.birthday == "1985-04-12")
    #expect(
      result.rendered == [
        "test.vcf:3:4: warning: FN value longer than \(VCardCard.textLimit) bytes, the rest ignored"
      ])
  }

  @Test func softBreaksContinuePastTheCapOfAKeptValue() throws {
    let longLine = String(repeating: "=41", count: 30) + "="
    let lines =
      "FN;ENCODING=QUOTED-PRINTABLE:" + String(repeating: longLine + "\n", count: 1_000)
      + "BDAY:19990101=\nend\nBDAY:19850412"
    let result = try readVCard("BEGIN:VCARD\nVERSION:2.1\n\(lines)\nEND:VCARD\n")
    #expect(result.birthday == "1985-04-12")
    #expect(
      result.contacts.first?.name?.formatted
        == String(repeating: "A", count: VCardCard.textLimit / 3))
    #expect(
      result.rendered == [
        "test.vcf:3:30: warning: FN value longer than \(VCardCard.textLimit) bytes, the rest ignored"
      ])
  }

  @Test func manyContinuationLinesOfAKeptValueStayBounded() throws {
    let folded = "NOTE:x" + String(repeating: "\n y", count: 200_000)
    let dateFolded = "BDAY:1985" + String(repeating: "\n ", count: 200_000) + "\n -04-12"
    let result = try readVCard(card(version: "4.0", folded + "\n" + dateFolded))
    #expect(result.birthday == nil)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.message.hasPrefix("invalid BDAY value '1985") == true)
  }

  @Test(arguments: [
    ("hello world\nno card here\n", 1, "hello world"),  // plain text
    ("\n\n  \nBEGIN:VCALENDAR\n", 4, "BEGIN:VCALENDAR"),  // an iCalendar file
    ("Name,Birthday\nJane,1985-04-12\n", 1, "Name,Birthday"),  // a CSV file
    // 40 characters
    (String(repeating: "x", count: 100) + "\n", 1, String(repeating: "x", count: 40) + "…"),
  ])
  func notAVCardFileThrows(text: String, line: Int, found: String) throws {
    let error = #expect(throws: InputFormatError.self) { try readVCard(text, fileName: "in.vcf") }
    #expect(error?.message == "not a vCard file: expected BEGIN:VCARD, found '\(found)'")
    #expect(error?.location == SourceLocation(file: "in.vcf", line: line))
  }

  @Test func emptyFileHasNoContacts() throws {
    let result = try readVCard("\n\n")
    #expect(result.contacts.isEmpty)
    #expect(result.diagnostics.isEmpty)
  }

  @Test func strayLinesBetweenCardsAreReportedOncePerRun() throws {
    let text =
      card(version: "3.0", "BDAY:19850412") + "garbage one\ngarbage two\n\n"
      + card(version: "3.0", "BDAY:19900101") + "END:VCARD\n"
    let result = try readVCard(text)
    #expect(result.contacts.count == 2)
    #expect(
      result.rendered == [
        "test.vcf:6: warning: text outside BEGIN:VCARD/END:VCARD skipped: 'garbage one'",
        "test.vcf:14: warning: text outside BEGIN:VCARD/END:VCARD skipped: 'END:VCARD'",
      ])
  }

  @Test func cardCutOffByTheEndOfTheFileIsKept() throws {
    let text =
      card(version: "3.0", "BDAY:19850412")
      + "BEGIN:VCARD\nVERSION:3.0\nFN:Cut\nBDAY:1990-01-02\nTEL:+1"
    let result = try readVCard(text)
    #expect(result.contacts.map { $0.name?.formatted } == ["Test", "Cut"])
    #expect(result.contacts.last?.birthday?.description == "1990-01-02")
    #expect(
      result.rendered == [
        "test.vcf:10: warning: missing END:VCARD for the card that begins on line 6; keeping what was read"
      ])
    #expect(result.diagnostics.first?.isConversionFailure == true)
  }

  @Test func beginWithoutEndStartsANewCard() throws {
    let text =
      "BEGIN:VCARD\nVERSION:3.0\nFN:First\nBDAY:1985-02-30\n"
      + card(version: "3.0", "BDAY:19900101")
    let result = try readVCard(text)
    #expect(result.contacts.map { $0.name?.formatted } == ["First", "Test"])
    #expect(result.contacts.map(\.location.line) == [1, 5])
    #expect(result.contacts.last?.birthday?.description == "1990-01-01")
    #expect(
      result.rendered == [
        "test.vcf:4:6: warning: invalid BDAY value '1985-02-30': February 1985 has 28 days",
        "test.vcf:5: warning: missing END:VCARD for the card that begins on line 1; a new card begins here",
      ])
  }

  @Test func bytesReadCountsTheWholeInput() throws {
    let text = card(version: "3.0", "BDAY:19850412")
    var reader = VCardReader(
      source: MemoryByteSource(text), fileName: "t.vcf", diagnostics: { _ in })
    var count = 0
    try reader.forEachContact { _ in count += 1 }
    #expect(count == 1)
    #expect(reader.bytesRead == text.utf8.count)
    try reader.forEachContact { _ in count += 1 }
    #expect(count == 1)
  }
}
