// The finder, and the lines `upcoming` prints of what it finds (the formats are the CLI's).

import Testing

@testable import BDConvertCLI
@testable import BirthdayKit

@Suite struct UpcomingFinderTests {
  static func person(_ name: String, _ date: CivilDate, kind: CelebrationKind = .birthday)
    -> Celebration
  {
    Celebration(uid: name, name: PersonName(formatted: name)!, kind: kind, date: date)
  }

  static func found(
    _ celebrations: [Celebration], today: CivilDate, days: Int, policy: LeapDayPolicy = .feb28
  ) -> [String] {
    var finder = UpcomingFinder(today: today, days: days, leapDayPolicy: policy)
    for celebration in celebrations { finder.add(celebration) }
    return finder.sorted().map(\.textLine)
  }

  @Test func acrossTheYearEndSoonestFirst() {
    let people = [
      Self.person("Zed", CivilDate(month: 1, day: 2)!),
      Self.person("Eve", CivilDate(year: 1990, month: 12, day: 31)!),
      Self.person("Ann", CivilDate(year: 2000, month: 1, day: 2)!, kind: .anniversary),
      Self.person("Old", CivilDate(year: 1950, month: 12, day: 29)!),  // yesterday: next year
      Self.person("Far", CivilDate(month: 1, day: 4)!),  // the 6th day: outside 5
    ]
    #expect(
      Self.found(people, today: CivilDate(year: 2026, month: 12, day: 30)!, days: 5) == [
        "2026-12-31\tThu\ttomorrow\tEve\t36\tbirthday",
        "2027-01-02\tSat\tin 3 days\tAnn\t27\tanniversary",
        "2027-01-02\tSat\tin 3 days\tZed\t\tbirthday",
      ])
  }

  @Test func todayIsIncluded() {
    let jane = Self.person("Jane", CivilDate(year: 1985, month: 4, day: 12)!)
    #expect(
      Self.found([jane], today: CivilDate(year: 2026, month: 4, day: 12)!, days: 1) == [
        "2026-04-12\tSun\ttoday\tJane\t41\tbirthday"
      ])
  }

  /// 29 February in a common year follows the policy; on a leap day itself it is today.
  @Test(arguments: [
    (LeapDayPolicy.feb28, "2027-02-28\tSun\ttomorrow\tLeap\t31\tbirthday"),
    (LeapDayPolicy.mar1, "2027-03-01\tMon\tin 2 days\tLeap\t31\tbirthday"),
    (LeapDayPolicy.feb29, nil),
  ])
  func leapDayInACommonYear(policy: LeapDayPolicy, line: String?) {
    let leap = Self.person("Leap", CivilDate(year: 1996, month: 2, day: 29)!)
    #expect(
      Self.found([leap], today: CivilDate(year: 2027, month: 2, day: 27)!, days: 5, policy: policy)
        == (line.map { [$0] } ?? []))
    #expect(
      Self.found([leap], today: CivilDate(year: 2028, month: 2, day: 29)!, days: 1, policy: policy)
        == ["2028-02-29\tTue\ttoday\tLeap\t32\tbirthday"])
  }

  @Test func feb29WaitsForTheNextLeapYear() {
    let finder = UpcomingFinder(
      today: CivilDate(year: 2097, month: 3, day: 1)!, days: 1, leapDayPolicy: .feb29)
    // 2100 is not a leap year.
    #expect(
      finder.nextOccurrence(of: CivilDate(month: 2, day: 29)!)
        == CivilDate(year: 2104, month: 2, day: 29))
  }

  @Test func notBeforeTheDateItself() {
    let baby = Self.person("Baby", CivilDate(year: 2027, month: 1, day: 1)!)
    let finder = UpcomingFinder(today: CivilDate(year: 2026, month: 1, day: 1)!, days: 400)
    #expect(finder.nextOccurrence(of: baby.date) == CivilDate(year: 2027, month: 1, day: 1))
    // Born that day: no age 0.
    #expect(
      Self.found([baby], today: CivilDate(year: 2027, month: 1, day: 1)!, days: 1) == [
        "2027-01-01\tFri\ttoday\tBaby\t\tbirthday"
      ])
  }

  @Test func jsonLine() {
    var finder = UpcomingFinder(today: CivilDate(year: 2026, month: 4, day: 10)!, days: 7)
    finder.add(Self.person("Jane \"JD\" Doe", CivilDate(year: 1985, month: 4, day: 12)!))
    finder.add(Self.person("Cher", CivilDate(month: 4, day: 11)!))
    #expect(
      finder.sorted().map(\.jsonLine) == [
        #"{"date":"2026-04-11","days":1,"uid":"Cher","name":"Cher","kind":"birthday","age":null}"#,
        #"{"date":"2026-04-12","days":2,"uid":"Jane \"JD\" Doe","name":"Jane \"JD\" Doe","kind":"birthday","age":41}"#,
      ])
  }
}
