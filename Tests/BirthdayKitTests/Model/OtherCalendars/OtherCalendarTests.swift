import Testing

@testable import BirthdayKit

/// Dates kept in other calendars: reading them, converting them (values checked against the
/// Python libraries Tests/Calendars/run compares with day by day), and the rules by which they
/// are celebrated in years that lack the day.
@Suite struct OtherCalendarTests {
  static func date(_ text: String, _ system: CalendarSystem) throws -> CalendarDate {
    try #require(CalendarDate.parse(text, in: system))
  }

  static func civil(_ text: String) throws -> CivilDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return try #require(CivilDate(year: parts[0], month: parts[1], day: parts[2]))
  }

  @Test(arguments: [
    // Apple's cycle form: the 17th year of the 77th cycle is 1940 (lunardate: 1940-10-15).
    ("007700170915", CalendarSystem.chinese, "1940-09-15"),
    ("007800021101", .chinese, "1985-11-01"),
    ("0078003704L08", .chinese, "2020-L04-08"),
    ("--0915", .chinese, "--09-15"),  // no era, no year
    ("-57850729", .hebrew, "5785-07-29"),  // era left out, as some exporters write it
    ("000057850729", .hebrew, "5785-07-29"),
    ("1446-09-01", .islamic, "1446-09-01"),  // a plain form is read too
  ])
  func appleAlternateBirthdays(value: String, system: CalendarSystem, expected: String) {
    #expect(CalendarDate.parseAppleAlternate(value, in: system)?.description == expected)
  }

  @Test(arguments: [
    ("1940-09-15", "1940-09-15"), ("--08-15", "--08-15"), ("2020-L04-08", "2020-L04-08"),
    ("--L04-08", "--L04-08"), ("19400915", "1940-09-15"), ("--0815", "--08-15"),
    ("1940/9/15", "1940-09-15"),
  ])
  func spreadsheetForms(value: String, expected: String) {
    #expect(CalendarDate.parse(value, in: .chinese)?.description == expected)
  }

  @Test(arguments: [
    ("2021-L04-08", CalendarSystem.chinese),  // 2021 has no leap fourth month
    ("2020-13-01", .chinese), ("2020-04-31", .chinese), ("5784-02-30", .hebrew),
    ("5785-06-01", .hebrew),  // Adar I in a common year
    ("1404-12-30", .persian), ("1446-09-30", .islamic), ("5785-L02-01", .hebrew),
    ("15-08", .chinese),
  ])
  func daysTheCalendarLacksAreRefused(value: String, system: CalendarSystem) {
    #expect(CalendarDate.parse(value, in: system) == nil)
  }

  @Test(arguments: [
    ("1940-09-15", CalendarSystem.chinese, "1940-10-15"),
    ("2020-L04-08", .chinese, "2020-05-30"),
    ("1990-09-01", .chinese, "1990-10-18"),
    // Seoul's meridian: the ninth month began a day later in Korea (korean-lunar-calendar).
    ("1990-09-01", .korean, "1990-10-19"),
    ("5785-02-30", .hebrew, "2024-12-01"), ("5785-07-10", .hebrew, "2025-03-10"),
    ("1447-09-30", .islamic, "2026-03-19"), ("1403-12-30", .persian, "2025-03-20"),
    // Where ICU is a day off: its Hebrew 5806 has 385 days (the rules, pyluach: 384), its
    // Umm al-Qura months before 1420 AH are not the published ones (hijridate).
    ("5806-03-01", .hebrew, "2045-11-10"), ("5807-02-30", .hebrew, "2046-11-29"),
    ("1343-10-01", .islamic, "1925-04-24"), ("1343-09-28", .islamic, "1925-04-23"),
  ])
  func conversions(value: String, system: CalendarSystem, gregorian: String) throws {
    let date = try Self.date(value, system)
    #expect(OtherCalendarConversion.gregorianDate(of: date) == (try Self.civil(gregorian)))
    #expect(
      OtherCalendarConversion.calendarDate(of: try Self.civil(gregorian), in: system) == date)
  }

  @Test(arguments: [
    // Born in a leap month: the regular month in a year without it.
    ("2020-L04-08", CalendarSystem.chinese, 2021, "2021-05-19"),
    // 30 Cheshvan in a year whose Cheshvan has 29 days: 1 Kislev.
    ("5785-02-30", .hebrew, 5786, "2025-11-21"), ("5785-02-30", .hebrew, 5787, "2026-11-10"),
    // Adar of a common year: Adar II in a leap year.
    ("5785-07-10", .hebrew, 5787, "2027-03-19"),
    // The 30th of a 29-day Hijri month: the 29th.
    ("--09-30", .islamic, 1446, "2025-03-29"),
    // Esfand 30 in a common year: Esfand 29.
    ("1403-12-30", .persian, 1404, "2026-03-20"),
  ])
  func celebrationRules(value: String, system: CalendarSystem, year: Int, expected: String)
    throws
  {
    let birth = try Self.date(value, system)
    #expect(
      OtherCalendarConversion.celebration(of: birth, inYear: year) == (try Self.civil(expected)))
  }

  @Test(arguments: [
    // Adar of a common year (5785), in the leap year 5787: Adar II 10 by default, Adar I 10
    // with adar1; in the common year 5786 Adar either way.
    ("5785-07-10", 5787, HebrewAdarRule.adar2, "2027-03-19"),
    ("5785-07-10", 5787, .adar1, "2027-02-17"), ("5785-07-10", 5786, .adar1, "2026-02-27"),
    // Without a year the date is taken as Adar of a common year.
    ("--07-10", 5787, .adar1, "2027-02-17"),
    // Born in Adar II or Adar I of a leap year (5784): that month in leap years either way.
    ("5784-07-10", 5787, .adar1, "2027-03-19"), ("5784-06-10", 5787, .adar2, "2027-02-17"),
  ])
  func hebrewAdarRule(value: String, year: Int, adar: HebrewAdarRule, expected: String) throws {
    let birth = try Self.date(value, .hebrew)
    #expect(
      OtherCalendarConversion.celebration(of: birth, inYear: year, adar: adar)
        == (try Self.civil(expected)))
  }

  @Test func occurrencesInAWindowOfGregorianYears() throws {
    let birth = try Self.date("1940-09-15", .chinese)
    let found = OtherCalendarConversion.celebrations(of: birth, inGregorianYears: 2026..<2029)
    #expect(found.map(\.date.description) == ["2026-10-24", "2027-10-14", "2028-11-01"])
    #expect(found.map(\.calendarYear) == [2026, 2027, 2028])
    // A Hijri date can fall twice in one Gregorian year: 1 Muharram in 2008.
    let newYear = try Self.date("--01-01", .islamic)
    let twice = OtherCalendarConversion.celebrations(of: newYear, inGregorianYears: 2008..<2009)
    #expect(twice.count == 2)
  }

  @Test func appleCardBecomesOneEventPerYearWithItsLunarAge() throws {
    let text =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:李小龍\r\nN:李;小龍;;;\r\nUID:bruce\r\n"
      + "X-ALTBDAY;CALSCALE=chinese:007700170915\r\nEND:VCARD\r\n"
    let result = try readVCard(text)
    #expect(result.diagnostics.isEmpty)
    #expect(result.contacts.first?.calendarBirthday?.description == "1940-09-15")
    #expect(result.contacts.first?.birthday == nil)

    var options = ConversionOptions(
      calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 1_767_225_600)))
    options.calendar.alarms = []
    options.calendar.summaryTemplate = try EventTextTemplate("{name} ({age})")
    options.builder.calendarYears = 2026..<2029
    var converter = BirthdayCalendarConverter(sink: MemoryByteSink(), options: options) { _ in }
    try converter.begin()
    for contact in result.contacts { try converter.add(contact) }
    _ = try converter.finish()
    let lines = converter.sink.text.components(separatedBy: "\r\n")
    #expect(
      lines.filter { $0.hasPrefix("DTSTART") }
        == [
          "DTSTART;VALUE=DATE:20261024", "DTSTART;VALUE=DATE:20271014",
          "DTSTART;VALUE=DATE:20281101",
        ])
    #expect(
      lines.filter { $0.hasPrefix("SUMMARY") } == [
        "SUMMARY:李小龍 (86)", "SUMMARY:李小龍 (87)", "SUMMARY:李小龍 (88)",
      ])
    #expect(!lines.contains { $0.hasPrefix("RRULE") || $0.hasPrefix("RECURRENCE-ID") })
    #expect(Set(lines.filter { $0.hasPrefix("UID:") }).count == 3)
    #expect(lines.contains("DESCRIPTION:Born 1940-10-15 (chinese calendar 1940-09-15)"))
  }

  @Test func vCard4CalendarScalesAndUnknownOnes() throws {
    let result = try readVCard(
      card(
        version: "4.0",
        "BDAY;CALSCALE=hebrew:57850729\nANNIVERSARY;CALSCALE=persian:1403-12-30\n"
          + "X-ALTBDAY;CALSCALE=chinese:2021-L04-08"))
    #expect(result.contacts.first?.calendarBirthday?.description == "5785-07-29")
    #expect(result.contacts.first?.calendarAnniversaries.map(\.description) == ["1403-12-30"])
    #expect(
      result.rendered == [
        "test.vcf:6:28: warning: invalid X-ALTBDAY value '2021-L04-08': not a day of the chinese calendar"
      ])
  }

  @Test func spreadsheetColumns() throws {
    var options = CSVReadOptions()
    options.dateCalendar = .hebrew
    var birthdays: [String] = []
    var reader = CSVContactReader(
      source: MemoryByteSource(Array("Name,Birthday\nA,5785-02-30\nB,5785-13-40\n".utf8)),
      fileName: "in.csv", options: options
    ) { birthdays.append($0.description) }
    try reader.forEachContact { birthdays.append($0.calendarBirthday?.description ?? "-") }
    #expect(
      birthdays == [
        "5785-02-30",
        "in.csv:3: warning: column 'Birthday': invalid date '5785-13-40': not a day of the hebrew calendar (expected YYYY-MM-DD, --MM-DD or a leap month YYYY-L08-15)",
        "-",
      ])
    var lunar: [String] = []
    var columns = CSVContactReader(
      source: MemoryByteSource(Array("Name,阳历生日,农历生日\n王芳,1985-03-02,1985-01-11\n".utf8)),
      fileName: "in.csv", options: CSVReadOptions()
    ) { lunar.append($0.description) }
    try columns.forEachContact {
      lunar.append("\($0.birthday?.description ?? "-") \($0.calendarBirthday?.description ?? "-")")
    }
    #expect(lunar == ["- 1985-01-11"])
  }
}
