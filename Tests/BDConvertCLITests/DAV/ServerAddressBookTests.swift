import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// CardDAV address books as sources (`sync URL --to …`, `upcoming URL`) against real servers on
/// 127.0.0.1 (Radicale with htpasswd, Xandikos, sabre/dav): first sync, an edit on the server, a deletion,
/// a card with a bad BDAY named by its resource, and sources that fail as a whole.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerAddressBookTests {
  static let kinds = DAVTestServer.Kind.allCases

  @Test(arguments: kinds) func syncFromAnAddressBookFollowsEditsAndDeletions(
    _ kind: DAVTestServer.Kind
  ) throws {
    let dav = try DAVFixture(kind)
    let book = try dav.addressBook()
    let target = dav.folder.url.path + "/birthdays.ics"

    let first = try dav.syncAddressBook(to: target)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("sync: 3 added, 0 updated, 0 removed, 0 unchanged"))
    #expect(first.stderr.contains("REPORT 1"))  // one addressbook-multiget for three cards
    // The same events as converting the same cards from a file.
    let file = try dav.folder.write(
      "same.vcf", DAVFixture.people.map { DAVFixture.card($0, $1) }.joined())
    let fromFile = try runBDConvert(
      ["sync", file, "--to", dav.folder.url.path + "/from-file.ics", "-v"],
      environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    #expect(fromFile.stdout == first.stdout)

    try DAVFixture.put(book, "ann.vcf", DAVFixture.card("Ann", "1985-04-13"))
    let edited = try dav.syncAddressBook(to: target)
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(edited.stderr.contains("sync: 0 added, 1 updated, 0 removed, 2 unchanged"))
    #expect(edited.stdout.hasPrefix("~ "))
    #expect(
      try String(contentsOfFile: target, encoding: .utf8).contains("DTSTART;VALUE=DATE:19850413"))

    let cy = try #require(try book.members().first { $0.url.lastPathComponent == "cy.vcf" })
    #expect(try book.delete(cy) != .conflict)
    let deleted = try dav.syncAddressBook(to: target)
    #expect(deleted.status == 0, "\(deleted.stderr)")
    #expect(deleted.stderr.contains("sync: 0 added, 0 updated, 1 removed, 2 unchanged"))
    #expect(!(try String(contentsOfFile: target, encoding: .utf8)).contains("Cy"))
  }

  @Test(arguments: kinds) func aBadBirthdayIsNamedByItsResourceAndLine(
    _ kind: DAVTestServer.Kind
  ) throws {
    let dav = try DAVFixture(kind)
    let book = try dav.addressBook([("Ann", "1985-04-12"), ("Bad", "1985-13-45")])
    let result = try dav.syncAddressBook(to: dav.folder.url.path + "/b.ics")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 1 added"))
    // The line within the resource as the server gives it back (servers may reorder lines).
    let stored = try #require(
      try book.fetch(try book.members()).first { $0.url.lastPathComponent == "bad.vcf" })
    let lines = String(decoding: stored.data!, as: UTF8.self).split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let line = try #require(lines.firstIndex { $0.hasPrefix("BDAY") }) + 1
    let path = URL(string: dav.addressBookURL)!.path + "/bad.vcf"
    #expect(
      result.stderr.contains("\(path):\(line):6: warning: invalid BDAY value '1985-13-45'"),
      "\(result.stderr)")
    // upcoming reads the same address book, with the same diagnostics.
    let upcoming = try runBDConvert(
      ["upcoming", dav.addressBookURL, "--today", "2026-04-01", "--days", "30"]
        + dav.server.userArguments, environment: dav.server.environment)
    #expect(upcoming.status == 0, "\(upcoming.stderr)")
    #expect(upcoming.stdout == "2026-04-12\tSun\tin 11 days\tAnn\t41\tbirthday\n")
    #expect(upcoming.stderr.contains("\(path):\(line):6: warning:"))
  }

  @Test func aSourceThatFailsAsAWholeChangesNothing() throws {
    let dav = try DAVFixture(.radicale)
    _ = try dav.addressBook()
    let target = dav.folder.url.path + "/birthdays.ics"
    #expect(try dav.syncAddressBook(to: target).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: target))

    // A wrong password: 77, the password never shown, nothing removed.
    let refused = try runBDConvert(
      ["sync", dav.addressBookURL, "--to", target, "--user", DAVTestServer.user],
      environment: ["BDCONVERT_PASSWORD": "wrong-password"])
    #expect(refused.status == 77, "\(refused.stderr)")
    #expect(refused.stderr.contains("BDCONVERT_PASSWORD"))
    #expect(!refused.stderr.contains("wrong-password"))
    #expect(refused.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)

    // The server down: 69, nothing removed.
    dav.server.stop()
    let down = try runBDConvert(
      ["sync", dav.addressBookURL, "--to", target, "--user", DAVTestServer.user],
      environment: ["BDCONVERT_PASSWORD": DAVTestServer.password])
    #expect(down.status == 69, "\(down.stderr)")
    #expect(down.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
  }

  @Test(arguments: kinds) func anAddressBookSyncsIntoACalendarOnTheSameServer(
    _ kind: DAVTestServer.Kind
  ) throws {
    let dav = try DAVFixture(kind)
    let server = dav.server
    _ = try dav.addressBook(Array(DAVFixture.people.prefix(2)))
    let extra = server.makesCollections ? ["--create"] : []
    let first = try dav.syncAddressBook(to: server.calendar, extra)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("sync: 2 added"))
    #expect(first.stderr.contains("PUT 2"))
    let again = try dav.syncAddressBook(to: server.calendar, extra)
    #expect(again.stderr.contains("sync: 0 added, 0 updated, 0 removed, 2 unchanged"))
    #expect(!again.stderr.contains("PUT"))
    // From the server root: the address book is found through the principal's home set.
    let fromRoot = try runBDConvert(
      ["upcoming", server.root, "--today", "2026-04-01"] + server.userArguments,
      environment: server.environment)
    #expect(fromRoot.status == 0, "\(fromRoot.stderr)")
    #expect(fromRoot.stdout.contains("\tAnn\t41\tbirthday"))
    // A calendar URL given to upcoming is read as a calendar.
    let fromCalendar = try runBDConvert(
      ["upcoming", server.calendar, "--today", "2026-04-01"] + server.userArguments,
      environment: server.environment)
    #expect(fromCalendar.status == 0, "\(fromCalendar.stderr)")
    #expect(fromCalendar.stdout.contains("\tBirthday: Ann\t41\tbirthday"))
  }

  @Test func groupCardsInTheAddressBookChooseContacts() throws {
    // iCloud keeps groups as cards (X-ADDRESSBOOKSERVER-KIND:group) in the address book.
    let dav = try DAVFixture(.xandikos)
    let book = try dav.addressBook([("Ann", "1985-04-12"), ("Bob", "1990-04-02")])
    try DAVFixture.put(
      book, "family.vcf",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:family-group\r\nFN:Family\r\nN:Family;;;;\r\n"
        + "X-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:card-Bob\r\n"
        + "END:VCARD\r\n")
    let upcoming = try runBDConvert([
      "upcoming", dav.addressBookURL, "--today", "2026-04-01", "--days", "30", "--group",
      "Family",
    ])
    #expect(upcoming.status == 0, "\(upcoming.stderr)")
    #expect(upcoming.stdout == "2026-04-02\tThu\ttomorrow\tBob\t36\tbirthday\n")
    let synced = try dav.syncAddressBook(
      to: dav.folder.url.path + "/family.ics", ["--group", "Family"])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("sync: 1 added"))
    #expect(synced.stdout.contains("Birthday: Bob"))
  }
}
