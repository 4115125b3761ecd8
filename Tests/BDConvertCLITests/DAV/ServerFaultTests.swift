import Foundation
import TestSupport
import Testing

/// Faults between bdconvert and a real server (Xandikos), injected by `Tests/DAV/fault_proxy.py`:
/// retries with backoff, giving up with 75, 412 from a concurrent edit, malformed answers,
/// dropped connections, timeouts, refused credentials.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerFaultTests {
  /// A Xandikos server with three events and a proxy with `rules` in front of it.
  private static func setUp(_ rules: String) throws -> (DAVTestServer, FaultProxy) {
    let dav = try DAVFixture(.xandikos)
    try ServerListAndDeleteTests.seed(
      dav.server,
      ["a.ics": [("uid-a", "Ann")], "b.ics": [("uid-b", "Bob")], "c.ics": [("uid-c", "Cy")]])
    return (dav.server, try FaultProxy(upstream: dav.server, rules: rules))
  }

  private static func uids(_ output: String) -> [String] {
    output.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }.sorted()
  }

  @Test func a503WithRetryAfterIsTriedAgain() throws {
    let (server, proxy) = try Self.setUp(
      #"[{"method": "REPORT", "action": "status", "status": 503, "headers": {"Retry-After": "0"}, "times": 2}]"#
    )
    let result = try runBDConvert(["list", proxy.url(server.calendar)])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.uids(result.stdout) == ["uid-a", "uid-b", "uid-c"])
    #expect(result.stderr.contains("HTTP 503 Service Unavailable; trying again in 0.0 s"))
    #expect(
      proxy.requests.filter { $0.hasPrefix("REPORT") }.map { $0.split(separator: " ")[2] } == [
        "503", "503", "207",
      ])
  }

  @Test func aServerThatKeepsFailingExits75AfterFourAttempts() throws {
    let (server, proxy) = try Self.setUp(
      #"[{"method": "REPORT", "action": "status", "status": 429, "headers": {"Retry-After": "0"}}]"#
    )
    let result = try runBDConvert(["list", proxy.url(server.calendar)])
    #expect(result.status == 75)
    #expect(result.stderr.contains("HTTP 429 Too Many Requests, still failing after 4 attempts"))
    #expect(proxy.requests.filter { $0.hasPrefix("REPORT") }.count == 4)
  }

  @Test func aDroppedConnectionAndATimeoutAreTriedAgain() throws {
    let (server, proxy) = try Self.setUp(
      #"[{"method": "PROPFIND", "action": "drop", "times": 1}, {"method": "REPORT", "action": "delay", "seconds": 3, "times": 1}]"#
    )
    let result = try runBDConvert(["list", proxy.url(server.calendar), "--timeout", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.uids(result.stdout) == ["uid-a", "uid-b", "uid-c"])
    #expect(result.stderr.components(separatedBy: "trying again").count == 3)
  }

  @Test func aConcurrentEditGets412AndTheResourceIsReadAgain() throws {
    // The proxy edits b.ics upstream just before forwarding the DELETE: its If-Match fails once.
    let (server, proxy) = try Self.setUp(
      #"[{"method": "DELETE", "action": "touch", "times": 1}]"#)
    let result = try runBDConvert(["delete", "--uid", "uid-b", proxy.url(server.calendar)])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("removed 1 event"))
    let deletes = proxy.requests.filter { $0.hasPrefix("DELETE") }.map {
      $0.split(separator: " ")[2]
    }
    #expect(deletes.first == "412")
    #expect(deletes.count == 2)
    let listed = try runBDConvert(["list", server.calendar])
    #expect(Self.uids(listed.stdout) == ["uid-a", "uid-c"])
  }

  @Test func editsThatKeepComingExit75AndLeaveTheResource() throws {
    let (server, proxy) = try Self.setUp(#"[{"method": "DELETE", "action": "touch"}]"#)
    let result = try runBDConvert(["delete", "--uid", "uid-b", proxy.url(server.calendar)])
    #expect(result.status == 75)
    #expect(result.stderr.contains("b.ics was changed by someone else"))
    let listed = try runBDConvert(["list", server.calendar])
    #expect(listed.stdout.contains("uid-b\tEdited Edited Bob"))
    // Running again without the concurrent editor finishes the job.
    let again = try runBDConvert(["delete", "--uid", "uid-b", server.calendar])
    #expect(again.status == 0)
    #expect(Self.uids(try runBDConvert(["list", server.calendar]).stdout) == ["uid-a", "uid-c"])
  }

  @Test func aCalendarMadeByAnAttemptThatTimedOutIsUsed() throws {
    // The server makes the calendar, but the answer comes after the client's timeout: the
    // retried MKCALENDAR finds the URL taken (Xandikos: 403), by the calendar the first attempt
    // made. It used to exit 77, the 403 read as refused credentials.
    let dav = try DAVFixture(.xandikos)
    let proxy = try FaultProxy(
      upstream: dav.server,
      rules: #"[{"method": "MKCALENDAR", "action": "late", "seconds": 3, "times": 1}]"#)
    let url = proxy.url(dav.server.root + "user/calendars/made-late/")
    let result = try dav.sync(try dav.contacts(), to: url, ["--create", "--timeout", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 3 added"))
    // The retry's 403 (the first attempt's 201 is logged only once its late answer is sent).
    #expect(proxy.requests.contains { $0.hasPrefix("MKCALENDAR") && $0.contains(" 403 ") })
  }

  @Test func aMalformedAnswerExits65() throws {
    let (server, proxy) = try Self.setUp(#"[{"method": "REPORT", "action": "malformed"}]"#)
    let result = try runBDConvert(["list", proxy.url(server.calendar)])
    #expect(result.status == 65)
    #expect(result.stderr.contains("malformed multistatus XML"))
  }

  @Test func refusedCredentialsFromAProxyExit77() throws {
    let (server, proxy) = try Self.setUp(#"[{"action": "status", "status": 403}]"#)
    let result = try runBDConvert(["delete", "--uid", "uid-a", proxy.url(server.calendar)])
    #expect(result.status == 77)
    #expect(result.stderr.contains("HTTP 403"))
    #expect(Self.uids(try runBDConvert(["list", server.calendar]).stdout).count == 3)
  }

  @Test func aLockedServerIsWaitedForLongerThanAFailingOne() throws {
    // Xandikos answers 423 while its git store commits another write: six 423s for one PUT
    // (more than the four attempts other failures get) still end in a complete sync.
    let dav = try DAVFixture(.xandikos)
    let (result, proxy) = try dav.syncOneContact(
      throughProxy:
        #"[{"method": "PUT", "action": "status", "status": 423, "headers": {"Retry-After": "0"}, "times": 6}]"#
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 1 added"))
    #expect(result.stderr.contains("HTTP 423 Locked; trying again"))
    #expect(
      proxy.requests.filter { $0.hasPrefix("PUT") }.map { $0.split(separator: " ")[2] }
        == ["423", "423", "423", "423", "423", "423", "201"])
  }

  @Test func aServerThatStaysLockedExits75AfterEightAttemptsAndARerunFinishes() throws {
    let dav = try DAVFixture(.xandikos)
    let (result, proxy) = try dav.syncOneContact(
      throughProxy:
        #"[{"method": "PUT", "action": "status", "status": 423, "headers": {"Retry-After": "0"}}]"#
    )
    #expect(result.status == 75, "\(result.stderr)")
    #expect(result.stderr.contains("HTTP 423 Locked, still failing after 8 attempts"))
    #expect(proxy.requests.filter { $0.hasPrefix("PUT") }.count == 8)
    let again = try dav.sync(dav.folder.url.path + "/contacts.vcf")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("sync: 1 added"))
  }

  @Test func afterA423ChangesGoOneAtATime() throws {
    // Parallel writes to a server that locks its store only make each other wait: after the
    // first 423, the PUTs are sent one at a time (each held 0.3 s by the proxy, so that PUTs
    // sent in parallel would overlap there).
    let (server, proxy) = try Self.setUp(
      #"[{"method": "PUT", "action": "status", "status": 423, "headers": {"Retry-After": "0"}, "times": 1}, {"method": "PUT", "action": "delay", "seconds": 0.3}]"#
    )
    let folder = try TemporaryDirectory()
    let people = (1...12).map { ("P\($0)", "1970-05-\(10 + $0)") }
    let file = try folder.write("contacts.vcf", DAVFixture.contacts(people))
    let result = try runBDConvert(
      ["sync", file, "--to", proxy.url(server.calendar)],
      environment: ["SOURCE_DATE_EPOCH": "1767225600"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("sync: 12 added"))
    let puts = proxy.requests.filter { $0.hasPrefix("PUT") }.map {
      Int($0.split(separator: " ")[3]) ?? 0
    }
    #expect(puts.count == 13)
    // The PUTs already on their way when the 423 came may overlap, and one on a new
    // connection may reach the proxy late on a loaded machine; the last six may not.
    #expect(puts.suffix(6).allSatisfy { $0 == 1 }, "\(puts)")
  }
}
