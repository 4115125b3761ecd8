import Foundation
import TestSupport
import Testing

/// What bdconvert requests when a server's answers lead elsewhere (issue 31, items 1 to 4), against
/// `Tests/DAV/scripted_server.py` on 127.0.0.1, which logs every request: port A is the server
/// the user names, port B "another host". Credentials go to A alone; only direct members of the
/// collection are read, changed or removed; changes never follow a redirect; a password in the
/// URL is refused and never printed.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerScopeTests {
  static let environment = [
    "BDCONVERT_PASSWORD": "hunter2", "SOURCE_DATE_EPOCH": "1767225600",
  ]

  /// Hrefs outside `/cal/` on A, on B, or `/cal/` itself spelled otherwise.
  static let outside = [
    "/other/a.ics", "/cal/../secret/b.ics", "http://127.0.0.1:{B}/x/c.ics", "/cal/./", "/cal//",
    "/cal/x/../", "/cal/%2E%2E/secret/d.ics", "/cal/..%2Fsecret%2Fe.ics",
  ]

  /// One VCALENDAR with a yearly event.
  static func calendar(uid: String, name: String = "Victim") -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
      + "DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:19850412\r\nRRULE:FREQ=YEARLY\r\n"
      + "SUMMARY:\(name)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
  }

  /// The events `sync` makes for `people` (marked as its own), one calendar each, by name.
  static func syncedEvents(_ people: [(String, String)]) throws -> [String: String] {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", DAVFixture.contacts(people))
    let target = folder.url.path + "/local.ics"
    let made = try runBDConvert(["sync", contacts, "--to", target], environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    let text = try String(contentsOfFile: target, encoding: .utf8)
    var events: [String: String] = [:]
    for block in text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst() {
      let event = "BEGIN:VEVENT\r\n" + block.components(separatedBy: "END:VEVENT\r\n")[0]
      let name = people.first { event.contains($0.0) }?.0 ?? "?"
      events[name] =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + event
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }
    return events
  }

  /// `href` as the server writes it, `{B}` filled in.
  static func written(_ href: String, _ server: ScriptedDAVServer) -> String {
    href.replacingOccurrences(of: "{B}", with: String(server.b))
  }

  @Test func deleteRequestsNothingOutsideTheCollectionAndNeverTheCollection() throws {
    // The calendar-query answer names the UID at hrefs outside /cal/, on B, and /cal/ itself:
    // bdconvert used to DELETE each (with the credentials on B), and /cal three times.
    let event = Self.calendar(uid: "victim")
    let server = try ScriptedDAVServer([
      ScriptedDAVServer.calendarAtA,
      ScriptedDAVServer.answer(
        port: "A", "REPORT", "/cal/", status: 207,
        body: ScriptedDAVServer.multistatus(
          Self.outside.map { ($0, ScriptedDAVServer.memberProperties(data: event)) })),
    ])
    let result = try runBDConvert(
      ["delete", "--uid", "victim", server.url("/cal/"), "--user", "me"],
      environment: Self.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("UID 'victim' not found"))
    let requests = server.requests
    #expect(
      requests.map(\.description) == ["A PROPFIND /cal/ me", "A REPORT /cal/ me"], "\(requests)")
    for href in Self.outside {
      #expect(
        result.stderr.components(separatedBy: "skipping '\(Self.written(href, server))'").count
          == 2, "\(result.stderr)")
    }
    #expect(!result.stderr.contains("hunter2"))
  }

  @Test func listAndSyncUseOnlyTheCollectionsOwnMembers() throws {
    // Events marked as the sync's own at hrefs outside the collection: bdconvert used to list
    // them, PUT the changed one in place (/other/a.ics), and DELETE the others (on B, /secret,
    // and /cal itself).
    let events = try Self.syncedEvents([
      ("Ann", "1985-04-12"), ("Bob", "1990-01-02"), ("Cy", "2001-07-30"), ("Dee", "1970-05-06"),
    ])
    let members: [(String, String)] = [
      ("/cal/ok.ics", Self.calendar(uid: "uid-ok", name: "Hand-made")),
      ("/other/a.ics", try #require(events["Ann"]).replacingOccurrences(of: "Ann", with: "Anne")),
      ("/cal/./", try #require(events["Bob"])),
      ("http://127.0.0.1:{B}/x/c.ics", try #require(events["Cy"])),
      ("/cal/../secret/b.ics", try #require(events["Dee"])),
    ]
    let listing = ScriptedDAVServer.multistatus(
      [("/cal/", ScriptedDAVServer.calendarProperties)]
        + members.map { ($0.0, ScriptedDAVServer.memberProperties()) })
    let data = ScriptedDAVServer.multistatus(
      members.map { ($0.0, ScriptedDAVServer.memberProperties(data: $0.1)) })
    let server = try ScriptedDAVServer([
      ScriptedDAVServer.calendarAtA,
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/cal/", depth: "1", status: 207, body: listing),
      ScriptedDAVServer.answer(
        port: "A", "REPORT", "/cal/", contains: "multiget", status: 207, body: data),
    ])
    let listed = try runBDConvert(
      ["list", server.url("/cal/"), "--user", "me"], environment: Self.environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.split(separator: "\n").count == 1, "\(listed.stdout)")
    #expect(listed.stdout.contains("uid-ok"))
    #expect(listed.stderr.contains("skipping '/other/a.ics'"), "\(listed.stderr)")

    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", DAVFixture.contacts([("Ann", "1985-04-12")]))
    let synced = try runBDConvert(
      ["sync", contacts, "--to", server.url("/cal/"), "--user", "me", "--force"],
      environment: Self.environment)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("sync: 1 added, 0 updated, 0 removed"), "\(synced.stderr)")
    let requests = server.requests
    #expect(requests.allSatisfy { $0.port == "A" && $0.user == "me" }, "\(requests)")
    #expect(!requests.contains { $0.method == "DELETE" }, "\(requests)")
    let outside = requests.filter {
      !($0.path == "/cal/"
        || ($0.path.hasPrefix("/cal/") && $0.path.dropFirst(5).contains("/") == false
          && $0.path.count > 5))
    }
    #expect(outside.isEmpty, "\(requests)")
    #expect(requests.filter { $0.method == "PUT" }.count == 1, "\(requests)")
  }

  @Test func anAddressBookIsReadOnlyFromItsOwnMembers() throws {
    // The same rule for a CardDAV source: cards at hrefs outside /book/ or on B are not read.
    let cards: [(String, String)] = [
      ("/book/ann.vcf", DAVFixture.card("Ann", "1985-04-12")),
      ("/other/bob.vcf", DAVFixture.card("Bob", "1990-01-02")),
      ("http://127.0.0.1:{B}/book/cy.vcf", DAVFixture.card("Cy", "2001-07-30")),
      ("/book/../dee.vcf", DAVFixture.card("Dee", "1970-05-06")),
    ]
    let server = try ScriptedDAVServer(
      ScriptedDAVServer.addressBookAtA(cards.map(\.0), reports: [cards.map(\.1)]))
    let folder = try TemporaryDirectory()
    let result = try runBDConvert(
      ["sync", server.url("/book/"), "--to", folder.url.path + "/out.ics", "--user", "me"],
      environment: Self.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 1 added"), "\(result.stderr)")
    let calendar = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(calendar.contains("Ann") && !calendar.contains("Bob") && !calendar.contains("Cy"))
    #expect(!calendar.contains("Dee"))
    #expect(result.stderr.contains("skipping '/other/bob.vcf'"), "\(result.stderr)")
    let requests = server.requests
    #expect(requests.allSatisfy { $0.port == "A" && $0.path == "/book/" }, "\(requests)")
  }

  @Test func changesNeverFollowARedirect() throws {
    // A 307 for each PUT to B: bdconvert used to PUT the events there (without credentials),
    // report them added and exit 0, while the named server stored nothing.
    let server = try ScriptedDAVServer([
      ScriptedDAVServer.calendarAtA,
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/cal/", depth: "1", status: 207,
        body: ScriptedDAVServer.multistatus([("/cal/", ScriptedDAVServer.calendarProperties)])),
      ScriptedDAVServer.answer(
        port: "A", "PUT", "/cal/*", status: 307,
        headers: ["Location": "http://127.0.0.1:{B}/x/event.ics"]),
      ScriptedDAVServer.answer(
        port: "A", "MKCALENDAR", "/new/", status: 301,
        headers: ["Location": "http://127.0.0.1:{B}/new/"]),
    ])
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", DAVFixture.contacts([("Ann", "1985-04-12")]))
    let put = try runBDConvert(
      ["sync", contacts, "--to", server.url("/cal/"), "--user", "me"],
      environment: Self.environment)
    #expect(put.status == 75, "\(put.stderr)")
    #expect(
      put.stderr.contains("redirects to http://127.0.0.1:\(server.b)/x/event.ics, not followed"),
      "\(put.stderr)")
    #expect(put.stderr.contains("1 failed"))
    let made = try runBDConvert(
      ["sync", contacts, "--to", server.url("/new/"), "--user", "me", "--create"],
      environment: Self.environment)
    #expect(made.status != 0, "\(made.stderr)")
    #expect(
      made.stderr.contains("redirects to http://127.0.0.1:\(server.b)/new/, not followed"),
      "\(made.stderr)")
    let requests = server.requests
    #expect(requests.allSatisfy { $0.port == "A" }, "\(requests)")
    #expect(requests.filter { $0.method == "PUT" }.count == 1, "\(requests)")
    #expect(requests.filter { $0.method == "MKCALENDAR" }.count == 1, "\(requests)")
  }

  @Test func discoveryNeverTakesTheCredentialsToAnotherHost() throws {
    let principal = ScriptedDAVServer.multistatus([
      (
        "/",
        "<d:current-user-principal><d:href>http://127.0.0.1:{B}/principal/</d:href></d:current-user-principal>"
      )
    ])
    let home = ScriptedDAVServer.multistatus([
      (
        "/",
        "<c:calendar-home-set><d:href>http://127.0.0.1:{B}/home/</d:href></c:calendar-home-set>"
      )
    ])
    let cases: [[String: Any]] = [
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/.well-known/caldav", status: 207, body: principal),
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/.well-known/caldav", status: 207, body: home),
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/.well-known/caldav", status: 301,
        headers: ["Location": "http://127.0.0.1:{B}/dav/"]),
    ]
    for answer in cases {
      let onB = ScriptedDAVServer.multistatus([
        ("/principal/", "<c:calendar-home-set><d:href>/home/</d:href></c:calendar-home-set>")
      ])
      let server = try ScriptedDAVServer([
        answer,
        ScriptedDAVServer.answer(port: "B", "PROPFIND", "/principal/", status: 207, body: onB),
        ScriptedDAVServer.answer(port: "B", "PROPFIND", "/dav/", status: 207, body: onB),
      ])
      let folder = try TemporaryDirectory()
      let contacts = try folder.write(
        "contacts.vcf", DAVFixture.contacts([("Ann", "1985-04-12")]))
      let result = try runBDConvert(
        ["sync", contacts, "--to", server.url("/"), "--user", "me", "--create"],
        environment: Self.environment)
      #expect(result.status != 0, "\(result.stderr)")
      #expect(result.stderr.contains("127.0.0.1:\(server.b)"), "\(result.stderr)")
      let requests = server.requests
      #expect(requests.allSatisfy { $0.port == "A" }, "\(requests)")
      #expect(!result.stderr.contains("hunter2"))
    }
  }

  @Test func aPasswordInTheURLIsRefusedAndNeverPrinted() throws {
    let server = try ScriptedDAVServer([ScriptedDAVServer.calendarAtA])
    let url = "http://me:S3cr3t@127.0.0.1:\(server.a)/cal/"
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", DAVFixture.contacts([("Ann", "1985-04-12")]))
    for arguments in [
      ["list", url], ["delete", "--uid", "x", url], ["sync", contacts, "--to", url],
      ["sync", url, "--to", folder.url.path + "/out.ics"], ["upcoming", url],
    ] {
      let result = try runBDConvert(arguments, environment: Self.environment)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("password in the URL"), "\(result.stderr)")
      #expect(!result.stderr.contains("S3cr3t"))
      #expect(!result.stderr.contains("me:"))
    }
    #expect(server.requests.isEmpty, "\(server.requests)")
  }

  @Test func theUserInTheURLIsTheUserAndIsNeverPrinted() throws {
    // `alice@` in the URL names the user, as in curl (it used to be ignored: "BDCONVERT_PASSWORD
    // is set but --user NAME is not"); messages show the URL without it.
    let server = try ScriptedDAVServer([
      ScriptedDAVServer.calendarAtA,
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/cal/", depth: "1", status: 207,
        body: ScriptedDAVServer.multistatus([("/cal/", ScriptedDAVServer.calendarProperties)])),
    ])
    let listed = try runBDConvert(
      ["list", "http://alice@127.0.0.1:\(server.a)/cal/", "-v"], environment: Self.environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(server.requests.map(\.user) == ["alice", "alice"], "\(server.requests)")
    let missing = try runBDConvert(
      ["list", "http://alice@127.0.0.1:\(server.a)/none/"], environment: Self.environment)
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("http://127.0.0.1:\(server.a)/none/"), "\(missing.stderr)")
    #expect(!missing.stderr.contains("alice@"))
    let both = try runBDConvert(
      ["list", "http://alice@127.0.0.1:\(server.a)/cal/", "--user", "bob"],
      environment: Self.environment)
    #expect(both.status == 64)
    #expect(both.stderr.contains("the URL names the user 'alice', and --user 'bob'"))
  }
}
