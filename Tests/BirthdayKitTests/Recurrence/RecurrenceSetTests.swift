import Testing

@testable import BirthdayKit

private func time(_ text: String) -> LocalDateTime { DateTimeValue(bytes: text.utf8)!.local }

@Suite struct RecurrenceSetTests {
  /// The direct answer for plain yearly rules equals the general expansion (forced here by an
  /// EXDATE long before the search).
  @Test(arguments: [
    ("FREQ=YEARLY", "19720229", "20270101"),
    ("FREQ=YEARLY", "19720229", "20970301"),  // 2100 is not a leap year
    ("FREQ=YEARLY;INTERVAL=3", "19720229", "20270101"),  // leap years 12 years apart
    ("FREQ=YEARLY;INTERVAL=7", "19850412T093000", "20270412T093001"),
    ("FREQ=YEARLY;UNTIL=20301231", "20000701", "20300702"),
    ("FREQ=YEARLY;UNTIL=19990101", "20000701", "20000701"),  // DTSTART counts after UNTIL
    ("FREQ=YEARLY", "99981231", "99991231T000001"),  // nothing after 9999
  ])
  func plainYearlyRulesMatchTheExpansion(rule: String, start: String, from: String) throws {
    let parsed = try RecurrenceRule(parsing: rule)
    let fast = RecurrenceSet(start: time(start), rules: [parsed])
    var general = fast
    general.exclusions = [DateTimeValue(bytes: "00010101".utf8)!]
    #expect(try fast.next(onOrAfter: time(from)) == general.next(onOrAfter: time(from)))
  }

  @Test func dateExclusionsRemoveTheirWholeDayFromTimedEvents() throws {
    var set = RecurrenceSet(
      start: time("20270601T090000"), rules: [try RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=9,18")]
    )
    set.exclusions = [DateTimeValue(bytes: "20270602".utf8)!]
    let found = try set.occurrences(
      in: DateRange(from: time("20270601"), upTo: time("20270604")))
    #expect(
      found.map(\.description) == [
        "20270601T090000", "20270601T180000", "20270603T090000", "20270603T180000",
      ])
  }

  @Test func overridesMoveAndCancel() throws {
    var set = RecurrenceSet(
      start: time("20270601"), isAllDay: true, rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY")])
    set.overrides = [
      .init(recurrenceID: DateTimeValue(bytes: "20270608".utf8)!, start: time("20270530")),
      .init(recurrenceID: DateTimeValue(bytes: "20270615".utf8)!, start: nil),
    ]
    let found = try set.occurrences(in: DateRange(from: time("20270501"), upTo: time("20270623")))
    #expect(
      found.map(\.description) == [
        "20270530T000000", "20270601T000000", "20270622T000000",
      ])
    #expect(try set.next(onOrAfter: time("20270602")) == time("20270622"))
  }

  @Test func anUnsynchronisedStartIsTheFirstOccurrence() throws {
    // 2 June 2027 is a Wednesday; the rule only gives Mondays.
    let set = RecurrenceSet(
      start: time("20270602"), rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO;COUNT=2")])
    let found = try set.occurrences(in: DateRange(from: time("20270101"), upTo: time("20280101")))
    #expect(
      found.map(\.description) == [
        "20270602T000000", "20270607T000000", "20270614T000000",
      ])
  }

  @Test func boundedWorkIsReported() throws {
    let set = RecurrenceSet(
      start: time("20270101T000000"),
      rules: [try RecurrenceRule(parsing: "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30")])
    #expect(throws: RecurrenceLimitError.self) { try set.next(onOrAfter: time("20270101")) }
    let huge = RecurrenceSet(
      start: time("20270101T000000"),
      rules: [
        try RecurrenceRule(
          parsing:
            "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11;"
            + "BYMINUTE=0,1,2,3,4,5,6,7,8,9;BYSECOND=0,1,2,3,4,5,6,7,8,9")
      ])
    #expect(throws: RecurrenceLimitError.self) { try huge.next(onOrAfter: time("20270101")) }
  }

  @Test(arguments: [
    ("Europe/Berlin", "20270608T213000Z", "20270608T233000"),
    ("/mozilla.org/20050126_1/Europe/Berlin", "20270108T213000Z", "20270108T223000"),
    ("W. Europe Standard Time", "20270108T213000Z", "20270108T223000"),
    ("(UTC+01:00) W. Europe Standard Time", "20270108T213000Z", "20270108T223000"),
    ("America/New_York", "20270314T065959Z", "20270314T015959"),  // before the spring gap
    ("America/New_York", "20270314T070000Z", "20270314T030000"),  // after it
  ])
  func utcValuesComeOntoTheZonesClock(tzid: String, utc: String, local: String) throws {
    let zone = try #require(RecurrenceTimeZone(tzid: tzid))
    let value = try #require(DateTimeValue(bytes: utc.utf8))
    #expect(RecurrenceTimeZone.convert(value, from: nil, to: zone).description == local)
    // And back: the wall-clock time names the same instant.
    let back = zone.utcSeconds(of: time(local))
    #expect(back == value.local.seconds)
  }

  @Test func aTimeInTheSpringGapMovesForward() throws {
    // 02:30 does not exist in New York on 14 March 2027: it is read as 03:30 EDT (07:30 UTC).
    let zone = try #require(RecurrenceTimeZone(tzid: "America/New_York"))
    #expect(zone.utcSeconds(of: time("20270314T023000")) == time("20270314T073000").seconds)
  }

  @Test func unknownZonesAreNil() {
    #expect(RecurrenceTimeZone(tzid: "Nowhere/Special") == nil)
    #expect(RecurrenceTimeZone(tzid: "EST") == nil)  // an abbreviation, not a zone name
  }
}
