import BirthdayDAV
import Foundation
import Testing

/// What the server tests set up again and again: a server of one kind started for the test, a
/// folder for the contacts file and targets, an address book with cards, a sync into the
/// server's calendar, and a one-contact sync through a fault proxy.
final class DAVFixture {
  /// Three contacts (name, birthday) most tests start from.
  static let people = [("Ann", "1985-04-12"), ("Bob", "1990-01-02"), ("Cy", "2001-07-30")]

  let server: DAVTestServer
  let folder: TemporaryDirectory

  /// Starts a server of `kind` (a test without its packages is skipped, see ``DAVTestServer``).
  init(_ kind: DAVTestServer.Kind) throws {
    server = try DAVTestServer(kind)
    folder = try TemporaryDirectory()
  }

  /// A vCard file with one contact per (name, birthday).
  static func contacts(_ people: [(String, String)]) -> String {
    people.map { name, date in
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nUID:contact-\(name)\r\nBDAY:\(date)\r\nEND:VCARD\r\n"
    }.joined()
  }

  /// Writes `people` to the folder's `contacts.vcf` (replacing it) and returns its path.
  @discardableResult func contacts(_ people: [(String, String)] = people) throws -> String {
    try folder.write("contacts.vcf", Self.contacts(people))
  }

  /// Runs `sync FILE --to URL -v` (default: the server's calendar) with the server's credentials
  /// (and `--create` for Radicale and DAViCal, whose calendar does not exist yet).
  func sync(_ file: String, to url: String? = nil, _ extra: [String] = []) throws
    -> CommandResult
  {
    try runBDConvert(
      ["sync", file, "--to", url ?? server.calendar, "-v"] + server.userArguments
        + (server.makesCollections ? ["--create"] : []) + extra,
      environment: server.environment.merging(["SOURCE_DATE_EPOCH": "1767225600"]) { $1 })
  }

  /// The server's calendar with the test's credentials, for requests of the test's own.
  var calendar: DAVCollection {
    DAVCollection(
      client: DAVClient(credentials: server.credentials), url: URL(string: server.calendar)!,
      kind: .calendar)
  }

  // MARK: - Address book

  /// One vCard for an address book.
  static func card(_ name: String, _ birthday: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nN:\(name);;;;\r\nUID:card-\(name)\r\n"
      + "BDAY:\(birthday)\r\nEND:VCARD\r\n"
  }

  /// The address-book URL (Xandikos makes `/user/contacts/addressbook/` with `--defaults`,
  /// sabre/dav `contacts` in its set-up, Cyrus `Default`; Radicale's and DAViCal's are made by
  /// ``addressBook(_:)``).
  var addressBookURL: String {
    switch server.kind {
    case .radicale, .davical: server.root + "\(DAVTestServer.user)/contacts/"
    case .xandikos: server.root + "user/contacts/addressbook/"
    case .sabre: server.root + "addressbooks/\(DAVTestServer.user)/contacts/"
    case .cyrus: server.root + "dav/addressbooks/user/\(DAVTestServer.user)/Default/"
    }
  }

  /// The address book at `url` (default ``addressBookURL``; made first on Radicale and DAViCal,
  /// by extended MKCOL, with the display name `name`) with one card per (name, birthday), stored
  /// as `<name in lowercase>.vcf`.
  func addressBook(
    _ cards: [(String, String)] = people, at url: String? = nil, named name: String = "Contacts"
  ) throws -> DAVCollection {
    let client = DAVClient(credentials: server.credentials)
    let url = URL(string: url ?? addressBookURL)!
    if server.makesCollections {
      let body =
        #"<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:a="urn:ietf:params:xml:ns:carddav">"#
        + "<d:set><d:prop><d:resourcetype><d:collection/><a:addressbook/></d:resourcetype>"
        + "<d:displayname>\(name)</d:displayname></d:prop></d:set></d:mkcol>"
      let made = try client.send(
        "MKCOL", url, headers: ["Content-Type": "application/xml"], body: Data(body.utf8))
      // 405: made by an earlier attempt that timed out on a loaded machine (MKCOL is retried).
      #expect(made.status == 201 || made.status == 405)
    }
    let book = DAVCollection(client: client, url: url, kind: .addressBook)
    for (name, birthday) in cards {
      try Self.put(book, name.lowercased() + ".vcf", Self.card(name, birthday))
    }
    return book
  }

  /// Stores `text` as `name` in `book`, replacing what is there.
  static func put(_ book: DAVCollection, _ name: String, _ text: String) throws {
    let url = URL(string: name, relativeTo: book.url)!.absoluteURL
    let etag = try book.members().first { $0.url.path == url.path }?.etag
    let outcome = try book.put(Data(text.utf8), at: url, replacing: etag)
    #expect(outcome != .conflict)
  }

  /// Runs `sync SOURCE --to TARGET -v` from the address book with the server's credentials.
  func syncAddressBook(to target: String, _ extra: [String] = []) throws -> CommandResult {
    try runBDConvert(
      ["sync", addressBookURL, "--to", target, "-v"] + server.userArguments + extra,
      environment: server.environment.merging(["SOURCE_DATE_EPOCH": "1767225600"]) { $1 })
  }

  // MARK: - Faults

  /// Syncs one contact (Dee) into the calendar through a fault proxy with `rules`; returns the
  /// result and the proxy (its ``FaultProxy/requests``).
  func syncOneContact(throughProxy rules: String) throws -> (CommandResult, FaultProxy) {
    let proxy = try FaultProxy(upstream: server, rules: rules)
    let file = try contacts([("Dee", "1970-05-06")])
    return (try sync(file, to: proxy.url(server.calendar)), proxy)
  }
}
