import Testing

@testable import BirthdayKit

@Suite struct CalendarStructureCheckTests {
  static let good = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VEVENT", "UID:1",
    "DTSTAMP:19700101T000000Z", "DTSTART;VALUE=DATE:19700101", "SUMMARY:a\\, b", "BEGIN:VALARM",
    "ACTION:DISPLAY", "TRIGGER;RELATED=START:PT8H", "DESCRIPTION:hi", "END:VALARM", "END:VEVENT",
    "END:VCALENDAR",
  ]

  static func bytes(_ lines: [String], ending: String = "\r\n") -> [UInt8] {
    Array((lines.joined(separator: ending) + ending).utf8)
  }

  /// "SUMMARY:xx…é" folded between the two bytes of "é".
  static let splitCharacter: [UInt8] = {
    let summary =
      Array(("SUMMARY:" + String(repeating: "x", count: 66)).utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
    let lines = good.map { $0 == "SUMMARY:a\\, b" ? summary : Array($0.utf8) }
    return lines.flatMap { $0 + [0x0D, 0x0A] }
  }()

  @Test func acceptsAGoodCalendar() {
    #expect(CalendarStructureCheck.problems(in: Self.bytes(Self.good)) == [])
  }

  @Test func acceptsEverythingTheWriterWrites() throws {
    let name = "Zoë \"Ångström\"; with, a:very long name " + String(repeating: "🎂", count: 40)
    let text = try ICalendarWriterTests.calendar([
      ICalendarWriterTests.birthday(name, CivilDate(month: 2, day: 29)!),
      ICalendarWriterTests.birthday("B", CivilDate(year: 1950, month: 12, day: 31)!),
    ]) { $0.alarms = [.eightAM, try! AlarmSpecification(parsing: "-3d@23:59")] }
    #expect(CalendarStructureCheck.problems(in: Array(text.utf8)) == [])
  }

  /// Each broken calendar is caught, with the rule it breaks: a checker that cannot fail proves nothing.
  @Test(arguments: [
    (bytes(good, ending: "\n"), "line 1: bare LF (lines must end with CRLF)"),
    ([0xEF, 0xBB, 0xBF] + bytes(good), "file starts with a byte order mark"),
    (
      bytes(
        good.map { $0 == "SUMMARY:a\\, b" ? "SUMMARY:" + String(repeating: "x", count: 70) : $0 }),
      "line 8: line is 78 octets (more than 75)"
    ),
    (splitCharacter, "line 8: not valid UTF-8 on its own (a fold split a character?)"),
    (bytes(good.filter { $0 != "UID:1" }), "line 4: VEVENT has 0 UID (needs exactly one)"),
    (
      bytes(good.filter { !$0.hasPrefix("DTSTAMP") }),
      "line 4: VEVENT has 0 DTSTAMP (needs exactly one)"
    ),
    (
      bytes(good.filter { $0 != "DESCRIPTION:hi" }),
      "line 9: DISPLAY VALARM needs one non-empty DESCRIPTION"
    ),
    (
      bytes(good.map { $0.hasPrefix("TRIGGER") ? "TRIGGER;VALUE=DATE-TIME:20270101T080000Z" : $0 }),
      "line 9: VALARM has an absolute TRIGGER (fires only once)"
    ),
    (
      bytes(good.filter { $0 != "END:VALARM" }),
      "line 13: END:VEVENT does not close the open component"
    ),
    (bytes(["METHOD:PUBLISH"] + good), "line 1: property METHOD outside any component"),
    (
      bytes(good.map { $0 == "SUMMARY:a\\, b" ? "SUMMARY:a\u{07}b" : $0 }),
      "line 8: control character in the value of SUMMARY"
    ),
    (
      bytes(
        Array(good.dropLast(1)) + [
          "BEGIN:VEVENT", "UID:1", "DTSTAMP:1", "DTSTART:1", "END:VEVENT", "END:VCALENDAR",
        ]),
      "line 15: UID 1 has an event earlier"
    ),
    (
      // Overrides share their event's UID, but one occurrence has one override.
      bytes(
        Array(good.dropLast(1)) + [
          "BEGIN:VEVENT", "UID:1", "DTSTAMP:1", "RECURRENCE-ID:20270101", "DTSTART:1",
          "END:VEVENT", "BEGIN:VEVENT", "UID:1", "DTSTAMP:1", "RECURRENCE-ID:20280101",
          "DTSTART:1", "END:VEVENT", "BEGIN:VEVENT", "UID:1", "DTSTAMP:1",
          "RECURRENCE-ID:20270101", "DTSTART:1", "END:VEVENT", "END:VCALENDAR",
        ]),
      "line 27: UID 1 has an override for 20270101 earlier"
    ),
    (
      bytes(good.map { $0 == "SUMMARY:a\\, b" ? "SUMMARY a" : $0 }),
      "line 8: not a content line NAME[;params]:value"
    ),
  ])
  func catchesEachBrokenRule(calendar: [UInt8], problem: String) {
    #expect(CalendarStructureCheck.problems(in: calendar).contains(problem))
  }
}
