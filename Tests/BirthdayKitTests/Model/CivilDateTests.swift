import Testing

@testable import BirthdayKit

@Suite struct CivilDateTests {
  @Test(arguments: [
    (1985, 4, 12),  // ordinary
    (2000, 2, 29),  // leap year divisible by 400
    (1604, 2, 29),  // Apple's placeholder year is a leap year
    (9999, 12, 31),  // upper bound
  ])
  func validDates(year: Int, month: Int, day: Int) {
    let date = CivilDate(year: year, month: month, day: day)
    #expect(date?.year == year && date?.month == month && date?.day == day)
  }

  @Test(arguments: [
    (2023, 2, 29),  // common year
    (1900, 2, 29),  // century, not divisible by 400
    (1985, 2, 30),  // never exists
    (1985, 13, 1),  // month 13
    (1985, 0, 1),  // month 0
    (1985, 4, 31),  // 30-day month
    (0, 1, 1),  // year 0000
    (1985, 1, 0),  // day 0
  ])
  func impossibleDatesCannotBeConstructed(year: Int, month: Int, day: Int) {
    #expect(CivilDate(year: year, month: month, day: day) == nil)
  }

  @Test func leapDayWithoutYearIsValid() {
    #expect(CivilDate(month: 2, day: 29)?.isLeapDay == true)
    #expect(CivilDate(month: 2, day: 30) == nil)
  }

  @Test func descriptionIsISO8601() {
    #expect(CivilDate(year: 985, month: 4, day: 2)?.description == "0985-04-02")
    #expect(CivilDate(month: 12, day: 24)?.description == "--12-24")
  }

  @Test func nextDayCrossesMonthAndYear() {
    #expect(CivilDate(year: 1972, month: 2, day: 29)?.nextDay().description == "1972-03-01")
    #expect(CivilDate(year: 1970, month: 12, day: 31)?.nextDay().description == "1971-01-01")
    #expect(CivilDate(year: 1970, month: 2, day: 28)?.nextDay().description == "1970-03-01")
  }
}
