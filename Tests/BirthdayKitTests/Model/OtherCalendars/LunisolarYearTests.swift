import Foundation
import Testing

@testable import BirthdayKit

/// The Chinese and Korean conversions answer from each lunar year's months, read from ICU once:
/// every answer must be the one ICU gives directly, day by day.
@Suite struct LunisolarYearTests {
  /// 2019-2026: the leap months 2020-L04, 2023-L02 and 2025-L06, and new years from 22 January
  /// to 16 February; and years with a month where ICU's month length and its date fields
  /// disagree by a day (a new moon close to midnight: 1914, 1916, 2057, 2097).
  static let days: [Range<Int>] = [(2019, 2027), (1914, 1917), (2056, 2059), (2096, 2099)].map {
    dayNumber(
      CivilDate(year: $0.0, month: 1, day: 1)!)..<dayNumber(
        CivilDate(year: $0.1, month: 1, day: 1)!)
  }

  @Test(arguments: [CalendarSystem.chinese, .korean])
  func everyDayIsWhatICUSays(system: CalendarSystem) {
    var mismatches: [String] = []
    for day in Self.days.joined() {
      let instant = Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
      let icu = OtherCalendarConversion.icuFields(of: instant, in: system)
      let table = OtherCalendarConversion.fields(ofDay: day, in: system)
      if table != icu { mismatches.append("day \(day): table \(table), ICU \(icu)") }
      let back = OtherCalendarConversion.dayNumber(
        system: system, year: icu.year, month: icu.month, isLeapMonth: icu.isLeapMonth,
        day: icu.day)
      if back != day { mismatches.append("day \(day): back to \(String(describing: back))") }
    }
    #expect(mismatches.count == 0, "first: \(mismatches.prefix(5))")
  }

  @Test(arguments: [CalendarSystem.chinese, .korean])
  func monthsAndLeapMonthsAreWhatICUSays(system: CalendarSystem) {
    for year in 2019...2026 {
      for month in 1...12 {
        for isLeap in [false, true] {
          let table = OtherCalendarConversion.monthLength(
            system: system, year: year, month: month, isLeapMonth: isLeap)
          let first = OtherCalendarConversion.icuDayNumber(
            system: system, year: year, month: month, isLeapMonth: isLeap, day: 1)
          let icu = first.flatMap {
            system.foundation.range(
              of: .day, in: .month, for: Date(timeIntervalSince1970: TimeInterval($0) * 86_400)
            )?.count
          }
          #expect(table == icu, "\(system) \(year)-\(isLeap ? "L" : "")\(month)")
          // A day the month lacks is no day: the 30th of a 29-day month, a missing leap month.
          #expect(
            OtherCalendarConversion.dayNumber(
              system: system, year: year, month: month, isLeapMonth: isLeap, day: 30) == nil
              ? (icu ?? 0) < 30 : icu == 30)
        }
      }
    }
  }

  @Test func theLeapMonthsAreFound() {
    #expect(OtherCalendarConversion.hasLeapMonth(system: .chinese, year: 2023, month: 2))
    #expect(OtherCalendarConversion.hasLeapMonth(system: .chinese, year: 2025, month: 6))
    #expect(!OtherCalendarConversion.hasLeapMonth(system: .chinese, year: 2024, month: 6))
  }
}
