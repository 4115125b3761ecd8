/// A day of the Gregorian calendar as written in an address book: month and day, and the year
/// when it is known.
///
/// A `CivilDate` is never a `Date`: it carries no time and no time zone, so a birthday can never
/// shift by a day when it crosses a zone. Impossible dates cannot be constructed: month 13,
/// 30 February, year 0000 and 29 February of a common year all make the initializer return `nil`.
///
/// ```swift
/// let known = CivilDate(year: 1985, month: 4, day: 12)   // 1985-04-12
/// let yearless = CivilDate(month: 2, day: 29)            // --02-29, valid without a year
/// let invalid = CivilDate(year: 2023, month: 2, day: 29)  // nil
/// ```
public struct CivilDate: Hashable, Sendable, Comparable {
  /// The year (1...9999), or `nil` when the address book does not know it.
  public let year: Int?
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...31 and valid for the month (and the year, when known).
  public let day: Int

  /// Creates a date, or returns `nil` when the components do not name a real day.
  ///
  /// Without a year, 29 February is valid (some year has it).
  public init?(year: Int? = nil, month: Int, day: Int) {
    if let year, !(1...9999).contains(year) { return nil }
    guard (1...12).contains(month), day >= 1,
      day <= CivilDate.daysInMonth(month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// True for 29 February.
  package var isLeapDay: Bool { month == 2 && day == 29 }

  /// The same month and day without the year.
  package var withoutYear: CivilDate {
    // Always valid: a month-day that exists in some year exists without a year.
    CivilDate(unchecked: nil, month: month, day: day)
  }

  /// The same month and day in `year`, or `nil` for 29 February in a common year.
  package func inYear(_ year: Int) -> CivilDate? {
    CivilDate(year: year, month: month, day: day)
  }

  /// The following day; `year` must be known.
  func nextDay() -> CivilDate {
    let year = self.year ?? 1972
    if day < CivilDate.daysInMonth(month, year: year) {
      return CivilDate(unchecked: year, month: month, day: day + 1)
    }
    if month < 12 { return CivilDate(unchecked: year, month: month + 1, day: 1) }
    return CivilDate(unchecked: year + 1, month: 1, day: 1)
  }

  /// Gregorian leap-year rule.
  package static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// Days in `month`; without a year, February has 29.
  package static func daysInMonth(_ month: Int, year: Int?) -> Int {
    switch month {
    case 4, 6, 9, 11: return 30
    case 2:
      guard let year else { return 29 }
      return isLeapYear(year) ? 29 : 28
    default: return 31
    }
  }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year ?? 0, lhs.month, lhs.day) < (rhs.year ?? 0, rhs.month, rhs.day)
  }

  private init(unchecked year: Int?, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }
}

extension CivilDate: CustomStringConvertible {
  /// ISO 8601: `1985-04-12`, or `--04-12` without a year.
  public var description: String {
    if let year, year > 9999 {
      return fourDigits(year) + "-" + twoDigits(month) + "-" + twoDigits(day)
    }
    // Fixed width, written as bytes: `list` prints two dates per event.
    return String(unsafeUninitializedCapacity: 10) { buffer in
      var index = 0
      func put(_ value: Int, digits: Int) {
        var divisor = digits == 4 ? 1000 : 10
        while divisor > 0 {
          buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
          index += 1
          divisor /= 10
        }
      }
      if let year {
        put(year, digits: 4)
      } else {
        buffer[0] = UInt8(ascii: "-")
        index = 1
      }
      buffer[index] = UInt8(ascii: "-")
      index += 1
      put(month, digits: 2)
      buffer[index] = UInt8(ascii: "-")
      index += 1
      put(day, digits: 2)
      return index
    }
  }
}

func twoDigits(_ value: Int) -> String {
  value < 10 ? "0\(value)" : "\(value)"
}

func fourDigits(_ value: Int) -> String {
  let text = "\(value)"
  return String(repeating: "0", count: max(0, 4 - text.count)) + text
}
