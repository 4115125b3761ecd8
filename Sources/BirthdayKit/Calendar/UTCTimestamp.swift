/// A UTC date-time for `DTSTAMP`, written `YYYYMMDDTHHMMSSZ` (RFC 5545 §3.8.7.2), computed from
/// seconds since 1970 without `DateFormatter`.
public struct UTCTimestamp: Hashable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let secondsSince1970: Int64

  /// Creates a timestamp.
  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// `20261123T081500Z`.
  public var description: String {
    let days = Int(secondsSince1970.floorDivided(by: 86_400))
    let seconds = Int(secondsSince1970 - Int64(days) * 86_400)
    let (year, month, day) = UTCTimestamp.civil(fromDaysSince1970: days)
    return fourDigits(year) + twoDigits(month) + twoDigits(day) + "T" + twoDigits(seconds / 3600)
      + twoDigits(seconds % 3600 / 60) + twoDigits(seconds % 60) + "Z"
  }

  /// Proleptic Gregorian date of a day count (Howard Hinnant's civil_from_days).
  static func civil(fromDaysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
