import BirthdayDAV
import Foundation
import Testing

/// CardDAV address books as sources (`sync URL --to …`, `upcoming URL`) against real servers on
/// 127.0.0.1 (Radicale with htpasswd, Xandikos): first sync, an edit on the server, a deletion,
/// a card with a bad BDAY named by its resource, and sources that fail as a whole.
@Suite(.serialized) struct ServerAddressBookTests {
  static let kinds = DAVTestServer.Kind.allCases

  /// One vCard.
  static func card(_ name: String, _ birthday: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nN:\(name);;;;\r\nUID:card-\(name)\r\n"
      + "BDAY:\(birthday)\r\nEND:VCARD\r\n"
  }

  /// The address-book URL (Xandikos makes `/user/contacts/addressbook/` with `--defaults`,
  /// sabre/dav `contacts` in its set-up).
  static func addressBook(_ server: DAVTestServer) -> String {
    switch server.kind {
    case .radicale: server.root + "\(DAVTestServer.user)/contacts/"
    case .xandikos: server.root + "user/contacts/addressbook/"
    case .sabre: server.root + "addressbooks/\(DAVTestServer.user)/contacts/"
    }
  }

  /// The address book with the test's credentials, made first on Radicale (extended MKCOL).
  static func makeAddressBook(_ server: DAVTestServer) throws -> DAVCollection {
    let client = DAVClient(credentials: server.credentials)
    let url = URL(string: addressBook(server))!
    if server.kind == .radicale {
      let body =
        #"<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:a="urn:ietf:params:xml:ns:carddav">"#
        + "<d:set><d:prop><d:resourcetype><d:collection/><a:addressbook/></d:resourcetype>"
        + "<d:displayname>Contacts</d:displayname></d:prop></d:set></d:mkcol>"
      let made = try client.send(
        "MKCOL", url, headers: ["Content-Type": "application/xml"], body: Data(body.utf8))
      // 405: made by an earlier attempt that timed out on a loaded machine (MKCOL is retried).
      #expect(made.status == 201 || made.status == 405)
    }
    return DAVCollection(client: client, url: url, kind: .addressBook)
  }

  static func put(_ book: DAVCollection, _ name: String, _ text: String) throws {
    let url = URL(string: name, relativeTo: book.url)!.absoluteURL
    let etag = try book.members().first { $0.url.path == url.path }?.etag
    let outcome = try book.put(Data(text.utf8), at: url, replacing: etag)
    #expect(outcome != .conflict)
  }

  static func sync(_ server: DAVTestServer, to target: String, _ extra: [String] = [])
    throws -> CommandResult
  {
    try runBDConvert(
      ["sync", addressBook(server), "--to", target, "-v"] + server.userArguments + extra,
      environment: server.environment.merging(["SOURCE_DATE_EPOCH": "1767225600"]) { $1 })
  }

  @Test(arguments: kinds) func syncFromAnAddressBookFollowsEditsAndDeletions(
    _ kind: DAVTestServer.Kind
  ) throws {
    guard DAVTestServer.available(kind) else { return }
    let server = try DAVTestServer(kind)
    let book = try Self.makeAddressBook(server)
    try Self.put(book, "ann.vcf", Self.card("Ann", "1985-04-12"))
    try Self.put(book, "bob.vcf", Self.card("Bob", "1990-01-02"))
    try Self.put(book, "cy.vcf", Self.card("Cy", "2001-07-30"))
    let folder = try TemporaryDirectory()
    let target = folder.url.path + "/birthdays.ics"

    let first = try Self.sync(server, to: target)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("sync: 3 added, 0 updated, 0 removed, 0 unchanged"))
    #expect(first.stderr.contains("REPORT 1"))  // one addressbook-multiget for three cards
    // The same events as converting the same cards from a file.
    let file = try folder.write(
      "same.vcf",
      Self.card("Ann", "1985-04-12") + Self.card("Bob", "1990-01-02")
        + Self.card("Cy", "2001-07-30"))
    let fromFile = try runBDConvert(
      ["sync", file, "--to", folder.url.path + "/from-file.ics"],
      environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    #expect(fromFile.stdout == first.stdout)

    try Self.put(book, "ann.vcf", Self.card("Ann", "1985-04-13"))
    let edited = try Self.sync(server, to: target)
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(edited.stderr.contains("sync: 0 added, 1 updated, 0 removed, 2 unchanged"))
    #expect(edited.stdout.hasPrefix("~ "))
    #expect(
      try String(contentsOfFile: target, encoding: .utf8).contains("DTSTART;VALUE=DATE:19850413"))

    let cy = try #require(try book.members().first { $0.url.lastPathComponent == "cy.vcf" })
    #expect(try book.delete(cy) != .conflict)
    let deleted = try Self.sync(server, to: target)
    #expect(deleted.status == 0, "\(deleted.stderr)")
    #expect(deleted.stderr.contains("sync: 0 added, 0 updated, 1 removed, 2 unchanged"))
    #expect(!(try String(contentsOfFile: target, encoding: .utf8)).contains("Cy"))
  }

  @Test(arguments: kinds) func aBadBirthdayIsNamedByItsResourceAndLine(
    _ kind: DAVTestServer.Kind
  ) throws {
    guard DAVTestServer.available(kind) else { return }
    let server = try DAVTestServer(kind)
    let book = try Self.makeAddressBook(server)
    try Self.put(book, "ann.vcf", Self.card("Ann", "1985-04-12"))
    try Self.put(book, "bad.vcf", Self.card("Bad", "1985-13-45"))
    let folder = try TemporaryDirectory()
    let result = try Self.sync(server, to: folder.url.path + "/b.ics")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 1 added"))
    // The line within the resource as the server gives it back (servers may reorder lines).
    let stored = try #require(
      try book.fetch(try book.members()).first { $0.url.lastPathComponent == "bad.vcf" })
    let lines = String(decoding: stored.data!, as: UTF8.self).split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let line = try #require(lines.firstIndex { $0.hasPrefix("BDAY") }) + 1
    let path = URL(string: Self.addressBook(server))!.path + "/bad.vcf"
    #expect(
      result.stderr.contains("\(path):\(line):6: warning: invalid BDAY value '1985-13-45'"),
      "\(result.stderr)")
    // upcoming reads the same address book, with the same diagnostics.
    let upcoming = try runBDConvert(
      ["upcoming", Self.addressBook(server), "--today", "2026-04-01", "--days", "30"]
        + server.userArguments, environment: server.environment)
    #expect(upcoming.status == 0, "\(upcoming.stderr)")
    #expect(upcoming.stdout == "2026-04-12\tSun\tin 11 days\tAnn\t41\tbirthday\n")
    #expect(upcoming.stderr.contains("\(path):\(line):6: warning:"))
  }

  @Test func aSourceThatFailsAsAWholeChangesNothing() throws {
    guard DAVTestServer.available(.radicale) else { return }
    var server: DAVTestServer? = try DAVTestServer(.radicale)
    let book = try Self.makeAddressBook(server!)
    try Self.put(book, "ann.vcf", Self.card("Ann", "1985-04-12"))
    try Self.put(book, "bob.vcf", Self.card("Bob", "1990-01-02"))
    let folder = try TemporaryDirectory()
    let target = folder.url.path + "/birthdays.ics"
    #expect(try Self.sync(server!, to: target).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: target))

    // A wrong password: 77, the password never shown, nothing removed.
    let refused = try runBDConvert(
      ["sync", Self.addressBook(server!), "--to", target, "--user", DAVTestServer.user],
      environment: ["BDCONVERT_PASSWORD": "wrong-password"])
    #expect(refused.status == 77, "\(refused.stderr)")
    #expect(refused.stderr.contains("BDCONVERT_PASSWORD"))
    #expect(!refused.stderr.contains("wrong-password"))
    #expect(refused.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)

    // The server down: 69, nothing removed.
    let url = Self.addressBook(server!)
    server = nil
    let down = try runBDConvert(
      ["sync", url, "--to", target, "--user", DAVTestServer.user],
      environment: ["BDCONVERT_PASSWORD": DAVTestServer.password])
    #expect(down.status == 69, "\(down.stderr)")
    #expect(down.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
  }

  @Test(arguments: kinds) func anAddressBookSyncsIntoACalendarOnTheSameServer(
    _ kind: DAVTestServer.Kind
  ) throws {
    guard DAVTestServer.available(kind) else { return }
    let server = try DAVTestServer(kind)
    let book = try Self.makeAddressBook(server)
    try Self.put(book, "ann.vcf", Self.card("Ann", "1985-04-12"))
    try Self.put(book, "bob.vcf", Self.card("Bob", "1990-01-02"))
    let extra = server.kind == .radicale ? ["--create"] : []
    let first = try Self.sync(server, to: server.calendar, extra)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("sync: 2 added"))
    #expect(first.stderr.contains("PUT 2"))
    let again = try Self.sync(server, to: server.calendar, extra)
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
    guard DAVTestServer.available(.xandikos) else { return }
    let server = try DAVTestServer(.xandikos)
    let book = try Self.makeAddressBook(server)
    try Self.put(book, "ann.vcf", Self.card("Ann", "1985-04-12"))
    try Self.put(book, "bob.vcf", Self.card("Bob", "1990-04-02"))
    try Self.put(
      book, "family.vcf",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:family-group\r\nFN:Family\r\nN:Family;;;;\r\n"
        + "X-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:card-Bob\r\n"
        + "END:VCARD\r\n")
    let upcoming = try runBDConvert([
      "upcoming", Self.addressBook(server), "--today", "2026-04-01", "--days", "30", "--group",
      "Family",
    ])
    #expect(upcoming.status == 0, "\(upcoming.stderr)")
    #expect(upcoming.stdout == "2026-04-02\tThu\ttomorrow\tBob\t36\tbirthday\n")
    let folder = try TemporaryDirectory()
    let synced = try Self.sync(server, to: folder.url.path + "/family.ics", ["--group", "Family"])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("sync: 1 added"))
    #expect(synced.stdout.contains("Birthday: Bob"))
  }
}
