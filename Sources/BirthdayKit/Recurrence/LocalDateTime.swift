/// A wall-clock date and time without a zone (RFC 5545 "floating" time), to the second.
///
/// The recurrence engine works on these: every value of an event (DTSTART, EXDATE, RDATE,
/// RECURRENCE-ID, UNTIL) is first brought onto the wall clock of the event's own zone, so that
/// the date of an occurrence is the date the event's zone shows. A DATE value is its midnight.
package struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00 on the same wall clock (negative before).
  package var seconds: Int

  /// The value `seconds` after 1970-01-01T00:00:00.
  package init(seconds: Int) {
    self.seconds = seconds
  }

  /// The value for a valid date and time, or `nil` (30 February, 25:00, second 60).
  package init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    guard (1...9999).contains(year), CivilDate(year: year, month: month, day: day) != nil,
      (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
    else { return nil }
    seconds =
      daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
      + second
  }

  /// Midnight of `date`, which must have a year.
  package init?(date: CivilDate) {
    guard let year = date.year else { return nil }
    self.init(year: year, month: date.month, day: date.day)
  }

  /// Days since 1970-01-01.
  package var dayNumber: Int { seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400 }
  /// The date.
  package var date: CivilDate { civilDate(dayNumber: dayNumber) }
  /// Seconds since midnight.
  package var secondOfDay: Int { seconds - dayNumber * 86_400 }
  /// The hour, 0-23.
  package var hour: Int { secondOfDay / 3600 }
  /// The minute, 0-59.
  package var minute: Int { secondOfDay / 60 % 60 }
  /// The second, 0-59.
  package var second: Int { secondOfDay % 60 }

  /// `20270601T090000` (the iCalendar DATE-TIME form, without a zone).
  package var description: String {
    let date = self.date
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(date.year ?? 0)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year + two(date.month)
      + two(date.day) + "T" + two(hour) + two(minute) + two(second)
  }

  package static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.seconds < rhs.seconds
  }
}

/// ``dayNumber(year:month:day:)``, which ``LocalDateTime/dayNumber`` hides inside the type.
private func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
  dayNumber(year: year, month: month, day: day)
}
