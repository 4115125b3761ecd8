import Testing

@testable import BirthdayKit

@Suite struct ICalendarWriterTests {
  static func calendar(
    _ celebrations: [Celebration], configure: (inout CalendarOptions) -> Void = { _ in }
  ) throws -> String {
    var options = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))
    configure(&options)
    var writer = ICalendarWriter(sink: MemoryByteSink(), options: options)
    try writer.writeHeader()
    for celebration in celebrations { try writer.write(celebration) }
    try writer.finish()
    return writer.sink.text
  }

  static func birthday(_ name: String, _ date: CivilDate, kind: CelebrationKind = .birthday)
    -> Celebration
  {
    let person = PersonName(formatted: name)!
    return Celebration(
      uid: EventIdentity.uid(kind: kind, sourceIdentifier: nil, name: person, date: date),
      name: person,
      kind: kind, date: date)
  }

  /// Golden output, checked by hand against RFC 5545 §3.6.1 and §3.6.6 and parsed by python
  /// `icalendar` 7 and libical 3.0 without errors.
  @Test func goldenBirthdayEvent() throws {
    let text = try Self.calendar([
      Self.birthday("Jane Doe", CivilDate(year: 1985, month: 4, day: 12)!)
    ])
    let expected =
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//bdconvert//Birthday Calendar//EN",
        "CALSCALE:GREGORIAN",
        "NAME:Birthdays",
        "X-WR-CALNAME:Birthdays",
        "BEGIN:VEVENT",
        "UID:a447c17f-f86f-5fdf-b2e0-b844ade4757b",
        "DTSTAMP:19700101T000000Z",
        "DTSTART;VALUE=DATE:19850412",
        "DTEND;VALUE=DATE:19850413",
        "RRULE:FREQ=YEARLY",
        "SUMMARY:Birthday: Jane Doe",
        "DESCRIPTION:Born 1985-04-12",
        "CATEGORIES:BIRTHDAY",
        "TRANSP:TRANSPARENT",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER;RELATED=START:PT8H",
        "DESCRIPTION:Wish Jane Doe a Happy Birthday today!",
        "END:VALARM",
        "END:VEVENT",
        "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n"
    #expect(text == expected)
  }

  @Test(arguments: [
    (CivilDate(year: 1985, month: 4, day: 12)!, "19850412", "19850413"),  // real year kept
    (CivilDate(year: 1972, month: 1, day: 1)!, "19720101", "19720102"),  // the first kept year
    // before 1972: moved to 1972, the one placeholder year; 1 January 1970 (time value 0,
    // which calcurse drops) never starts an event (issue 12, item 15)
    (CivilDate(year: 1970, month: 1, day: 1)!, "19720101", "19720102"),
    (CivilDate(year: 1971, month: 12, day: 31)!, "19721231", "19730101"),
    (CivilDate(year: 1969, month: 12, day: 31)!, "19721231", "19730101"),
    (CivilDate(month: 1, day: 1)!, "19720101", "19720102"),  // year unknown
    (CivilDate(month: 7, day: 4)!, "19720704", "19720705"),
    // leap day, real leap year
    (CivilDate(year: 1996, month: 2, day: 29)!, "19960229", "19960301"),
    (CivilDate(year: 1964, month: 2, day: 29)!, "19720229", "19720301"),  // leap day before 1972
    (CivilDate(month: 2, day: 29)!, "19720229", "19720301"),  // leap day, year unknown
  ])
  func startYearRule(date: CivilDate, start: String, end: String) throws {
    let text = try Self.calendar([Self.birthday("X", date)])
    #expect(text.contains("\r\nDTSTART;VALUE=DATE:\(start)\r\nDTEND;VALUE=DATE:\(end)\r\n"))
    #expect(text.contains("DESCRIPTION:Born") == (date.year != nil))
  }

  @Test(arguments: [
    (LeapDayPolicy.feb28, "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"),
    (.mar1, "RRULE:FREQ=YEARLY;BYYEARDAY=60"),
    (.feb29, "RRULE:FREQ=YEARLY"),
  ])
  func leapDayPolicies(policy: LeapDayPolicy, rule: String) throws {
    let leap = try Self.calendar([Self.birthday("L", CivilDate(month: 2, day: 29)!)]) {
      $0.leapDayPolicy = policy
    }
    #expect(leap.contains("\r\n\(rule)\r\n"))
    // Other days are never affected by the policy.
    let other = try Self.calendar([Self.birthday("O", CivilDate(month: 2, day: 28)!)]) {
      $0.leapDayPolicy = policy
    }
    #expect(other.contains("\r\nRRULE:FREQ=YEARLY\r\n"))
  }

  @Test func alarmsAndTemplates() throws {
    let jane = Celebration(
      uid: "x", name: PersonName(formatted: "Jane Doe", given: "Jane", family: "Doe")!,
      kind: .anniversary,
      date: CivilDate(year: 2011, month: 1, day: 13)!)
    let several = try Self.calendar([jane]) {
      $0.alarms = [.eightAM, try! AlarmSpecification(parsing: "-1d@18:00")]
    }
    #expect(several.components(separatedBy: "BEGIN:VALARM").count == 3)
    #expect(several.contains("TRIGGER;RELATED=START:PT8H\r\n"))
    #expect(several.contains("TRIGGER;RELATED=START:-PT6H\r\n"))
    #expect(several.contains("SUMMARY:Anniversary: Jane Doe\r\n"))
    #expect(several.contains("DESCRIPTION:Since 2011-01-13\r\n"))
    #expect(several.contains("CATEGORIES:ANNIVERSARY\r\n"))
    #expect(several.contains("DESCRIPTION:Wish Jane Doe a Happy Anniversary today!\r\n"))

    let none = try Self.calendar([jane]) { $0.alarms = [] }
    #expect(!none.contains("VALARM"))

    let custom = try Self.calendar([jane]) {
      $0.summaryTemplate = try! EventTextTemplate("🎂 {name} ({year})")
      $0.messageTemplate = try! EventTextTemplate("{last}")
      $0.calendarName = "Family, friends; more"
    }
    #expect(custom.contains("SUMMARY:🎂 Jane Doe (2011)\r\n"))
    #expect(custom.contains("DESCRIPTION:Doe\r\n"))
    #expect(custom.contains("X-WR-CALNAME:Family\\, friends\\; more\r\n"))
  }

  @Test func emptyRenderedTextsFallBack() throws {
    let cher = Self.birthday("Cher", CivilDate(month: 5, day: 20)!)
    let text = try Self.calendar([cher]) {
      $0.summaryTemplate = try! EventTextTemplate("{last}")
      $0.messageTemplate = try! EventTextTemplate("{last}")
    }
    #expect(text.contains("SUMMARY:Cher\r\n"))
    #expect(text.contains("ACTION:DISPLAY\r\nTRIGGER;RELATED=START:PT8H\r\nDESCRIPTION:Cher\r\n"))
  }

  static let hostileNames: [String] = [
    "Eve\r\nBEGIN:VEVENT\r\nUID:evil",  // CRLF injection
    "Eve\nEND:VCALENDAR",  // LF
    "Eve\rATTACH:http://x",  // CR
    "Eve\\nDESCRIPTION:x",  // a literal backslash-n in the name
    "Eve;X-INJECT=1:value",  // parameter-like text
    "Eve,\u{2028}BEGIN:VALARM\u{2029}",  // Unicode line and paragraph separators
    "Eve\u{85}NEL\u{0B}VT\u{0C}FF",  // C1 NEL and other line-ish controls
    "Eve\u{00}\u{07}\u{1B}[31m\u{7F}\u{9B}",  // C0/C1 controls and an ANSI escape
    "Eve\u{202E}gnp.exe\u{2066}x\u{2069}",  // bidi override and isolates
  ]

  /// Untrusted names never produce a new property, component or parameter, and no control
  /// character other than TAB survives in a value.
  @Test(arguments: hostileNames)
  func hostileNamesCannotInject(name: String) throws {
    let person = PersonName(formatted: name, given: name, family: name)!
    let celebration = Celebration(
      uid: "u-1", name: person, kind: .birthday, date: CivilDate(month: 1, day: 2)!)
    let text = try Self.calendar([celebration]) { $0.calendarName = name }
    let bytes = Array(text.utf8)
    #expect(CalendarStructureCheck.problems(in: bytes) == [])
    let lines = LineUnfolding.unfoldedLines(of: bytes).map { String(decoding: $0, as: UTF8.self) }
    let unfolded = lines.joined(separator: "\r\n")
    let names = lines.map { line in String(line.prefix { $0 != ":" && $0 != ";" }) }
    #expect(
      names == [
        "BEGIN", "VERSION", "PRODID", "CALSCALE", "NAME", "X-WR-CALNAME", "BEGIN", "UID", "DTSTAMP",
        "DTSTART",
        "DTEND", "RRULE", "SUMMARY", "CATEGORIES", "TRANSP", "BEGIN", "ACTION", "TRIGGER",
        "DESCRIPTION", "END",
        "END", "END",
      ])
    #expect(
      lines.filter { $0.hasPrefix("BEGIN:") } == [
        "BEGIN:VCALENDAR", "BEGIN:VEVENT", "BEGIN:VALARM",
      ])
    for scalar in unfolded.unicodeScalars where scalar != "\r" && scalar != "\n" {
      #expect(!(scalar.value < 0x20 && scalar != "\t") && !(0x7F...0x9F).contains(scalar.value))
      #expect(
        !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
      #expect(scalar.value != 0x2028 && scalar.value != 0x2029)
    }
    // The CR and LF bytes that remain are exactly the line breaks.
    for index in bytes.indices where bytes[index] == 0x0D { #expect(bytes[index + 1] == 0x0A) }
  }
}
