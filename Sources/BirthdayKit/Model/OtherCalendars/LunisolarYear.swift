import Foundation
import Synchronization

/// The months of one Chinese or Korean lunar year, as day numbers (days from 1970-01-01): read
/// from Foundation's `Calendar` (ICU) once per year and kept for the process.
///
/// ICU computes these calendars from new moons, which costs tens of microseconds per call and a
/// dozen calls per converted date; with the year's months at hand a conversion is a lookup, and
/// a year is read from ICU once (about fifty calls), whatever the number of birthdays.
struct LunisolarYear: Sendable {
  /// One month: its number, whether it is the leap month of that number, and its first day.
  struct Month: Sendable {
    let number: Int
    let isLeap: Bool
    let firstDay: Int
  }

  /// The months in order, from month 1 (the new year's day) to the last month of the year.
  let months: [Month]
  /// The day after the year's last day: the next new year's day.
  let endDay: Int

  /// The first day of the year.
  var firstDay: Int { months.first?.firstDay ?? endDay }

  /// The first day and length of the month, or `nil` when the year has no such month.
  func month(_ number: Int, isLeap: Bool) -> (firstDay: Int, length: Int)? {
    guard let index = months.firstIndex(where: { $0.number == number && $0.isLeap == isLeap })
    else { return nil }
    let next = index + 1 < months.count ? months[index + 1].firstDay : endDay
    return (months[index].firstDay, next - months[index].firstDay)
  }

  /// The month and day of a day of this year (`firstDay ..< endDay`).
  func monthAndDay(ofDay day: Int) -> (month: Month, day: Int) {
    var low = 0
    var high = months.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if months[middle].firstDay <= day { low = middle } else { high = middle - 1 }
    }
    return (months[low], day - months[low].firstDay + 1)
  }

  private struct Key: Hashable {
    let system: CalendarSystem
    let year: Int
  }

  /// The years read so far; `nil` for a year whose months ICU does not give consistently.
  private static let years = Mutex<[Key: LunisolarYear?]>([:])

  /// The lunar year that begins in the Gregorian year `year` (as ``CalendarDate`` writes Chinese
  /// and Korean years), or `nil` when its months cannot be read from ICU consistently: then the
  /// caller asks ICU for each date, as for any other calendar.
  static func year(_ year: Int, in system: CalendarSystem) -> LunisolarYear? {
    let key = Key(system: system, year: year)
    if let known = years.withLock({ $0[key] }) { return known }
    // Read outside the lock: two threads may read the same year, and both get the same months.
    let read = read(year, in: system)
    years.withLock { $0[key] = .some(read) }
    return read
  }

  /// Walks the year month by month from its new year's day: each month's number and leap flag
  /// from its first day, its length from ICU's range of days in the month. The year is kept only
  /// when ICU's date fields agree at every month's ends (its last day has the month's length as
  /// its day, the next day is a 1st): around a few new moons close to midnight ICU gives a
  /// month of no days or a day 0 (2057, 2097), and those years stay with ICU day by day.
  private static func read(_ year: Int, in system: CalendarSystem) -> LunisolarYear? {
    guard
      let newYear = OtherCalendarConversion.icuDayNumber(
        system: system, year: year, month: 1, isLeapMonth: false, day: 1)
    else { return nil }
    let calendar = system.foundation
    var months: [Month] = []
    var day = newYear
    // A lunisolar year has 12 or 13 months.
    while months.count <= 13 {
      let parts = fields(ofDay: day, in: system)
      guard parts.day == 1 else { return nil }
      if !months.isEmpty, parts.year != year {
        return months.count >= 12 ? LunisolarYear(months: months, endDay: day) : nil
      }
      guard let length = calendar.range(of: .day, in: .month, for: instant(ofDay: day))?.count,
        (29...30).contains(length)
      else { return nil }
      let last = fields(ofDay: day + length - 1, in: system)
      guard last.year == parts.year, last.month == parts.month,
        last.isLeapMonth == parts.isLeapMonth, last.day == length
      else { return nil }
      months.append(Month(number: parts.month, isLeap: parts.isLeapMonth, firstDay: day))
      day += length
    }
    return nil
  }

  private static func fields(ofDay day: Int, in system: CalendarSystem)
    -> (year: Int, month: Int, isLeapMonth: Bool, day: Int)
  {
    OtherCalendarConversion.icuFields(of: instant(ofDay: day), in: system)
  }

  /// Midnight UTC of the day `day` days from 1970-01-01.
  private static func instant(ofDay day: Int) -> Date {
    Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
  }
}
