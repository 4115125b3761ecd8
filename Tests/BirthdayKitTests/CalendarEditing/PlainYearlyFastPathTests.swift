import Testing

@testable import BirthdayKit

/// `list` finds the next occurrence of a plain yearly all-day event (every birthday bdconvert
/// writes) without a recurrence set (issue 16); it must agree with the set everywhere.
@Suite struct PlainYearlyFastPathTests {
  static func next(start: String, rule: String, today: CivilDate) -> CivilDate? {
    var properties = EventRecurrenceProperties()
    properties.start = .init(tzid: [], value: Array(start.utf8))
    properties.rules = [Array(rule.utf8)]
    var cache = RecurrenceRuleCache()
    return properties.nextDate(
      onOrAfter: today, rules: &cache, location: SourceLocation(file: "t.ics", line: 1),
      diagnostics: { _ in })
  }

  static let starts = [
    "19720229", "19850412", "19721231", "19700101", "20000229", "19960301", "20270101",
    "20260615", "18960229", "20991231", "20260614",
  ]

  @Test(arguments: starts)
  func agreesWithTheRecurrenceSet(_ start: String) throws {
    let todays = [
      (2026, 6, 15), (2027, 1, 1), (2028, 2, 29), (2028, 3, 1), (2096, 3, 1), (2100, 2, 28),
      (2026, 12, 31), (1900, 1, 1), (9990, 6, 1), (9999, 12, 31),
    ].compactMap { CivilDate(year: $0.0, month: $0.1, day: $0.2) }
    for today in todays {
      let fast = Self.next(start: start, rule: "FREQ=YEARLY", today: today)
      // The same rule spelled so that it takes the general path.
      let general = Self.next(start: start, rule: "FREQ=YEARLY;INTERVAL=1", today: today)
      #expect(fast == general, "start \(start), today \(today)")
    }
  }

  @Test func leapDayBirthdaysSkipCommonYearsAndCenturies() throws {
    let today = try #require(CivilDate(year: 2097, month: 1, day: 1))
    #expect(
      Self.next(start: "19720229", rule: "FREQ=YEARLY", today: today)
        == CivilDate(year: 2104, month: 2, day: 29))
  }
}
