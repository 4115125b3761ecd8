import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// What the server (Radicale, Xandikos, sabre/dav) makes of the synced events: a calendar-query for one
/// year with `expand` (RFC 4791 9.6.5), as clients that let the server expand recurrences ask,
/// gives each birthday once, on its day, 29 February on 28 February in a common year.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerExpansionTests {
  static let people = [
    ("Ann", "1985-04-12"), ("Bob", "1990-01-02"), ("Leap", "1996-02-29"), ("Eve", "1970-12-31"),
  ]

  /// A calendar-query for the VEVENTs of 2027, expanded by the server.
  static let query = Data(
    (#"<?xml version="1.0" encoding="utf-8"?>"#
      + #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
      + #"<d:prop><c:calendar-data><c:expand start="20270101T000000Z" end="20280101T000000Z"/>"#
      + "</c:calendar-data></d:prop><c:filter><c:comp-filter name=\"VCALENDAR\">"
      + #"<c:comp-filter name="VEVENT"><c:time-range start="20270101T000000Z" "#
      + #"end="20280101T000000Z"/></c:comp-filter></c:comp-filter></c:filter>"#
      + "</c:calendar-query>").utf8)

  @Test(arguments: DAVTestServer.Kind.allCases)
  func theServerExpandsEachBirthdayOnceOnItsDay(_ kind: DAVTestServer.Kind) throws {
    let dav = try DAVFixture(kind)
    let synced = try dav.sync(try dav.contacts(Self.people))
    #expect(synced.status == 0, "\(synced.stderr)")
    let answer = try dav.calendar.client.send(
      "REPORT", URL(string: dav.server.calendar)!,
      headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"], body: Self.query)
    #expect(answer.status == 207)
    let calendars = try DAVMultistatus.parse(answer.body).compactMap {
      $0.properties[DAVPropertyName.calendarData]?.text
    }
    let all = calendars.joined()
    for (name, _) in Self.people { #expect(all.contains("Birthday: \(name)")) }
    // One occurrence per birthday, on its day (a plain date, or midnight once expanded).
    let expected = ["20270412", "20270102", "20270228", "20271231"]
    let found = calendars.flatMap { calendar in
      calendar.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("DTSTART") }.map {
        String($0.split(separator: ":").last ?? "").prefix(8)
      }
    }.map(String.init)
    #expect(found.sorted() == expected.sorted(), "\(found)")
    // Expanded: no rule is left for the client to follow.
    #expect(!all.contains("RRULE"))
  }
}
