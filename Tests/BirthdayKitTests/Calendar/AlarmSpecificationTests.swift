import Testing

@testable import BirthdayKit

@Suite struct AlarmSpecificationTests {
  @Test(arguments: [
    ("08:00", "PT8H"),  // the default: 8 AM on the day
    ("8:00", "PT8H"),  // one-digit hour
    ("08:30", "PT8H30M"),
    ("00:00", "PT0S"),  // midnight at the start of the day
    ("00:05", "PT5M"),
    ("23:59", "PT23H59M"),
    ("-1d@18:00", "-PT6H"),  // the evening before
    ("-1d@00:00", "-P1D"),
    ("-2d@09:00", "-P1DT15H"),  // Nextcloud's "2 days before 9 AM"
    ("-7d@09:30", "-P6DT14H30M"),
    ("-0d@08:00", "PT8H"),
  ])
  func triggers(spec: String, trigger: String) throws {
    #expect(try AlarmSpecification(parsing: spec).trigger == trigger)
  }

  @Test(arguments: [
    "", "8", "24:00", "08:60", "08:0", "1d@08:00", "-1@08:00", "-xd@08:00", "-400d@08:00",
    "08:00:00", "０8:00",
  ])
  func rejects(spec: String) {
    #expect(throws: AlarmSpecification.ParseError.self) { try AlarmSpecification(parsing: spec) }
  }

  @Test func errorMessageShowsTheForms() {
    #expect(
      AlarmSpecification.ParseError(value: "8").description
        == "invalid alarm '8' (expected HH:MM on the day, or -Nd@HH:MM N days before, e.g. 08:00 or -1d@18:00)"
    )
  }
}

@Suite struct EventTextTemplateTests {
  static let jane = Celebration(
    uid: "u", name: PersonName(formatted: "Dr. Jane Doe", given: "Jane", family: "Doe")!,
    kind: .birthday,
    date: CivilDate(year: 1985, month: 4, day: 12)!)
  static let cher = Celebration(
    uid: "u", name: PersonName(formatted: "Cher")!, kind: .birthday,
    date: CivilDate(month: 5, day: 20)!)

  @Test(arguments: [
    ("Wish {first} {last} a Happy Birthday today!", jane, "Wish Jane Doe a Happy Birthday today!"),
    // no parts
    ("Wish {first} {last} a Happy Birthday today!", cher, "Wish Cher a Happy Birthday today!"),
    ("{name} ({year})", jane, "Dr. Jane Doe (1985)"),
    ("{name} ({year})", cher, "Cher"),  // empty brackets removed
    ("{NAME} [{year}]", cher, "Cher"),  // case-insensitive, square brackets
    ("{name} {unclosed", cher, "Cher {unclosed"),  // a lone brace is literal
    ("{ name }", cher, "{ name }"),  // not a placeholder
  ])
  func renders(template: String, celebration: Celebration, expected: String) throws {
    #expect(try EventTextTemplate(template).render(for: celebration) == expected)
  }

  @Test func unknownPlaceholderIsAnError() {
    #expect(throws: EventTextTemplate.ParseError(template: "{nick}!", placeholder: "{nick}")) {
      try EventTextTemplate("{nick}!")
    }
  }

  /// `{age}` and `{ordinal}` with an occurrence year, and what goes with them without one (the
  /// yearly event): the bracket around them, or the separator next to them.
  @Test(
    arguments: [
      ("{name} ({age})", 2026, "Dr. Jane Doe (41)"),
      ("{name} ({age})", nil, "Dr. Jane Doe"),
      ("{name}'s {ordinal} birthday", 2026, "Dr. Jane Doe's 41st birthday"),
      ("{name}'s {ordinal} birthday", nil, "Dr. Jane Doe's birthday"),
      ("{name} (turns {age})", 2027, "Dr. Jane Doe (turns 42)"),
      ("{name} (turns {age}) today", nil, "Dr. Jane Doe today"),
      ("{name} [{ordinal}]", 2028, "Dr. Jane Doe [43rd]"),
      ("{name}, {age}", nil, "Dr. Jane Doe"),
      ("{name} – {ordinal}", nil, "Dr. Jane Doe"),
      ("{age} - {name}", nil, "Dr. Jane Doe"),
      ("{age} - {name}", 2035, "50 - Dr. Jane Doe"),
      ("{name} ({year}, {age})", 2026, "Dr. Jane Doe (1985, 41)"),
      ("{name} ({year}, {age})", nil, "Dr. Jane Doe"),
      ("{name} (born {year})", nil, "Dr. Jane Doe (born 1985)"),
      ("{name} {age}", 1985, "Dr. Jane Doe"),  // not before the date itself
      ("({name})", nil, "(Dr. Jane Doe)"),  // brackets around a value stay
      ("{name} :-)", nil, "Dr. Jane Doe :-)"),  // an unmatched bracket is text
    ] as [(String, Int?, String)])
  func ages(template: String, year: Int?, expected: String) throws {
    #expect(try EventTextTemplate(template).render(for: Self.jane, inYear: year) == expected)
  }

  @Test func noAgeWithoutTheYearOfBirth() throws {
    #expect(try EventTextTemplate("{name} ({age})").render(for: Self.cher, inYear: 2026) == "Cher")
    #expect(try EventTextTemplate("{name} ({age})").dependsOnYear)
    #expect(try !EventTextTemplate("{name} ({year})").dependsOnYear)
  }

  /// The default alarm text of an other date says when, whichever way its template is made (the
  /// one for the day itself is parsed once).
  @Test(arguments: [
    (0, "Graduation: Cher today"), (1, "Graduation: Cher tomorrow"),
    (3, "Graduation: Cher in 3 days"),
  ])
  func otherDateAlarmTexts(daysBefore: Int, expected: String) {
    let graduation = Celebration(
      uid: "u", name: PersonName(formatted: "Cher")!, kind: .other,
      date: CivilDate(month: 5, day: 20)!, label: "Graduation")
    let template = CalendarOptions().messageTemplate(for: .other, daysBefore: daysBefore)
    #expect(template.render(for: graduation) == expected)
  }

  @Test(arguments: [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
    (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (41, "41st"), (42, "42nd"),
    (43, "43rd"), (100, "100th"), (101, "101st"), (111, "111th"), (112, "112th"), (113, "113th"),
  ])
  func englishOrdinals(number: Int, text: String) {
    #expect(EventTextTemplate.englishOrdinal(number) == text)
  }
}

@Suite struct UTCTimestampTests {
  @Test(arguments: [
    (Int64(0), "19700101T000000Z"),
    (Int64(951_782_400), "20000229T000000Z"),  // a leap day
    (Int64(1_700_000_000), "20231114T221320Z"),  // `date -u -d @1700000000`
    (Int64(4_102_444_799), "20991231T235959Z"),
    (Int64(253_402_300_799), "99991231T235959Z"),
  ])
  func formats(seconds: Int64, text: String) {
    #expect(UTCTimestamp(secondsSince1970: seconds).description == text)
  }
}
