import Testing

@testable import BirthdayKit

/// Alarm texts that say when the alarm fires, per-kind templates, and ages: the yearly event
/// without the age and one `RECURRENCE-ID` override per year with it.
@Suite struct AgeOverrideTests {
  static func calendar(
    _ celebrations: [Celebration], configure: (inout CalendarOptions) -> Void = { _ in }
  ) throws -> String {
    try ICalendarWriterTests.calendar(celebrations) {
      $0.currentYear = 2026
      configure(&$0)
    }
  }

  static func jane(_ date: CivilDate, kind: CelebrationKind = .birthday) -> Celebration {
    Celebration(
      uid: "jane", name: PersonName(formatted: "Jane Doe", given: "Jane", family: "Doe")!,
      kind: kind, date: date)
  }

  /// The alarm descriptions in file order.
  static func alarmTexts(_ text: String) -> [String] {
    text.components(separatedBy: "\r\n").enumerated().compactMap { index, line in
      line.hasPrefix("DESCRIPTION:") && index > 0
        && text.components(separatedBy: "\r\n")[index - 1].hasPrefix("TRIGGER")
        ? String(line.dropFirst("DESCRIPTION:".count)) : nil
    }
  }

  /// The value of each line starting with `name:` in file order.
  static func values(_ name: String, in text: String) -> [String] {
    text.components(separatedBy: "\r\n").compactMap { line in
      line.hasPrefix(name + ":") ? String(line.dropFirst(name.count + 1)) : nil
    }
  }

  @Test func defaultAlarmTextsSayWhenTheDayIs() throws {
    let alarms = ["08:00", "-1d@18:00", "-7d@09:00"].map { try! AlarmSpecification(parsing: $0) }
    let birthday = try Self.calendar([Self.jane(CivilDate(year: 1985, month: 4, day: 12)!)]) {
      $0.alarms = alarms
    }
    #expect(
      Self.alarmTexts(birthday) == [
        "Wish Jane Doe a Happy Birthday today!", "Jane Doe's birthday is tomorrow",
        "Jane Doe's birthday is in 7 days",
      ])
    let anniversary = try Self.calendar([
      Self.jane(CivilDate(year: 2011, month: 1, day: 13)!, kind: .anniversary)
    ]) { $0.alarms = alarms }
    #expect(
      Self.alarmTexts(anniversary) == [
        "Wish Jane Doe a Happy Anniversary today!", "Jane Doe's anniversary is tomorrow",
        "Jane Doe's anniversary is in 7 days",
      ])
    // A text given by hand is every alarm's.
    let custom = try Self.calendar([Self.jane(CivilDate(year: 1985, month: 4, day: 12)!)]) {
      $0.alarms = alarms
      $0.messageTemplate = try! EventTextTemplate("{first}!")
    }
    #expect(Self.alarmTexts(custom) == ["Jane!", "Jane!", "Jane!"])
  }

  @Test func anniversariesHaveTheirOwnTemplates() throws {
    let both = [
      Self.jane(CivilDate(year: 1985, month: 4, day: 12)!),
      Self.jane(CivilDate(year: 2011, month: 1, day: 13)!, kind: .anniversary),
    ]
    let text = try Self.calendar(both) {
      $0.summaryTemplate = try! EventTextTemplate("🎂 {name}")
      $0.messageTemplate = try! EventTextTemplate("Call {first}")
      $0.anniversarySummaryTemplate = try! EventTextTemplate("💍 {name}")
      $0.anniversaryMessageTemplate = try! EventTextTemplate("Card for {first}")
    }
    #expect(Self.values("SUMMARY", in: text) == ["🎂 Jane Doe", "💍 Jane Doe"])
    #expect(Self.alarmTexts(text) == ["Call Jane", "Card for Jane"])
    // Without the anniversary options, --summary/--message are both kinds' (as before).
    let shared = try Self.calendar(both) { $0.summaryTemplate = try! EventTextTemplate("{name}") }
    #expect(Self.values("SUMMARY", in: shared) == ["Jane Doe", "Jane Doe"])
  }

  /// Golden output, checked by hand against RFC 5545 §3.8.4.4 (RECURRENCE-ID of a DATE
  /// occurrence) and read back by python icalendar + recurring_ical_events in the interop checks.
  @Test func overridesCarryTheAge() throws {
    let text = try Self.calendar([Self.jane(CivilDate(year: 1985, month: 4, day: 12)!)]) {
      $0.summaryTemplate = try! EventTextTemplate("{name} ({age})")
      $0.messageTemplate = try! EventTextTemplate("{first} turns {age} today")
      $0.ageYears = 2
    }
    let events = text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst()
    #expect(
      Array(events) == [
        "UID:jane\r\nDTSTAMP:19700101T000000Z\r\nDTSTART;VALUE=DATE:19850412\r\n"
          + "DTEND;VALUE=DATE:19850413\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:Jane Doe\r\n"
          + "DESCRIPTION:Born 1985-04-12\r\nCATEGORIES:BIRTHDAY\r\nTRANSP:TRANSPARENT\r\n"
          + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=START:PT8H\r\n"
          + "DESCRIPTION:Jane turns today\r\nEND:VALARM\r\nEND:VEVENT\r\n",
        "UID:jane\r\nDTSTAMP:19700101T000000Z\r\nRECURRENCE-ID;VALUE=DATE:20260412\r\n"
          + "DTSTART;VALUE=DATE:20260412\r\nDTEND;VALUE=DATE:20260413\r\n"
          + "SUMMARY:Jane Doe (41)\r\nDESCRIPTION:Born 1985-04-12\r\nCATEGORIES:BIRTHDAY\r\n"
          + "TRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
          + "TRIGGER;RELATED=START:PT8H\r\nDESCRIPTION:Jane turns 41 today\r\nEND:VALARM\r\n"
          + "END:VEVENT\r\n",
        "UID:jane\r\nDTSTAMP:19700101T000000Z\r\nRECURRENCE-ID;VALUE=DATE:20270412\r\n"
          + "DTSTART;VALUE=DATE:20270412\r\nDTEND;VALUE=DATE:20270413\r\n"
          + "SUMMARY:Jane Doe (42)\r\nDESCRIPTION:Born 1985-04-12\r\nCATEGORIES:BIRTHDAY\r\n"
          + "TRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
          + "TRIGGER;RELATED=START:PT8H\r\nDESCRIPTION:Jane turns 42 today\r\nEND:VALARM\r\n"
          + "END:VEVENT\r\nEND:VCALENDAR\r\n",
      ])
    #expect(CalendarStructureCheck.problems(in: Array(text.utf8)).isEmpty)
  }

  /// The RECURRENCE-ID is the day the rule produces: 29 February in leap years, else 28 February
  /// or 1 March, and no override in common years under feb29 (there is no occurrence).
  @Test(arguments: [
    (LeapDayPolicy.feb28, ["20270228", "20280229", "20290228", "20300228"]),
    (LeapDayPolicy.mar1, ["20270301", "20280229", "20290301", "20300301"]),
    (LeapDayPolicy.feb29, ["20280229"]),
  ])
  func leapDayOverridesFollowTheRule(policy: LeapDayPolicy, days: [String]) throws {
    let text = try Self.calendar([Self.jane(CivilDate(year: 1996, month: 2, day: 29)!)]) {
      $0.summaryTemplate = try! EventTextTemplate("{name}'s {ordinal} birthday")
      $0.leapDayPolicy = policy
      $0.currentYear = 2027
      $0.ageYears = 4
    }
    #expect(Self.values("RECURRENCE-ID;VALUE=DATE", in: text) == days)
    let ordinals = ["20270228": "31st", "20270301": "31st", "20280229": "32nd"]
    for day in days.prefix(2) {
      #expect(text.contains("SUMMARY:Jane Doe's \(ordinals[day]!) birthday"))
    }
    #expect(text.contains("SUMMARY:Jane Doe's birthday\r\n"))  // the yearly event
  }

  /// Across a year end: the years are calendar years, so a 31 December and a 1 January birthday
  /// both get overrides from the current year on.
  @Test func yearEndAndYoungAges() throws {
    let text = try Self.calendar([
      Self.jane(CivilDate(year: 2000, month: 12, day: 31)!),
      Celebration(
        uid: "baby", name: PersonName(formatted: "Baby")!, kind: .birthday,
        date: CivilDate(year: 2027, month: 1, day: 1)!),
    ]) {
      $0.summaryTemplate = try! EventTextTemplate("{name} ({age})")
      $0.ageYears = 3
    }
    #expect(
      Self.values("SUMMARY", in: text) == [
        "Jane Doe", "Jane Doe (26)", "Jane Doe (27)", "Jane Doe (28)",
        // born in 2027: no age 0 and nothing before the first occurrence
        "Baby", "Baby (1)",
      ])
    #expect(
      Self.values("RECURRENCE-ID;VALUE=DATE", in: text) == [
        "20261231", "20271231", "20281231", "20280101",
      ])
  }

  @Test func noOverridesWithoutAYearOrWithoutAnAge() throws {
    let yearless = try Self.calendar([Self.jane(CivilDate(month: 4, day: 12)!)]) {
      $0.summaryTemplate = try! EventTextTemplate("{name} ({age})")
    }
    #expect(!yearless.contains("RECURRENCE-ID"))
    #expect(yearless.contains("SUMMARY:Jane Doe\r\n"))
    let plain = try Self.calendar([Self.jane(CivilDate(year: 1985, month: 4, day: 12)!)])
    #expect(!plain.contains("RECURRENCE-ID"))
    let none = try Self.calendar([Self.jane(CivilDate(year: 1985, month: 4, day: 12)!)]) {
      $0.summaryTemplate = try! EventTextTemplate("{name} ({age})")
      $0.ageYears = 0
    }
    #expect(!none.contains("RECURRENCE-ID"))
  }

  /// Born before 1972: the event starts in 1972, and the age still counts from the real year.
  @Test func agesBeforeNineteenSeventy() throws {
    let text = try Self.calendar([
      Self.jane(CivilDate(year: 1950, month: 7, day: 1)!, kind: .anniversary)
    ]) {
      $0.summaryTemplate = try! EventTextTemplate("{name}: {ordinal} anniversary")
      $0.ageYears = 1
    }
    #expect(
      Self.values("SUMMARY", in: text) == ["Jane Doe: anniversary", "Jane Doe: 76th anniversary"])
    #expect(text.contains("DTSTART;VALUE=DATE:19720701\r\n"))
  }
}
