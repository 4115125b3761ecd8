import BirthdayKit
import Testing

/// The simple entry point, through the public API only (no `@testable`).
@Suite struct BirthdayCalendarTests {
  static let options = ConversionOptions(
    calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)))

  @Test func contactsInCalendarOut() {
    let jane = Contact(
      name: PersonName(formatted: "Jane Doe"), birthday: CivilDate(year: 1985, month: 4, day: 12),
      location: SourceLocation(file: "app", line: 1))
    let nameless = Contact(
      name: nil, birthday: CivilDate(month: 1, day: 2),
      location: SourceLocation(file: "app", line: 2))
    let (calendar, diagnostics) = BirthdayCalendar.render(
      [jane, jane, nameless], options: Self.options)
    #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n"))
    #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 2)  // the twin merged
    #expect(calendar.contains("SUMMARY:Birthday: Jane Doe\r\n"))
    #expect(CalendarStructureCheck.problems(in: Array(calendar.utf8)) == [])
    #expect(diagnostics.map(\.kind) == [.duplicateUID, .recordWithoutName])
  }

  @Test func vCardAndCSVText() throws {
    let fromVCard = try BirthdayCalendar.render(
      vCard: "BEGIN:VCARD\nVERSION:3.0\nFN:Tom\nBDAY:1990-07-04\nEND:VCARD\n", options: Self.options
    )
    let fromCSV = try BirthdayCalendar.render(
      csv: "Name,Birthday\nTom,1990-07-04\n", options: Self.options)
    #expect(fromVCard.calendar.contains("SUMMARY:Birthday: Tom\r\n"))
    #expect(fromCSV.calendar.contains("DTSTART;VALUE=DATE:19900704\r\n"))
    #expect(fromVCard.diagnostics.isEmpty && fromCSV.diagnostics.isEmpty)
    #expect(throws: InputFormatError.self) { try BirthdayCalendar.render(vCard: "hello") }
  }

  @Test func theCurrentTimeIsTheDefaultStamp() {
    let before = UTCTimestamp.now.secondsSince1970
    let stamped = ConversionOptions().calendar.timestamp.secondsSince1970
    #expect(stamped >= before && stamped <= UTCTimestamp.now.secondsSince1970)
    #expect(before > 1_700_000_000)
  }
}
