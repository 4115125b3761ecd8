/// A day of a ``CalendarSystem`` as an address book keeps it: month (a leap month marked), day,
/// and the year when it is known.
///
/// Years are written as people and the reference libraries write them: the Chinese and Korean
/// year is the Gregorian year in which that lunar year begins (1984 for the year that began on
/// 2 February 1984), the Hebrew year counts from the creation (5785), the Hijri from the
/// Hijra (1446), the Persian from the Hijra in solar years (1403). Hebrew months are numbered as
/// ICU and Apple number them: Tishri = 1 … Elul = 13, with 6 for Adar I (leap years only) and
/// 7 for Adar (Adar II in leap years).
package struct CalendarDate: Hashable, Sendable, CustomStringConvertible {
  /// The calendar.
  package var system: CalendarSystem
  /// The year in that calendar, or `nil` when the address book does not know it.
  package var year: Int?
  /// The month, 1...12 (1...13 in the Hebrew calendar).
  package var month: Int
  /// A Chinese or Korean leap month (the month after the regular month of the same number).
  package var isLeapMonth: Bool
  /// The day of the month, 1...30 (31 in the first six Persian months).
  package var day: Int

  /// Creates a date, or returns `nil` when the components cannot name a day of the calendar:
  /// a month or day out of range, a leap month outside the Chinese and Korean calendars, or,
  /// with a year, a day that year does not have (a leap month it lacks, a 30th of a short
  /// month, Adar I of a common Hebrew year).
  package init?(system: CalendarSystem, year: Int?, month: Int, isLeapMonth: Bool = false, day: Int)
  {
    guard (1...system.monthCount).contains(month), day >= 1,
      // 31: the first six Persian months, and three months of the early Umm al-Qura tables.
      day <= (system == .persian && month <= 6 || system == .islamic ? 31 : 30),
      !isLeapMonth || system.hasLeapMonths
    else { return nil }
    if system == .persian, month == 12, day > 30 { return nil }
    if let year, !(1...9999).contains(year) { return nil }
    self.system = system
    self.year = year
    self.month = month
    self.isLeapMonth = isLeapMonth
    self.day = day
    if year != nil, OtherCalendarConversion.gregorianDate(of: self) == nil { return nil }
  }

  /// `1984-08-15`, a leap month `1984-L04-15`, without a year `--08-15`: the form
  /// `--date-calendar` reads.
  package var description: String {
    let yearText = year.map { fourDigits($0) } ?? "-"
    return yearText + "-" + (isLeapMonth ? "L" : "") + twoDigits(month) + "-" + twoDigits(day)
  }

  /// The same month and day without the year.
  package var withoutYear: CalendarDate {
    var copy = self
    copy.year = nil
    return copy
  }
}

extension CalendarDate {
  /// Reads `YYYY-MM-DD`, `--MM-DD`, with a leap month `YYYY-L08-15` or `--L08-15`; `/` and `.`
  /// also separate, and `YYYYMMDD` / `--MMDD` (vCard 4's basic form) are read. `nil` when the
  /// text is none of these or names no day of the calendar.
  package static func parse(_ text: String, in system: CalendarSystem) -> CalendarDate? {
    var bytes = Array(text.utf8)
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
    var year: Int?
    var rest: ArraySlice<UInt8>
    if bytes.starts(with: [0x2D, 0x2D]) {
      rest = bytes[2...]
    } else {
      var digits = 0
      var value = 0
      while digits < bytes.count, let digit = Self.digit(bytes[digits]) {
        value = value * 10 + digit
        digits += 1
      }
      guard digits == 4 || digits == 8 else { return nil }
      if digits == 8 {
        return CalendarDate(
          system: system, year: value / 10000, month: value / 100 % 100, day: value % 100)
      }
      year = value
      rest = bytes[4...]
      guard let separator = rest.first, Self.isSeparator(separator) else { return nil }
      rest = rest.dropFirst()
    }
    var isLeapMonth = false
    if let first = rest.first, first == UInt8(ascii: "L") || first == UInt8(ascii: "l") {
      isLeapMonth = true
      rest = rest.dropFirst()
    }
    let parts = rest.split(omittingEmptySubsequences: false, whereSeparator: Self.isSeparator)
    let numbers: [Int]
    if parts.count == 1, parts[0].count == 4 {
      numbers = [Self.number(parts[0].prefix(2)), Self.number(parts[0].suffix(2))].compactMap { $0 }
    } else {
      numbers = parts.compactMap { $0.count <= 2 ? Self.number($0) : nil }
    }
    guard numbers.count == 2, parts.count <= 2 else { return nil }
    return CalendarDate(
      system: system, year: year, month: numbers[0], isLeapMonth: isLeapMonth, day: numbers[1])
  }

  /// Reads Apple Contacts' `X-ALTBDAY` value: era and year as four digits each (or `-` when
  /// not known), the month as two digits, `L` after a leap month, the day as two digits
  /// (`007800021101` is the first day of the eleventh month of 1985, the second year of the
  /// 78th cycle). For the Chinese and Korean calendars the era is the sixty-year cycle; other
  /// calendars' era is ignored. Other writers' plain forms (``parse(_:in:)``) are read as well.
  package static func parseAppleAlternate(_ text: String, in system: CalendarSystem)
    -> CalendarDate?
  {
    let bytes = Array(text.utf8).filter { $0 != 0x20 }
    var index = 0
    func unit(_ width: Int) -> Int?? {
      if index < bytes.count, bytes[index] == 0x2D {
        index += 1
        return .some(nil)
      }
      guard index + width <= bytes.count,
        let value = Self.number(bytes[index..<(index + width)])
      else { return nil }
      index += width
      return .some(value)
    }
    guard let era = unit(4), let cycleYear = unit(4), let month = unit(2), let month else {
      return parse(text, in: system)
    }
    var isLeapMonth = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "L") {
      isLeapMonth = true
      index += 1
    }
    guard let day = unit(2), let day, index == bytes.count else { return parse(text, in: system) }
    var year = cycleYear
    if system.hasLeapMonths, let cycleYear {
      // Cycles counted from 2637 BC, as ICU's Chinese calendar counts them.
      guard let era, (1...60).contains(cycleYear) else { return nil }
      year = (era - 1) * 60 + cycleYear - 2637
    }
    return CalendarDate(
      system: system, year: year, month: month, isLeapMonth: isLeapMonth, day: day)
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
  }

  private static func number<Bytes: Collection>(_ bytes: Bytes) -> Int?
  where Bytes.Element == UInt8 {
    guard !bytes.isEmpty else { return nil }
    var value = 0
    for byte in bytes {
      guard let digit = digit(byte) else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")
  }
}
