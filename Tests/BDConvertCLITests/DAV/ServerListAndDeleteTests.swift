import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// `list URL` and `delete --uid UID URL` against real servers on 127.0.0.1 (Radicale with
/// htpasswd, Xandikos), through the built binary.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerListAndDeleteTests {
  /// One VCALENDAR with a yearly event per (uid, name).
  static func calendar(_ events: [(uid: String, name: String)]) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for (uid, name) in events {
      text +=
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n"
        + "DTSTART;VALUE=DATE:19850412\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:\(name)\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }

  /// Makes the server's calendar (Radicale, DAViCal) and stores `resources` (name -> events) in it.
  static func seed(_ server: DAVTestServer, _ resources: [String: [(uid: String, name: String)]])
    throws
  {
    let client = DAVClient(credentials: server.credentials)
    let url = URL(string: server.calendar)!
    let collection =
      server.makesCollections
      ? try DAVCollection.make(url, displayName: "Birthdays", client: client)
      : DAVCollection(client: client, url: url, kind: .calendar)
    for (name, events) in resources {
      let outcome = try collection.put(
        Data(calendar(events).utf8), at: URL(string: name, relativeTo: collection.url)!,
        replacing: nil)
      guard case .done = outcome else { throw DAVError.status(url: name, method: "PUT", status: 0) }
    }
  }

  static let kinds = DAVTestServer.Kind.allCases

  @Test(arguments: kinds) func listShowsEveryEventOfTheCollection(_ kind: DAVTestServer.Kind)
    throws
  {
    let server = try DAVTestServer(kind)
    try Self.seed(
      server,
      ["a.ics": [("uid-a", "Ann")], "b.ics": [("uid-b", "Bob")], "c.ics": [("uid-c", "Cy")]])
    let result = try runBDConvert(
      ["list", server.calendar, "--today", "2026-01-01"] + server.userArguments,
      environment: server.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[2] }.sorted() == [
        "uid-a", "uid-b", "uid-c",
      ])
    #expect(result.stdout.contains("2026-04-12\t1985-04-12\tuid-a\tAnn"))
  }

  @Test(arguments: kinds) func listFindsTheCalendarFromTheServerRoot(_ kind: DAVTestServer.Kind)
    throws
  {
    let server = try DAVTestServer(kind)
    try Self.seed(server, ["a.ics": [("uid-a", "Ann")]])
    let result = try runBDConvert(
      ["list", server.root, "--today", "2026-01-01", "--calendar-name", "Birthdays"]
        + server.userArguments, environment: server.environment)
    // Xandikos's and Cyrus's calendars have names of their own ('calendar', 'personal').
    let name = server.calendarName
    #expect(result.status == (name == "Birthdays" ? 0 : 66), "\(result.stderr)")
    if name != "Birthdays" {
      #expect(result.stderr.contains("no calendar named 'Birthdays'"))
      #expect(result.stderr.contains(server.calendar))
      let named = try runBDConvert(
        ["list", server.root, "--today", "2026-01-01", "--calendar-name", name]
          + server.userArguments, environment: server.environment)
      #expect(named.status == 0, "\(named.stderr)")
      #expect(named.stdout.contains("uid-a"))
    } else {
      #expect(result.stdout.contains("uid-a"))
    }
  }

  @Test(arguments: kinds) func deleteRemovesTheEventsWithTheUIDs(_ kind: DAVTestServer.Kind)
    throws
  {
    let server = try DAVTestServer(kind)
    // Radicale refuses a resource with two UIDs (RFC 4791 wants one per resource); Xandikos
    // takes it, and deleting one of its events puts the other back.
    let pair = kind == .xandikos
    try Self.seed(
      server,
      ["a.ics": [("uid-a", "Ann")], "b.ics": [("uid-b", "Bob")]]
        .merging(pair ? ["pair.ics": [("uid-p", "Pat"), ("uid-q", "Quinn")]] : [:]) { a, _ in a })
    let result = try runBDConvert(
      ["delete", "--uid", "uid-b", "--uid", "uid-p", "--uid", "absent", server.calendar, "-v"]
        + server.userArguments, environment: server.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("UID 'absent' not found"))
    #expect(result.stderr.contains(pair ? "removed 2 events" : "removed 1 event"))
    #expect(result.stderr.contains("DELETE 1"))
    #expect(result.stderr.contains("PUT 1") == pair)  // pair.ics keeps Quinn
    let listed = try runBDConvert(
      ["list", server.calendar] + server.userArguments, environment: server.environment)
    #expect(
      listed.stdout.split(separator: "\n").map { $0.split(separator: "\t")[2] }.sorted()
        == (pair ? ["uid-a", "uid-q"] : ["uid-a"]))
  }

  @Test func wrongPasswordExits77NamingTheSourceNotThePassword() throws {
    let server = try DAVTestServer(.radicale)
    let result = try runBDConvert(
      ["list", server.calendar, "--user", "alice"],
      environment: ["BDCONVERT_PASSWORD": "hunter2-wrong"])
    #expect(result.status == 77)
    #expect(result.stderr.contains("HTTP 401"))
    #expect(result.stderr.contains("BDCONVERT_PASSWORD"))
    #expect(!result.stderr.contains("hunter2"))
  }

  @Test func passwordFileAndNetrcAreCredentialSources() throws {
    let server = try DAVTestServer(.radicale)
    try Self.seed(server, ["a.ics": [("uid-a", "Ann")]])
    let home = try TemporaryDirectory()
    let file = try home.write("password", "secret\n")
    let fromFile = try runBDConvert(
      ["list", server.calendar, "--user", "alice", "--password-file", file],
      environment: ["HOME": home.url.path])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(fromFile.stdout.contains("uid-a"))
    try home.write(".netrc", "machine 127.0.0.1\n  login alice\n  password secret\n")
    let fromNetrc = try runBDConvert(
      ["list", server.calendar], environment: ["HOME": home.url.path])
    #expect(fromNetrc.status == 0, "\(fromNetrc.stderr)")
    try home.write(".netrc", "machine 127.0.0.1 login alice password nope\n")
    let refused = try runBDConvert(["list", server.calendar], environment: ["HOME": home.url.path])
    #expect(refused.status == 77)
    #expect(refused.stderr.contains("~/.netrc"))
    #expect(!refused.stderr.contains("nope"))
  }

  @Test func aServerThatIsDownExits69() throws {
    let port = try freePort()
    let result = try runBDConvert(["list", "http://127.0.0.1:\(port)/cal/"])
    #expect(result.status == 69)
    #expect(result.stderr.contains("cannot reach http://127.0.0.1:\(port)/cal/"))
  }

  @Test func plainHTTPToAnotherHostIsRefusedBeforeAnyConnection() throws {
    // 192.0.2.0/24 is TEST-NET-1: nothing answers there, so a connection attempt would hang
    // until the timeout instead of failing at once.
    let result = try runBDConvert(
      ["delete", "--uid", "x", "http://192.0.2.1/cal/", "--timeout", "30"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("plain HTTP is allowed only to a loopback address"))
  }
}
