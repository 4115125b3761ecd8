import Foundation
import TestSupport
import Testing

/// `upcoming` on a calendar that other apps fill (issue 30, item 10), through the binary: by
/// default only what says it is a birthday or an anniversary, with `--all-events` the rest.
@Suite(.tags(.slow), .slowTimeLimit) struct UpcomingOtherCalendarsTests {
  /// A VEVENT on `date` (YYYYMMDD) with `lines` added, yearly unless `rule` says otherwise.
  static func event(
    _ uid: String, _ summary: String, _ date: String, rule: String = "FREQ=YEARLY",
    _ lines: [String] = []
  ) -> String {
    ([
      "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:\(date)",
      "RRULE:\(rule)", "SUMMARY:\(summary)",
    ] + lines + ["END:VEVENT"]).joined(separator: "\r\n")
      + "\r\n"
  }

  /// A calendar as a phone or a server keeps it: appointments and birthday calendars' events.
  static let calendar =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//Phone//EN\r\n"
    + event("choir", "Choir rehearsal", "20261203", rule: "FREQ=WEEKLY")
    + event("party", "Office Christmas party", "20261218", rule: "FREQ=DAILY;COUNT=1")
    + event("holiday", "Christmas Day", "20261225", ["X-APPLE-SPECIAL-DAY:WORK-HOLIDAY"])
    + event("nc-1", "🎂 Nora Nextcloud (1980)", "19801202", ["X-NEXTCLOUD-BC-FIELD-TYPE:BDAY"])
    + event("nc-2", "💍 Nils & Nina", "20101204", ["X-NEXTCLOUD-BC-FIELD-TYPE:ANNIVERSARY"])
    + event("nc-3", "⚰️ Old Ned", "19901205", ["X-NEXTCLOUD-BC-FIELD-TYPE:DEATHDATE"])
    + event(
      "2026_BIRTHDAY_c2f3@google.com", "Greta Google", "20261206",
      ["X-GOOGLE-CALENDAR-CONTENT-ICON:https://calendar.google.com/googlecalendar/images/cake.gif"]
    )
    + event("apple-1", "Anton Apple", "19701207", ["X-APPLE-SPECIAL-DAY:BIRTHDAY"])
    + event("pas-id-1-birthday", "Birthday: Eva Evolution", "19751208", ["CATEGORIES:Birthday"])
    + event("kde-1", "Karl KOrganizer", "19851209", ["X-KDE-KABC-BIRTHDAY:YES"])
    + event("own-1", "Our wedding", "20001210", ["CATEGORIES:FAMILY,ANNIVERSARY"])
    + "END:VCALENDAR\r\n"

  static func upcoming(_ extra: [String]) throws -> [String] {
    let folder = try TemporaryDirectory()
    let path = try folder.write("phone.ics", Self.calendar)
    let result = try runBDConvert(
      ["upcoming", path, "--today", "2026-12-01", "--days", "25"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      return "\(fields[3]) \(fields[5])"
    }
  }

  @Test func onlyBirthdaysAndAnniversariesByDefault() throws {
    #expect(
      try Self.upcoming([]) == [
        "🎂 Nora Nextcloud (1980) birthday", "💍 Nils & Nina anniversary", "Greta Google birthday",
        "Anton Apple birthday", "Birthday: Eva Evolution birthday", "Karl KOrganizer birthday",
        "Our wedding anniversary",
      ])
  }

  @Test func allEventsShowsTheRest() throws {
    let all = try Self.upcoming(["--all-events"])
    #expect(all.contains("Choir rehearsal birthday"))
    #expect(all.contains("Office Christmas party birthday"))
    #expect(all.contains("Christmas Day birthday"))
    #expect(all.contains("⚰️ Old Ned birthday"))
    #expect(all.count == 7 + 4)  // each event once: its next occurrence
  }
}
