import Foundation
import TestSupport
import Testing

/// How iCloud and Fastmail are found (RFC 6764 and RFC 4791 discovery), against
/// `Tests/DAV/scripted_server.py` set up the same way over https on 127.0.0.1: the user gives the
/// provider's host (`caldav.example.localhost`, port A); `/.well-known/caldav` redirects to the
/// context path; the principal there names a calendar home on another host of the same domain
/// (`p01.example.localhost`, port B, as iCloud's `pNN-caldav.icloud.com`). curl resolves
/// `*.localhost` to 127.0.0.1, and the test CA made here signs both names.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerDiscoveryTests {
  static let environment = ["BDCONVERT_PASSWORD": "app-password"]

  /// A test CA and a certificate it signed for both host names.
  final class Certificates {
    let folder: TemporaryDirectory
    var authority: String { folder.url.path + "/ca.pem" }
    var certificate: String { folder.url.path + "/server.pem" }
    var key: String { folder.url.path + "/server.key" }

    init() throws {
      folder = try TemporaryDirectory()
      try folder.write(
        "san.cnf", "subjectAltName = DNS:caldav.example.localhost, DNS:p01.example.localhost\n")
      let key = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
      try ServerTLSTests.Certificates.shell(
        """
        cd '\(folder.url.path)' &&
        openssl req -x509 \(key) -keyout ca.key -out ca.pem -days 2 -subj '/CN=bdconvert test CA' \
          -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign &&
        openssl req \(key) -keyout server.key -out server.csr -subj /CN=caldav.example.localhost &&
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
          -out server.pem -days 2 -extfile san.cnf
        """)
    }
  }

  /// The provider's answers: the well-known redirect and the principal on A, the calendar home
  /// and the calendar on B (its home set named with `home` as the host).
  static func provider(home: String) -> [[String: Any]] {
    let event =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:uid-ann\r\n"
      + "DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:19850412\r\nRRULE:FREQ=YEARLY\r\n"
      + "SUMMARY:Birthday: Ann\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let principal = ScriptedDAVServer.multistatus([
      (
        "/dav/",
        "<d:current-user-principal><d:href>/dav/123/principal/</d:href></d:current-user-principal>"
      )
    ])
    let homeSet = ScriptedDAVServer.multistatus([
      (
        "/dav/123/principal/",
        "<c:calendar-home-set><d:href>https://\(home):{B}/123/calendars/</d:href>"
          + "</c:calendar-home-set>"
      )
    ])
    let calendars = ScriptedDAVServer.multistatus([
      ("/123/calendars/", "<d:resourcetype><d:collection/></d:resourcetype>"),
      (
        "/123/calendars/home/",
        "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
          + "<d:displayname>Home</d:displayname>"
      ),
      ("/123/calendars/birthdays/", ScriptedDAVServer.calendarProperties),
    ])
    let calendar = ScriptedDAVServer.multistatus([
      ("/123/calendars/birthdays/", ScriptedDAVServer.calendarProperties)
    ])
    let members = ScriptedDAVServer.multistatus([
      ("/123/calendars/birthdays/", ScriptedDAVServer.calendarProperties),
      ("/123/calendars/birthdays/ann.ics", ScriptedDAVServer.memberProperties()),
    ])
    let data = ScriptedDAVServer.multistatus([
      ("/123/calendars/birthdays/ann.ics", ScriptedDAVServer.memberProperties(data: event))
    ])
    return [
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/.well-known/caldav", status: 301,
        headers: ["Location": "https://caldav.example.localhost:{A}/dav/"]),
      ScriptedDAVServer.answer(port: "A", "PROPFIND", "/dav/", status: 207, body: principal),
      ScriptedDAVServer.answer(
        port: "A", "PROPFIND", "/dav/123/principal/", status: 207, body: homeSet),
      ScriptedDAVServer.answer(
        port: "B", "PROPFIND", "/123/calendars/", status: 207, body: calendars),
      ScriptedDAVServer.answer(
        port: "B", "PROPFIND", "/123/calendars/birthdays/", depth: "0", status: 207,
        body: calendar),
      ScriptedDAVServer.answer(
        port: "B", "PROPFIND", "/123/calendars/birthdays/", depth: "1", status: 207,
        body: members),
      ScriptedDAVServer.answer(
        port: "B", "REPORT", "/123/calendars/birthdays/", status: 207, body: data),
    ]
  }

  @Test func aCalendarHomeOnAnotherHostOfTheDomainIsFoundFromTheProvidersHost() throws {
    let certificates = try Certificates()
    let server = try ScriptedDAVServer(
      Self.provider(home: "p01.example.localhost"),
      tls: (certificates.certificate, certificates.key))
    let result = try runBDConvert(
      [
        "list", "https://caldav.example.localhost:\(server.a)/", "--user", "me@example.com",
        "--calendar-name", "Birthdays", "--ca-file", certificates.authority, "--today",
        "2026-01-01",
      ], environment: Self.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("uid-ann"), "\(result.stdout)")
    let requests = server.requests
    // The well-known path first on A, then the principal; the home and calendar on B.
    #expect(requests.contains { $0.port == "A" && $0.path == "/.well-known/caldav" }, "\(requests)")
    #expect(requests.contains { $0.port == "B" && $0.method == "REPORT" }, "\(requests)")
    #expect(requests.allSatisfy { $0.user == "me@example.com" }, "\(requests)")
    #expect(!result.stderr.contains("app-password"))
  }

  @Test func aCalendarHomeOnAnotherDomainGetsNoRequest() throws {
    // The same answers with the home on a host of another domain: refused, named, not asked.
    let certificates = try Certificates()
    let server = try ScriptedDAVServer(
      Self.provider(home: "p01.elsewhere.localhost"),
      tls: (certificates.certificate, certificates.key))
    let result = try runBDConvert(
      [
        "list", "https://caldav.example.localhost:\(server.a)/", "--user", "me@example.com",
        "--calendar-name", "Birthdays", "--ca-file", certificates.authority,
      ], environment: Self.environment)
    #expect(result.status != 0, "\(result.stderr)")
    #expect(result.stderr.contains("p01.elsewhere.localhost"), "\(result.stderr)")
    #expect(server.requests.allSatisfy { $0.port == "A" }, "\(server.requests)")
  }
}
