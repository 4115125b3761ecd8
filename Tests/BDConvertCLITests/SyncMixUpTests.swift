import Foundation
import TestSupport
import Testing

/// A calendar file given where sync wants an address book, and an address book where it wants a
/// calendar (issue 30, item 6), through the binary: a clear error naming what the path is and
/// what was expected, and nothing created or changed.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncMixUpTests {
  static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nBDAY:1970-03-04\r\nEND:VCARD\r\n"

  @Test func aCalendarFileAsTheSourceIsRefused() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("c.vcf", Self.card)
    let calendar = folder.url.path + "/b.ics"
    #expect(try runBDConvert(["convert", contacts, "-o", calendar]).status == 0)
    // The two swapped: the calendar as the source, the address book as the target.
    let result = try runBDConvert(["sync", calendar, "--to", contacts])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "'\(calendar)' is a calendar (iCalendar), but a SOURCE of sync is an address book"))
    #expect(result.stderr.contains("goes after --to"))
    #expect(folder.read("c.vcf") == Array(Self.card.utf8))
  }

  @Test(arguments: ["new.vcf", "new.csv", "c.vcf", "book", "book/"])
  func anAddressBookAsTheTargetIsRefused(_ name: String) throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("c.vcf", Self.card)
    let book = folder.url.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    try Data(Self.card.utf8).write(to: book.appendingPathComponent("ann.vcf"))
    let before = folder.listing()
    let target = folder.url.path + "/" + name
    let result = try runBDConvert(["sync", contacts, "--to", target])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("'\(target)' is "))
    #expect(result.stderr.contains("but the TARGET of sync (--to) is a calendar"))
    #expect(
      result.stderr.contains(name.hasPrefix("book") ? "a folder of vCards" : "an address book"))
    // Nothing made: no folder named new.vcf, no lock file, the cards as they were.
    #expect(folder.listing() == before)
    #expect(
      (try FileManager.default.contentsOfDirectory(atPath: book.path)) == ["ann.vcf"])
    #expect(folder.read("c.vcf") == Array(Self.card.utf8))
  }
}
