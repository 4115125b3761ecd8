import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// `sync SOURCE --to URL` against real servers on 127.0.0.1 (Radicale, Xandikos, sabre/dav):
/// first sync, no-op re-sync, one edit, one removal, events that are not ours, moved resources,
/// and faults through `Tests/DAV/fault_proxy.py`.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerSyncTests {
  static let kinds = DAVTestServer.Kind.allCases

  static func listed(_ server: DAVTestServer) throws -> [String] {
    let result = try runBDConvert(
      ["list", server.calendar] + server.userArguments, environment: server.environment)
    return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[3]) }
      .sorted()
  }

  @Test(arguments: kinds) func firstSyncThenANoOpResync(_ kind: DAVTestServer.Kind) throws {
    let dav = try DAVFixture(kind)
    let file = try dav.contacts()
    let first = try dav.sync(file)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("sync: 3 added, 0 updated, 0 removed, 0 unchanged"))
    #expect(first.stderr.contains("PUT 3"))
    #expect(
      try Self.listed(dav.server) == ["Birthday: Ann", "Birthday: Bob", "Birthday: Cy"]
        || (try Self.listed(dav.server)).count == 3)
    let again = try dav.sync(file)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("sync: 0 added, 0 updated, 0 removed, 3 unchanged"))
    #expect(!again.stderr.contains("PUT"))
    #expect(!again.stderr.contains("DELETE"))
    #expect(again.stdout.isEmpty)
  }

  @Test(arguments: kinds) func anEditIsOnePUTAndARemovalOneDELETE(_ kind: DAVTestServer.Kind)
    throws
  {
    let dav = try DAVFixture(kind)
    let file = try dav.contacts()
    #expect(try dav.sync(file).status == 0)
    // An event added by hand in the calendar app: never touched.
    let collection = dav.calendar
    _ = try collection.put(
      Data(ServerListAndDeleteTests.calendar([("by-hand", "Dentist")]).utf8),
      at: URL(string: "by-hand.ics", relativeTo: collection.url)!, replacing: nil)
    try dav.contacts([("Ann", "1985-04-13"), ("Bob", "1990-01-02")])
    let result = try dav.sync(file)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 0 added, 1 updated, 1 removed, 1 unchanged"))
    // One PUT and one DELETE, unless the server asked for a retry (Xandikos: 423 while busy).
    if !result.stderr.contains("trying again") {
      #expect(result.stderr.contains("PUT 1"))
      #expect(result.stderr.contains("DELETE 1"))
    }
    let events = try collection.forEachBatchCollected()
    let ann = events.first {
      $0.contains("SUMMARY:Birthday: Ann") || $0.contains("Ann") && $0.contains("0413")
    }
    #expect(ann?.contains("SEQUENCE:1") == true)
    #expect(events.contains { $0.contains("UID:by-hand") })
    #expect(!events.contains { $0.contains("Cy") })
    #expect(events.count == 3)
  }

  @Test(arguments: kinds) func aManagedEventMovedByAnotherClientIsFoundWhereItIs(
    _ kind: DAVTestServer.Kind
  ) throws {
    let dav = try DAVFixture(kind)
    let file = try dav.contacts()
    #expect(try dav.sync(file).status == 0)
    let collection = dav.calendar
    // Another client keeps Ann's event under a name of its own.
    let members = try collection.fetch(try collection.members())
    let ann = try #require(
      members.first { String(decoding: $0.data!, as: UTF8.self).contains("Ann") })
    _ = try collection.delete(ann)  // first: Radicale allows one resource per UID
    _ = try collection.put(
      ann.data!, at: URL(string: "moved-by-phone.ics", relativeTo: collection.url)!,
      replacing: nil)
    try dav.contacts([("Ann", "1985-04-13"), ("Bob", "1990-01-02"), ("Cy", "2001-07-30")])
    let result = try dav.sync(file)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 0 added, 1 updated, 0 removed, 2 unchanged"))
    let names = try collection.members().map(\.name).sorted()
    #expect(names.contains("moved-by-phone.ics"))
    #expect(names.count == 3)
  }

  @Test func aConcurrentEditDuringSyncIsReadAgainAndAFailingServerConverges() throws {
    let dav = try DAVFixture(.xandikos)
    let server = dav.server
    let file = try dav.contacts()
    #expect(try dav.sync(file).status == 0)
    try dav.contacts([("Ann", "1985-04-13"), ("Bob", "1990-01-03"), ("Cy", "2001-07-31")])
    // The proxy edits the first PUT's resource upstream just before forwarding it: 412, re-read,
    // still ours, PUT again with the new entity tag.
    do {
      let proxy = try FaultProxy(
        upstream: server, rules: #"[{"method": "PUT", "action": "touch", "times": 1}]"#)
      let result = try dav.sync(file, to: proxy.url(server.calendar))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("3 updated"))
      #expect(
        proxy.requests.filter { $0.hasPrefix("PUT") && $0.split(separator: " ")[2] == "412" }
          .count == 1)
    }
    // A server that keeps failing PUTs: 75, the failures listed; a run without faults finishes.
    try dav.contacts([("Ann", "1985-04-14"), ("Bob", "1990-01-04"), ("Dee", "1999-09-09")])
    do {
      let proxy = try FaultProxy(
        upstream: server,
        rules:
          #"[{"method": "PUT", "action": "status", "status": 503, "headers": {"Retry-After": "0"}}]"#
      )
      let result = try dav.sync(file, to: proxy.url(server.calendar))
      #expect(result.status == 75, "\(result.stderr)")
      #expect(result.stderr.contains("could not"))
      #expect(result.stderr.contains("still failing after 4 attempts"))
    }
    let again = try dav.sync(file)
    #expect(again.status == 0, "\(again.stderr)")
    let summaries = try Self.listed(dav.server)
    #expect(summaries.count == 3)
    #expect(Set(summaries).count == 3)
    #expect(summaries.contains { $0.contains("Dee") })
    #expect(!summaries.contains { $0.contains("Cy") })
  }

  @Test(arguments: kinds) func createMakesAMissingCollection(_ kind: DAVTestServer.Kind) throws {
    let dav = try DAVFixture(kind)
    let server = dav.server
    let file = try dav.contacts()
    let url = server.calendarHome + "new-calendar/"
    let missing = try runBDConvert(
      ["sync", file, "--to", url] + server.userArguments, environment: server.environment)
    #expect(missing.status == 66, "\(missing.stderr)")
    #expect(missing.stderr.contains("no such collection (HTTP 404); 'sync --create'"))
    let made = try runBDConvert(
      ["sync", file, "--to", url, "--create"] + server.userArguments,
      environment: server.environment)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stderr.contains("sync: 3 added"))
  }

  @Test func createMakesTheNamedCalendarFromTheServerRoot() throws {
    let dav = try DAVFixture(.radicale)
    let server = dav.server
    let file = try dav.contacts()
    let refused = try runBDConvert(
      ["sync", file, "--to", server.root, "--user", "alice", "--calendar-name", "Family"],
      environment: server.environment)
    #expect(refused.status == 66, "\(refused.stderr)")
    #expect(refused.stderr.contains("--create"))
    let made = try runBDConvert(
      [
        "sync", file, "--to", server.root, "--user", "alice", "--calendar-name", "Family",
        "--create",
      ],
      environment: server.environment)
    #expect(made.status == 0, "\(made.stderr)")
    let listed = try runBDConvert(
      ["list", server.root + "alice/family/", "--user", "alice"], environment: server.environment)
    #expect(listed.stdout.split(separator: "\n").count == 3)
  }
}

extension DAVCollection {
  /// Every resource's content as text (tests only).
  func forEachBatchCollected() throws -> [String] {
    var texts: [String] = []
    try forEachBatch { batch in
      texts += batch.map { String(decoding: $0.data ?? Data(), as: UTF8.self) }
    }
    return texts
  }
}
