/// The part of an RFC 5545 `RRULE` that `list` can expand to find the next birthday.
///
/// Supported: `FREQ=YEARLY` with `INTERVAL`, `BYMONTH`, `BYMONTHDAY` (negative counts from the end
/// of the month), `BYYEARDAY` (negative counts from the end of the year), `COUNT`, `UNTIL`; and
/// `FREQ=MONTHLY`/`WEEKLY`/`DAILY` with `INTERVAL`, `COUNT`, `UNTIL` (`MONTHLY` also with
/// `BYMONTH`/`BYMONTHDAY`). Invalid dates (30 February, 29 February in a common year) are skipped,
/// not moved, as RFC 5545 §3.3.10 requires.
public struct RecurrenceRule: Hashable, Sendable {
  /// `FREQ`.
  public enum Frequency: String, Hashable, Sendable {
    case yearly = "YEARLY"
    case monthly = "MONTHLY"
    case weekly = "WEEKLY"
    case daily = "DAILY"
  }

  /// `FREQ`.
  public var frequency: Frequency
  /// `INTERVAL` (default 1).
  public var interval = 1
  /// `COUNT`, if given.
  public var count: Int?
  /// The date part of `UNTIL`, if given.
  public var until: CivilDate?
  /// `BYMONTH` values.
  public var byMonth: [Int] = []
  /// `BYMONTHDAY` values (may be negative).
  public var byMonthDay: [Int] = []
  /// `BYYEARDAY` values (may be negative).
  public var byYearDay: [Int] = []

  /// Parses `value` (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1`).
  /// - Throws: ``RecurrenceRuleError`` naming the part that cannot be interpreted.
  public init(parsing value: String) throws(RecurrenceRuleError) {
    var frequency: Frequency?
    for part in value.split(separator: ";", omittingEmptySubsequences: true) {
      guard let equals = part.firstIndex(of: "=") else { throw .unsupported(String(part)) }
      let key = part[..<equals].uppercased()
      let argument = String(part[part.index(after: equals)...])
      switch key {
      case "FREQ":
        guard let parsed = Frequency(rawValue: argument.uppercased()) else {
          throw .unsupported(String(part))
        }
        frequency = parsed
      case "INTERVAL":
        guard let number = Int(argument), number >= 1 else { throw .unsupported(String(part)) }
        interval = number
      case "COUNT":
        guard let number = Int(argument), number >= 1 else { throw .unsupported(String(part)) }
        count = number
      case "UNTIL":
        guard let date = Self.date(argument) else { throw .unsupported(String(part)) }
        until = date
      case "BYMONTH":
        byMonth = try Self.numbers(argument, in: 1...12, part: part)
      case "BYMONTHDAY":
        byMonthDay = try Self.numbers(argument, in: -31...31, part: part)
      case "BYYEARDAY":
        byYearDay = try Self.numbers(argument, in: -366...366, part: part)
      case "WKST":
        continue  // irrelevant without BYDAY/BYWEEKNO
      default:
        throw .unsupported(String(part))
      }
    }
    guard let frequency else { throw .unsupported("no FREQ") }
    self.frequency = frequency
    if frequency != .yearly, !byYearDay.isEmpty { throw .unsupported("BYYEARDAY") }
    if frequency == .weekly || frequency == .daily, !(byMonth.isEmpty && byMonthDay.isEmpty) {
      throw .unsupported("BY rules with FREQ=\(frequency.rawValue)")
    }
  }

  /// The first occurrence on or after `today` of the series starting at `start` (which must have
  /// a year), or `nil` when the series has ended.
  public func nextOccurrence(start: CivilDate, onOrAfter today: CivilDate) -> CivilDate? {
    guard let startYear = start.year else { return nil }
    let startDay = dayNumber(start)
    let todayDay = dayNumber(today)
    var produced = 0
    var period = 0
    if count == nil {
      // Without COUNT nothing before today matters: start one period before it.
      let elapsed: Int
      switch frequency {
      case .daily: elapsed = (todayDay - startDay) / interval
      case .weekly: elapsed = (todayDay - startDay) / (interval * 7)
      case .monthly:
        elapsed =
          ((today.year ?? startYear) * 12 + today.month - startYear * 12 - start.month) / interval
      case .yearly: elapsed = ((today.year ?? startYear) - startYear) / interval
      }
      period = max(0, elapsed - 1)
    }
    // Bounded: every period moves forward by at least a day, and dates stop at year 9999.
    while true {
      let candidates: [Int]
      switch frequency {
      case .daily, .weekly:
        let day = startDay + period * interval * (frequency == .daily ? 1 : 7)
        if day > dayNumber(year: 9999, month: 12, day: 31) { return nil }
        candidates = [day]
      case .monthly:
        let months = (startYear * 12 + start.month - 1) + period * interval
        let year = months / 12
        if year > 9999 { return nil }
        candidates = monthDays(year: year, month: months % 12 + 1, start: start)
      case .yearly:
        let year = startYear + period * interval
        if year > 9999 { return nil }
        candidates = yearDays(year: year, start: start)
      }
      for day in candidates where day >= startDay {
        if let until, day > dayNumber(until) { return nil }
        produced += 1
        if let count, produced > count { return nil }
        if day >= todayDay { return civilDate(dayNumber: day) }
      }
      period += 1
    }
  }

  private func yearDays(year: Int, start: CivilDate) -> [Int] {
    var days: [Int] = []
    if !byYearDay.isEmpty {
      let first = dayNumber(year: year, month: 1, day: 1)
      let length = CivilDate.isLeapYear(year) ? 366 : 365
      for value in byYearDay {
        let offset = value > 0 ? value - 1 : length + value
        guard (0..<length).contains(offset) else { continue }
        let date = civilDate(dayNumber: first + offset)
        if !byMonth.isEmpty, !byMonth.contains(date.month) { continue }
        if !byMonthDay.isEmpty, !matchesMonthDay(date) { continue }
        days.append(first + offset)
      }
    } else {
      let months = byMonth.isEmpty ? [start.month] : byMonth
      for month in months { days += monthDays(year: year, month: month, start: start) }
    }
    return days.sorted()
  }

  private func monthDays(year: Int, month: Int, start: CivilDate) -> [Int] {
    if frequency == .monthly, !byMonth.isEmpty, !byMonth.contains(month) { return [] }
    let length = CivilDate.daysInMonth(month, year: year)
    var days: [Int] = []
    for value in byMonthDay.isEmpty ? [start.day] : byMonthDay {
      let day = value > 0 ? value : length + 1 + value
      guard (1...length).contains(day) else { continue }  // skipped, not moved
      days.append(dayNumber(year: year, month: month, day: day))
    }
    return days.sorted()
  }

  private func matchesMonthDay(_ date: CivilDate) -> Bool {
    let length = CivilDate.daysInMonth(date.month, year: date.year)
    return byMonthDay.contains { $0 == date.day || length + 1 + $0 == date.day }
  }

  private static func numbers(
    _ text: String, in range: ClosedRange<Int>, part: Substring
  ) throws(RecurrenceRuleError) -> [Int] {
    var result: [Int] = []
    for item in text.split(separator: ",") {
      let trimmed = item.hasPrefix("+") ? item.dropFirst() : item
      guard let number = Int(trimmed), number != 0, range.contains(number) else {
        throw .unsupported(String(part))
      }
      result.append(number)
    }
    return result
  }

  /// The date of a DATE or DATE-TIME value (`19850412`, `19850412T000000Z`).
  static func date<Text: StringProtocol>(_ text: Text) -> CivilDate? {
    date(bytes: text.utf8)
  }

  /// The date of a DATE or DATE-TIME value given as bytes: its first eight must be digits.
  static func date<Bytes: Sequence<UInt8>>(bytes: Bytes) -> CivilDate? {
    var digits = (0, 0, 0)  // year, month, day
    var count = 0
    for byte in bytes {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      let digit = Int(byte - 0x30)
      switch count {
      case 0..<4: digits.0 = digits.0 * 10 + digit
      case 4..<6: digits.1 = digits.1 * 10 + digit
      default: digits.2 = digits.2 * 10 + digit
      }
      count += 1
      if count == 8 { return CivilDate(year: digits.0, month: digits.1, day: digits.2) }
    }
    return nil
  }
}

/// An `RRULE` that ``RecurrenceRule`` cannot interpret.
public enum RecurrenceRuleError: Error, Hashable, Sendable {
  /// The part (`BYDAY=MO`) that is not supported or not valid.
  case unsupported(String)
}
