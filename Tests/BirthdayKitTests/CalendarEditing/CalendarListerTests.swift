import Testing

@testable import BirthdayKit

/// Hands out one byte per read, to cross every chunk boundary (CR at the end of a chunk).
struct OneByteSource: ByteSource {
  var bytes: [UInt8]
  var offset = 0

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    guard offset < bytes.count, span.count > 0 else { return 0 }
    span[0] = bytes[offset]
    offset += 1
    return 1
  }
}

private func date(_ text: String) -> CivilDate? { RecurrenceRule.date(text) }

@Suite struct CalendarListerTests {
  @Test(
    arguments: [
      ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "19720229", "20270101", "20270228"),  // feb28, common
      ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "19720229", "20280101", "20280229"),  // feb28, leap
      ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "19720229", "20270301", "20280229"),  // after the day
      ("FREQ=YEARLY;BYYEARDAY=60", "19720229", "20270101", "20270301"),  // mar1 policy, common year
      ("FREQ=YEARLY;BYYEARDAY=60", "19720229", "20280101", "20280229"),  // mar1 policy, leap year
      ("FREQ=YEARLY", "19720229", "20260301", "20280229"),  // feb29 policy: skip common years
      ("FREQ=YEARLY", "21000101", "20260301", "21000101"),  // starts in the future
      ("FREQ=YEARLY", "19720229", "20970301", "21040229"),  // 2100 is not a leap year
      ("FREQ=YEARLY", "19850412", "20260412", "20260412"),  // today counts
      ("FREQ=YEARLY", "19850412", "20260413", "20270412"),  // just missed
      ("FREQ=YEARLY;INTERVAL=2", "20240105", "20250101", "20260105"),  // every other year
      ("FREQ=YEARLY;COUNT=3", "20240105", "20260106", nil),  // 2024, 2025, 2026 then over
      ("FREQ=YEARLY;COUNT=3", "20240105", "20260105", "20260105"),  // third and last
      ("FREQ=YEARLY;UNTIL=20261231T235959Z", "20000701", "20270101", nil),  // ended
      ("FREQ=YEARLY;UNTIL=20271231", "20000701", "20270101", "20270701"),  // before UNTIL
      ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "20000101", "20260101", nil),  // never valid: skipped
      ("FREQ=YEARLY;BYYEARDAY=-1", "20000101", "20280101", "20281231"),  // last day of a leap year
      ("FREQ=YEARLY;BYMONTH=1,7", "20000115", "20260201", "20260715"),  // two months
      ("FREQ=MONTHLY", "20000131", "20260201", "20260331"),  // 31st skips short months
      ("FREQ=MONTHLY;BYMONTHDAY=-1", "20000131", "20260201", "20260228"),  // last day of month
      ("FREQ=WEEKLY;INTERVAL=2", "20260101", "20260110", "20260115"),  // fortnightly
      ("FREQ=DAILY;COUNT=5", "20260101", "20260106", nil),  // five days only
      ("FREQ=WEEKLY", "20000106", "20261123", "20261126"),  // Thursdays, 26 years on
      ("FREQ=DAILY;INTERVAL=3", "20000101", "20260101", "20260102"),  // day 9498 = 3 x 3166
      ("FREQ=MONTHLY;INTERVAL=5", "20000115", "20260101", "20260415"),  // month 315 = April 2026
    ] as [(String, String, String, String?)])
  func nextOccurrence(rule: String, start: String, today: String, expected: String?) throws {
    let parsed = try RecurrenceRule(parsing: rule)
    let next = parsed.nextOccurrence(
      start: try #require(date(start)), onOrAfter: try #require(date(today)))
    #expect(next == expected.flatMap(date))
  }

  @Test(arguments: [
    "RSCALE=HEBREW;FREQ=YEARLY",  // RFC 7529 calendars
    "FREQ=HOURLY;FREQ=DAILY",  // a part twice
    "FREQ=MONTHLY;BYDAY=0MO",  // ordinal zero
    "FREQ=MONTHLY;BYDAY=MO,",  // empty list item
    "BYMONTH=2",  // no FREQ
    "FREQ=YEARLY;BYMONTH=13",  // out of range
    "FREQ=YEARLY;INTERVAL=0",  // invalid interval
    "FREQ=DAILY;BYHOUR=24",  // hour out of range
  ])
  func uninterpretableRulesThrow(rule: String) {
    #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule(parsing: rule) }
  }

  @Test func listSortsByNextOccurrenceAndWarns() throws {
    let text = """
      BEGIN:VCALENDAR\r
      PRODID:-//Other//EN\r
      BEGIN:VEVENT\r
      UID:b\r
      SUMMARY:Leap\\, day\r
      DTSTART;VALUE=DATE:19720229\r
      RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:past\r
      DTSTART:20000101T100000Z\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:weird\r
      SUMMARY:First Monday\r
      DTSTART;TZID=Europe/Berlin:20240101T090000\r
      RRULE:RSCALE=HEBREW;FREQ=YEARLY\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:a\r
      SUMMARY:Also 28 Feb\r
      DTSTART;VALUE=DATE:19900228\r
      RRULE:FREQ=YEARLY\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:a\r
      RECURRENCE-ID;VALUE=DATE:20270228\r
      SUMMARY:Override\r
      DTSTART;VALUE=DATE:20270301\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:c\r
      DTSTART;VALUE=DATE:19990105\r
      RRULE:FREQ=YEARLY\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    var warnings: [String] = []
    let events = try CalendarLister.list(
      OneByteSource(bytes: Array(text.utf8)), fileName: "l.ics",
      today: try #require(date("20270101")), diagnostics: { warnings.append($0.description) })
    #expect(
      events.map {
        "\($0.next?.description ?? "-")\t\($0.date?.description ?? "-")\t\($0.uid)\t\($0.summary)"
      } == [
        "2027-01-05\t1999-01-05\tc\t",
        "2027-02-28\t1972-02-29\tb\tLeap, day",
        "2027-03-01\t1990-02-28\ta\tAlso 28 Feb",  // moved by its override
        "-\t2000-01-01\tpast\t",
        "-\t2024-01-01\tweird\tFirst Monday",
      ])
    #expect(
      warnings == [
        "l.ics:13: warning: unsupported RRULE part 'RSCALE=HEBREW' in 'RSCALE=HEBREW;FREQ=YEARLY'; "
          + "next occurrence not shown"
      ])
  }

  @Test func eventsWithoutUIDAreListedOneByOne() throws {
    // A festival programme: many events, none with a UID (issue 18, item 5).
    var text = "BEGIN:VCALENDAR\r\n"
    for day in 1...3 {
      text += "BEGIN:VEVENT\r\nSUMMARY:Concert \(day)\r\nDTSTART;VALUE=DATE:2027070\(day)\r\n"
      text += "END:VEVENT\r\n"
    }
    text += "END:VCALENDAR\r\n"
    var warnings: [String] = []
    let events = try CalendarLister.list(
      OneByteSource(bytes: Array(text.utf8)), fileName: "f.ics",
      today: try #require(date("20270101")), diagnostics: { warnings.append($0.description) })
    #expect(events.map(\.summary) == ["Concert 1", "Concert 2", "Concert 3"])
    #expect(events.allSatisfy { $0.uid.isEmpty })
    #expect(warnings.count == 3)
    #expect(warnings.allSatisfy { $0.contains("cannot be deleted by UID") })
  }

  @Test func ourFilesShowTheYearFromDescription() throws {
    let text =
      "BEGIN:VCALENDAR\r\nPRODID:-//bdconvert//Birthday Calendar//EN\r\n"
      + "BEGIN:VEVENT\r\nUID:u1\r\nDTSTART;VALUE=DATE:19850412\r\nRRULE:FREQ=YEARLY\r\n"
      + "DESCRIPTION:Born 1985-04-12\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:u2\r\nDTSTART;VALUE=DATE:19700412\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
      + "END:VCALENDAR\r\n"
    let events = try CalendarLister.list(
      MemoryByteSource(text), fileName: "o.ics", today: try #require(date("20260101")))
    #expect(events.map { $0.date?.description } == ["1985-04-12", "--04-12"])
  }

  /// DTSTART and the RRULEs reuse their buffers from event to event: an event listed after
  /// others, with shorter, fewer or no such values, or another TZID, is listed as it is alone.
  @Test func eachEventIsListedAsItIsAlone() throws {
    let events = [
      "UID:a\r\nDTSTART;TZID=Europe/Berlin:20000110T090000\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=10\r\n"
        + "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1\r\n",
      "UID:b\r\nSUMMARY:No start\r\n",
      "UID:c\r\nDTSTART;VALUE=DATE:20270305\r\n",
      "UID:d\r\nDTSTART:20000101T100000Z\r\nRRULE:FREQ=YEARLY\r\n",
      "UID:e\r\nDTSTART;TZID=America/New_York:20000102T230000\r\nRRULE:FREQ=WEEKLY\r\n",
      "UID:f\r\nRRULE:FREQ=DAILY\r\n",
      "UID:g\r\nDTSTART;VALUE=DATE:19850412\r\nRRULE:FREQ=YEARLY;INTERVAL=2\r\n",
    ]
    func listing(_ bodies: [String]) throws -> [String] {
      let text =
        "BEGIN:VCALENDAR\r\n" + bodies.map { "BEGIN:VEVENT\r\n\($0)END:VEVENT\r\n" }.joined()
        + "END:VCALENDAR\r\n"
      let listed = try CalendarLister.list(
        MemoryByteSource(text), fileName: "r.ics", today: try #require(date("20270101")))
      return listed.map {
        "\($0.uid) \($0.next?.description ?? "-") \($0.date?.description ?? "-") \($0.rrule ?? "-")"
      }
    }
    // The same events once more, backwards, under other UIDs (one UID's events form a series).
    let again = events.reversed().map { "UID:\($0.dropFirst(4).prefix(1))2\($0.dropFirst(5))" }
    let alone = try (events + again).flatMap { try listing([$0]) }
    let together = try listing(events + again)
    #expect(together.sorted() == alone.sorted())
    #expect(together.count == 2 * events.count)
    #expect(alone.contains("a 2027-01-10 2000-01-10 FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"))
  }
}
