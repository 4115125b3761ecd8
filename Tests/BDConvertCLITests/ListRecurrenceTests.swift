import Foundation
import Testing

@testable import BDConvertCLI

/// `list` follows RFC 5545 recurrence as real calendars write it: EXDATE, RDATE, moved and
/// cancelled occurrences, BYDAY in every frequency, values in other zones (issue 18).
@Suite struct ListRecurrenceTests {
  /// NEXT (first column) of each event of a calendar made of `events` (VEVENT bodies), listed on
  /// `today`, by UID; and the warnings.
  private func next(
    _ events: [String], today: String
  ) throws -> (next: [String: String], stderr: String) {
    let folder = try TemporaryDirectory()
    let text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n"
      + events.map {
        "BEGIN:VEVENT\r\n" + $0.replacingOccurrences(of: "\n", with: "\r\n") + "END:VEVENT\r\n"
      }
      .joined() + "END:VCALENDAR\r\n"
    let input = try folder.write("cal.ics", text)
    let result = runInProcess(["list", input, "--today", today])
    #expect(result.status == 0)
    var next: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      next[String(fields[2])] = String(fields[0])
    }
    return (next, result.stderr)
  }

  @Test func exdateRemovesAnOccurrence() throws {
    let (next, stderr) = try self.next(
      [
        "UID:ex\nDTSTART;VALUE=DATE:20270601\nRRULE:FREQ=WEEKLY\nEXDATE;VALUE=DATE:20270608\n",
        // The EXDATE removes the only occurrence left.
        "UID:gone\nDTSTART;VALUE=DATE:20270601\nRRULE:FREQ=WEEKLY;COUNT=2\nEXDATE;VALUE=DATE:20270608\n",
        // A list of EXDATEs in one property, and a second property.
        "UID:list\nDTSTART;VALUE=DATE:20270601\nRRULE:FREQ=DAILY\nEXDATE;VALUE=DATE:20270602,20270603\n"
          + "EXDATE;VALUE=DATE:20270604\n",
      ], today: "2027-06-02")
    #expect(next == ["ex": "2027-06-15", "gone": "-", "list": "2027-06-05"])
    #expect(stderr.isEmpty)
  }

  @Test func movedAndCancelledOccurrences() throws {
    let master = "DTSTART;VALUE=DATE:20270601\nRRULE:FREQ=WEEKLY\n"
    let (next, _) = try self.next(
      [
        "UID:moved\n" + master,
        "UID:moved\nRECURRENCE-ID;VALUE=DATE:20270608\nDTSTART;VALUE=DATE:20270610\n",
        // Moved earlier, into the window before the next regular occurrence.
        "UID:early\nRECURRENCE-ID;VALUE=DATE:20270615\nDTSTART;VALUE=DATE:20270603\n",
        "UID:early\n" + master,  // the override may come first in the file
        "UID:cancelled\n" + master,
        "UID:cancelled\nRECURRENCE-ID;VALUE=DATE:20270608\nDTSTART;VALUE=DATE:20270608\n"
          + "STATUS:CANCELLED\n",
        "UID:rdate\nDTSTART;VALUE=DATE:20270101\nRRULE:FREQ=YEARLY\nRDATE;VALUE=DATE:20270704\n",
        "UID:rdate-only\nDTSTART;VALUE=DATE:20270101\nRDATE;VALUE=DATE:20260101,20270903\n",
      ], today: "2027-06-02")
    #expect(
      next == [
        "moved": "2027-06-10", "early": "2027-06-03", "cancelled": "2027-06-15",
        "rdate": "2027-07-04", "rdate-only": "2027-09-03",
      ])
  }

  @Test func byDayInEveryFrequency() throws {
    let (next, stderr) = try self.next(
      [
        // Google, Apple, Thunderbird and Outlook write BYDAY even for the start's weekday.
        "UID:wed\nDTSTART;TZID=Europe/Berlin:20270602T100000\nRRULE:FREQ=WEEKLY;BYDAY=WE\n",
        "UID:days\nDTSTART;VALUE=DATE:20270531\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH\n",
        "UID:first-friday\nDTSTART;VALUE=DATE:20270101\nRRULE:FREQ=MONTHLY;BYDAY=1FR\n",
        "UID:last-sunday\nDTSTART;VALUE=DATE:20270101\nRRULE:FREQ=MONTHLY;BYDAY=-1SU\n",
        "UID:thanksgiving\nDTSTART;VALUE=DATE:20201126\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH\n",
        "UID:weekdays\nDTSTART;VALUE=DATE:20270101\nRRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR\n",
        "UID:last-workday\nDTSTART;VALUE=DATE:20270101\n"
          + "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1\n",
        "UID:hourly\nDTSTART:20270101T080000\nRRULE:FREQ=HOURLY;INTERVAL=5;BYMONTH=7\n",
      ], today: "2027-06-05")  // a Saturday
    #expect(
      next == [
        "wed": "2027-06-09", "days": "2027-06-07", "first-friday": "2027-07-02",
        "last-sunday": "2027-06-27", "thanksgiving": "2027-11-25", "weekdays": "2027-06-07",
        "last-workday": "2027-06-30", "hourly": "2027-07-01",
      ])
    #expect(stderr.isEmpty)
  }

  @Test func valuesInOtherZonesAreTheEventsDates() throws {
    let (next, stderr) = try self.next(
      [
        // 21:30 UTC on 8 June is 23:30 in Berlin: that occurrence goes.
        "UID:utc-exdate\nDTSTART;TZID=Europe/Berlin:20270601T233000\nRRULE:FREQ=WEEKLY\n"
          + "EXDATE:20270608T213000Z\n",
        // The same in New York's time: 17:30 there.
        "UID:zone-exdate\nDTSTART;TZID=Europe/Berlin:20270601T233000\nRRULE:FREQ=WEEKLY\n"
          + "EXDATE;TZID=America/New_York:20270608T173000\n",
        // An Outlook zone name; the EXDATE at the wrong time of day removes nothing.
        "UID:windows\nDTSTART;TZID=W. Europe Standard Time:20270601T233000\nRRULE:FREQ=WEEKLY\n"
          + "EXDATE:20270608T233000Z\n",
        // An override named in UTC moves a zoned occurrence.
        "UID:utc-override\nDTSTART;TZID=Europe/Berlin:20270601T233000\nRRULE:FREQ=WEEKLY\n",
        "UID:utc-override\nRECURRENCE-ID:20270608T213000Z\n"
          + "DTSTART;TZID=Europe/Berlin:20270610T090000\n",
        // UNTIL in UTC ends on the event's own date: 02:00 UTC on 3 June is 2 June in New York.
        "UID:until\nDTSTART;TZID=America/New_York:20270601T200000\n"
          + "RRULE:FREQ=DAILY;UNTIL=20270603T020000Z\n",
        // NEXT is the date in the event's zone, not in UTC.
        "UID:tokyo\nDTSTART;TZID=Asia/Tokyo:20270603T080000\nRRULE:FREQ=WEEKLY\n",
      ], today: "2027-06-03")
    #expect(
      next == [
        "utc-exdate": "2027-06-15", "zone-exdate": "2027-06-15", "windows": "2027-06-08",
        "utc-override": "2027-06-10", "until": "-", "tokyo": "2027-06-03",
      ])
    #expect(stderr.isEmpty)
  }

  @Test func unknownZoneAndUnsupportedScaleAreSaid() throws {
    let (next, stderr) = try self.next(
      [
        "UID:unknown\nDTSTART;TZID=Nowhere/Special:20270601T090000\nRRULE:FREQ=WEEKLY\n"
          + "EXDATE:20270608T090000Z\n",
        "UID:hebrew\nDTSTART;VALUE=DATE:20270601\nRRULE:RSCALE=HEBREW;FREQ=YEARLY\n",
      ], today: "2027-06-02")
    #expect(next == ["unknown": "2027-06-15", "hebrew": "-"])
    #expect(stderr.contains("unknown time zone 'Nowhere/Special': its times are taken as written"))
    #expect(stderr.contains("unsupported RRULE part 'RSCALE=HEBREW'"))
  }

  @Test func pathologicalRulesStopAndSaySo() throws {
    let (next, stderr) = try self.next(
      [
        "UID:never\nDTSTART:20270101T000000\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\n",
        "UID:impossible\nDTSTART;VALUE=DATE:20270101\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\n",
      ], today: "2027-06-02")
    #expect(next == ["never": "-", "impossible": "-"])
    #expect(
      stderr.contains("needs more than 200000 periods (or 10000 without an occurrence in a row)"))
  }
}
