import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// A calendar URL where an address book belongs and the other way round (issue 30, item 6), and
/// `delete --dry-run` on a calendar URL (item 9), against real servers on 127.0.0.1.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerMixUpTests {
  static let kinds = DAVTestServer.Kind.allCases

  @Test(arguments: kinds) func theWrongKindOfCollectionIsNamedBeforeAnyChange(
    _ kind: DAVTestServer.Kind
  ) throws {
    let dav = try DAVFixture(kind)
    let book = try dav.addressBook()
    let synced = try dav.sync(try dav.contacts())  // the calendar, with three events
    #expect(synced.status == 0, "\(synced.stderr)")
    let events = try dav.calendar.members().count
    let cards = try book.members().count

    // The calendar as a source: said so, nothing read from another collection, no target made.
    let target = dav.folder.url.path + "/b.ics"
    let source = try runBDConvert(
      ["sync", dav.server.calendar, "--to", target] + dav.server.userArguments,
      environment: dav.server.environment)
    #expect(source.status == 66, "\(source.stderr)")
    #expect(
      source.stderr.contains(
        "\(dav.server.calendar): a calendar (CalDAV), where an address book (CardDAV) was expected")
    )
    #expect(!FileManager.default.fileExists(atPath: target))

    // The address book as the target: said so, and neither it nor the calendar changed.
    let into = try dav.sync(try dav.contacts([("Dee", "1970-05-06")]), to: dav.addressBookURL)
    #expect(into.status == 66, "\(into.stderr)")
    #expect(
      into.stderr.contains(
        "\(dav.addressBookURL): an address book (CardDAV), where a calendar (CalDAV) was expected"))
    #expect(try book.members().count == cards)
    #expect(try dav.calendar.members().count == events)

    // delete --dry-run names what would go and sends no DELETE.
    let uid = try #require(
      try runBDConvert(
        ["list", dav.server.calendar] + dav.server.userArguments,
        environment: dav.server.environment
      ).stdout.split(separator: "\n").first?.split(separator: "\t")[2])
    let preview = try runBDConvert(
      ["delete", "--uid", String(uid), dav.server.calendar, "--dry-run", "-v"]
        + dav.server.userArguments, environment: dav.server.environment)
    #expect(preview.status == 0, "\(preview.stderr)")
    #expect(preview.stdout.hasPrefix("- Birthday: ") && preview.stdout.hasSuffix("  [\(uid)]\n"))
    #expect(preview.stderr.contains("would remove 1 event; nothing was changed"))
    #expect(!preview.stderr.contains("DELETE"))
    #expect(try dav.calendar.members().count == events)
  }
}
