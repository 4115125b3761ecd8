import Foundation
import Testing

@testable import BirthdayKit

/// Stable vendor ids when a card has no `UID` (issue 12, item 14).
@Suite struct VCardVendorIdentityTests {
  /// Shaped like an Apple Contacts (macOS Address Book) vCard 3.0 export, which has `X-ABUID`
  /// and no `UID`.
  static func appleCard(name: String, id: String, birthday: String = "1985-04-12") -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Apple Inc.//Mac OS X 10.15.7//EN\r\nN:\(name);;;;\r\nFN:\(name)\r\n"
      + "BDAY;value=date:\(birthday)\r\nX-ABUID:\(id)\\:ABPerson\r\nEND:VCARD\r\n"
  }

  @Test func appleIdKeepsTheUIDWhenTheNameIsCorrected() throws {
    let before = try readVCard(Self.appleCard(name: "Jane Doe", id: "5B0E84F3-1A2B-4C3D"))
    let after = try readVCard(Self.appleCard(name: "Jane Roe", id: "5B0E84F3-1A2B-4C3D"))
    #expect(before.contacts.first?.sourceIdentifier == "5B0E84F3-1A2B-4C3D:ABPerson")
    let uid = { (result: VCardReadResult) in
      EventIdentity.uid(
        kind: .birthday, sourceIdentifier: result.contacts[0].sourceIdentifier,
        name: result.contacts[0].name!, date: result.contacts[0].birthday!)
    }
    #expect(uid(before) == uid(after))
  }

  @Test func uidWinsOverTheAppleId() throws {
    let card = card(version: "3.0", "X-ABUID:apple-id\nUID:the-uid\nBDAY:1985-04-12")
    #expect(try readVCard(card).contacts.first?.sourceIdentifier == "the-uid")
  }

  @Test func contactsWithDifferentIdsAreNeverMergedAsDuplicates() throws {
    let book =
      Self.appleCard(name: "Jane Doe", id: "id-one")
      + Self.appleCard(name: "Jane Doe", id: "id-two")
    let result = try ParallelConversionTests.convert(Array(book.utf8), threads: nil, segmentSize: 0)
    let text = String(decoding: result.output, as: UTF8.self)
    #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
    #expect(result.summary.contains("duplicatesMerged: 0"))
  }
}
