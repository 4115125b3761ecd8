#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A UTC date-time for `DTSTAMP`, written `YYYYMMDDTHHMMSSZ` (RFC 5545 §3.8.7.2), computed from
/// seconds since 1970 without `DateFormatter`.
public struct UTCTimestamp: Hashable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  package let secondsSince1970: Int64

  /// Creates a timestamp.
  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// The current time, to the second.
  public static var now: UTCTimestamp {
    UTCTimestamp(secondsSince1970: Int64(time(nil)))
  }

  /// The UTC day.
  package var date: CivilDate {
    civilDate(dayNumber: Int(secondsSince1970.floorDivided(by: 86_400)))
  }

  /// `20261123T081500Z`.
  public var description: String {
    let days = Int(secondsSince1970.floorDivided(by: 86_400))
    let seconds = Int(secondsSince1970 - Int64(days) * 86_400)
    let date = civilDate(dayNumber: days)
    return fourDigits(date.year ?? 1970) + twoDigits(date.month) + twoDigits(date.day) + "T"
      + twoDigits(seconds / 3600)
      + twoDigits(seconds % 3600 / 60) + twoDigits(seconds % 60) + "Z"
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
