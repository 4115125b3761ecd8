/// The Hebrew calendar by its arithmetic rules (the molad of Tishri and the postponements, after
/// Reingold and Dershowitz, *Calendrical Calculations*), not ICU's: ICU makes 5806 a year of
/// 385 days and 5807 one of 354, where the rules (and `pyluach`, `convertdate`, Hebcal) give
/// 384 and 355, so ICU's dates from Kislev 5806 to Cheshvan 5807 (November 2045 to November
/// 2046) are a day late. Months are numbered as ICU numbers them (Tishri = 1 … Elul = 13, 6 =
/// Adar I).
enum HebrewArithmetic {
  /// Days from 1970-01-01 to 1 Tishri of year 1 (R.D. -1373427).
  private static let epoch = -1_373_427 - 719_163

  static func isLeapYear(_ year: Int) -> Bool { (7 * year + 1) % 19 < 7 }

  /// Days from the epoch to the molad of Tishri's day, with the first postponements.
  private static func elapsedDays(_ year: Int) -> Int {
    let months = (235 * year - 234).floorDivided(by: 19)
    let parts = 12084 + 13753 * months
    let days = 29 * months + parts.floorDivided(by: 25920)
    return (3 * (days + 1)).modulo(7) < 3 ? days + 1 : days
  }

  /// Days from 1970-01-01 to 1 Tishri of `year`.
  static func newYear(_ year: Int) -> Int {
    let previous = elapsedDays(year - 1)
    let this = elapsedDays(year)
    let next = elapsedDays(year + 1)
    let correction = next - this == 356 ? 2 : this - previous == 382 ? 1 : 0
    return epoch + this + correction
  }

  static func daysInYear(_ year: Int) -> Int { newYear(year + 1) - newYear(year) }

  /// Days in `month` of `year`; 0 for Adar I in a common year.
  static func monthLength(year: Int, month: Int) -> Int {
    switch month {
    case 2: return daysInYear(year) % 10 == 5 ? 30 : 29
    case 3: return daysInYear(year) % 10 == 3 ? 29 : 30
    case 6: return isLeapYear(year) ? 30 : 0
    case 1, 5, 8, 10, 12: return 30
    default: return 29
    }
  }

  /// Days from 1970-01-01 to the day, or `nil` when the year lacks it.
  static func dayNumber(year: Int, month: Int, day: Int) -> Int? {
    guard (1...13).contains(month), day >= 1, day <= monthLength(year: year, month: month) else {
      return nil
    }
    var number = newYear(year) + day - 1
    for earlier in 1..<month { number += monthLength(year: year, month: earlier) }
    return number
  }

  /// Year, month and day of the day `number` days from 1970-01-01.
  static func date(dayNumber number: Int) -> (year: Int, month: Int, day: Int) {
    var year = ((number - epoch) * 98496).floorDivided(by: 35_975_351) + 1
    while newYear(year) > number { year -= 1 }
    while newYear(year + 1) <= number { year += 1 }
    var rest = number - newYear(year)
    var month = 1
    while rest >= monthLength(year: year, month: month) {
      rest -= monthLength(year: year, month: month)
      month += 1
    }
    return (year, month, rest + 1)
  }
}

extension Int {
  /// Division rounding toward minus infinity.
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  /// The remainder with the divisor's sign.
  fileprivate func modulo(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
