/// An RFC 5545 `RRULE` (§3.3.10), every rule part of the grammar.
///
/// Parsing checks the syntax and the ranges of every part; ``RecurrenceExpander`` expands it.
/// `RSCALE` and `SKIP` (RFC 7529, non-Gregorian calendars) are refused as unsupported. Parts that
/// RFC 5545 does not allow with a frequency (`BYWEEKNO` with `MONTHLY`, `BYMONTHDAY` with
/// `WEEKLY`, an ordinal `BYDAY` with `WEEKLY`) are accepted and read as python-dateutil and
/// libical read them: as limits, ordinals ignored.
package struct RecurrenceRule: Hashable, Sendable {
  /// `FREQ`, from the longest period to the shortest.
  package enum Frequency: Int, Hashable, Sendable, Comparable, CaseIterable {
    case yearly, monthly, weekly, daily, hourly, minutely, secondly

    /// The name in a rule (`YEARLY`).
    package var name: String {
      ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"][rawValue]
    }

    package static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// A day of the week; the raw value counts from Monday (0) as `WKST` defaults to it.
  package enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two letters in a rule (`MO`).
    package var name: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

    /// The weekday of a day number (1970-01-01 was a Thursday).
    package init(dayNumber: Int) {
      guard let weekday = Self(rawValue: ((dayNumber + 3) % 7 + 7) % 7) else {
        preconditionFailure("a remainder of 7 is a weekday")
      }
      self = weekday
    }

    init?(name: Substring) {
      guard
        let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: name.uppercased())
      else { return nil }
      self.init(rawValue: index)
    }
  }

  /// One `BYDAY` entry: a weekday, with an ordinal (`1FR`, `-1SU`) or without (`MO`, ordinal 0).
  package struct WeekdayNumber: Hashable, Sendable {
    /// 1...53 or -53...-1 (the nth such weekday of the month or year), or 0 for every one.
    package var ordinal: Int
    /// The weekday.
    package var weekday: Weekday

    /// `weekday`, every one of them (`ordinal` 0) or the nth.
    package init(_ weekday: Weekday, ordinal: Int = 0) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  /// `FREQ`.
  package var frequency: Frequency
  /// `INTERVAL` (default 1).
  package var interval = 1
  /// `COUNT`, if given.
  package var count: Int?
  /// `UNTIL`, if given, as written (a UTC value is brought onto the event's clock by
  /// ``RecurrenceSet``).
  package var until: DateTimeValue?
  /// `BYSECOND` values (0...59; 60, a leap second, never occurs on a wall clock).
  package var bySecond: [Int] = []
  /// `BYMINUTE` values.
  package var byMinute: [Int] = []
  /// `BYHOUR` values.
  package var byHour: [Int] = []
  /// `BYDAY` values.
  package var byDay: [WeekdayNumber] = []
  /// `BYMONTHDAY` values (negative count from the end of the month).
  package var byMonthDay: [Int] = []
  /// `BYYEARDAY` values (negative count from the end of the year).
  package var byYearDay: [Int] = []
  /// `BYWEEKNO` values (negative count from the end of the year), weeks as `WKST` says.
  package var byWeekNo: [Int] = []
  /// `BYMONTH` values.
  package var byMonth: [Int] = []
  /// `BYSETPOS` values (negative count from the end of each period's set).
  package var bySetPos: [Int] = []
  /// `WKST` (default Monday).
  package var weekStart = Weekday.monday

  /// A rule of `frequency` without any other part.
  package init(frequency: Frequency) {
    self.frequency = frequency
  }

  /// Parses `value` (`FREQ=MONTHLY;BYDAY=-1SU;COUNT=5`); names are case-insensitive.
  /// - Throws: ``RecurrenceRuleError`` naming the part that cannot be interpreted.
  package init(parsing value: String) throws(RecurrenceRuleError) {
    var frequency: Frequency?
    var seen: Set<String> = []
    self.init(frequency: .yearly)
    for part in value.split(separator: ";", omittingEmptySubsequences: true) {
      guard let equals = part.firstIndex(of: "=") else { throw .unsupported(String(part)) }
      let key = part[..<equals].uppercased()
      let argument = part[part.index(after: equals)...]
      guard seen.insert(key).inserted else { throw .unsupported("\(key) given twice") }
      switch key {
      case "FREQ":
        guard let parsed = Frequency.allCases.first(where: { $0.name == argument.uppercased() })
        else { throw .unsupported(String(part)) }
        frequency = parsed
      case "INTERVAL":
        guard let number = Int(argument), number >= 1 else { throw .unsupported(String(part)) }
        interval = number
      case "COUNT":
        guard let number = Int(argument), number >= 1 else { throw .unsupported(String(part)) }
        count = number
      case "UNTIL":
        guard let date = DateTimeValue(bytes: argument.utf8) else {
          throw .unsupported(String(part))
        }
        until = date
      case "BYSECOND": bySecond = try Self.numbers(argument, in: 0...60, part: part, zero: true)
      case "BYMINUTE": byMinute = try Self.numbers(argument, in: 0...59, part: part, zero: true)
      case "BYHOUR": byHour = try Self.numbers(argument, in: 0...23, part: part, zero: true)
      case "BYDAY": byDay = try Self.weekdays(argument, part: part)
      case "BYMONTHDAY": byMonthDay = try Self.numbers(argument, in: -31...31, part: part)
      case "BYYEARDAY": byYearDay = try Self.numbers(argument, in: -366...366, part: part)
      case "BYWEEKNO": byWeekNo = try Self.numbers(argument, in: -53...53, part: part)
      case "BYMONTH": byMonth = try Self.numbers(argument, in: 1...12, part: part)
      case "BYSETPOS": bySetPos = try Self.numbers(argument, in: -366...366, part: part)
      case "WKST":
        guard let day = Weekday(name: argument) else { throw .unsupported(String(part)) }
        weekStart = day
      default:
        // RSCALE and SKIP (RFC 7529) included: only the Gregorian calendar is expanded.
        throw .unsupported(String(part))
      }
    }
    guard let frequency else { throw .unsupported("no FREQ") }
    self.frequency = frequency
  }

  private static func numbers(
    _ text: Substring, in range: ClosedRange<Int>, part: Substring, zero: Bool = false
  ) throws(RecurrenceRuleError) -> [Int] {
    var result: [Int] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = item.hasPrefix("+") ? item.dropFirst() : item
      guard trimmed.first?.isNumber == true || trimmed.first == "-",
        let number = Int(trimmed), zero || number != 0, range.contains(number)
      else {
        throw .unsupported(String(part))
      }
      result.append(number)
    }
    return result
  }

  private static func weekdays(
    _ text: Substring, part: Substring
  ) throws(RecurrenceRuleError) -> [WeekdayNumber] {
    var result: [WeekdayNumber] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard item.count >= 2, let day = Weekday(name: item.suffix(2)) else {
        throw .unsupported(String(part))
      }
      var ordinal = 0
      let prefix = item.dropLast(2)
      if !prefix.isEmpty {
        let digits = prefix.hasPrefix("+") ? prefix.dropFirst() : prefix
        guard digits.first?.isNumber == true || digits.first == "-", let number = Int(digits),
          number != 0, (-53...53).contains(number)
        else { throw .unsupported(String(part)) }
        ordinal = number
      }
      result.append(WeekdayNumber(day, ordinal: ordinal))
    }
    return result
  }

  /// The first occurrence on or after `today` of the series starting at `start` (which must have
  /// a year) with this rule alone (no EXDATE, RDATE or overrides), or `nil` when the series has
  /// ended or the search gave up (``RecurrenceExpander/maximumPeriods``).
  package func nextOccurrence(start: CivilDate, onOrAfter today: CivilDate) -> CivilDate? {
    guard let first = LocalDateTime(date: start), let from = LocalDateTime(date: today) else {
      return nil
    }
    let set = RecurrenceSet(start: first, isAllDay: true, rules: [self])
    return (try? set.next(onOrAfter: from))??.date
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
package enum RecurrenceRuleError: Error, Hashable, Sendable {
  /// The part (`RSCALE=HEBREW`, `BYMONTH=13`) that is not supported or not valid.
  case unsupported(String)
}
