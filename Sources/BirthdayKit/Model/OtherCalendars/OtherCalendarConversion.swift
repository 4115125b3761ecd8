import Foundation

/// Conversions between ``CalendarDate``s and Gregorian ``CivilDate``s through Foundation's
/// `Calendar` (ICU), and the rules by which a date of another calendar is celebrated in a year
/// that does not have it.
package enum OtherCalendarConversion {
  /// The Gregorian day of `date`, or `nil` when it has no year or its year lacks that day.
  package static func gregorianDate(of date: CalendarDate) -> CivilDate? {
    guard let year = date.year,
      let number = dayNumber(
        system: date.system, year: year, month: date.month, isLeapMonth: date.isLeapMonth,
        day: date.day)
    else { return nil }
    return BirthdayKit.civilDate(dayNumber: number)
  }

  /// The day `date` names in `system`.
  package static func calendarDate(of date: CivilDate, in system: CalendarSystem) -> CalendarDate? {
    guard date.year != nil else { return nil }
    let parts = fields(ofDay: BirthdayKit.dayNumber(date), in: system)
    return CalendarDate(
      system: system, year: parts.year, month: parts.month, isLeapMonth: parts.isLeapMonth,
      day: parts.day)
  }

  /// The Gregorian day on which `birth` is celebrated in the calendar year `year`:
  /// - a Chinese or Korean leap month: that leap month when the year has it, else the regular
  ///   month of the same number;
  /// - Hebrew Adar I (month 6) in a common year: Adar (month 7); Adar of a common year (a
  ///   birth year that is common, or no year) is Adar II (month 7) in leap years, or Adar I
  ///   (month 6) with `adar` ``HebrewAdarRule/adar1``; Adar II of a leap year stays Adar II;
  /// - a day the month lacks: the Chinese, Korean, Hijri and Persian month's last day (the 29th;
  ///   Esfand 29 for Esfand 30); in the Hebrew calendar the first day of the next month (30
  ///   Cheshvan or Kislev in a year where it has 29 days is celebrated on 1 Kislev or 1 Tevet).
  package static func celebration(
    of birth: CalendarDate, inYear year: Int, adar: HebrewAdarRule = .adar2
  ) -> CivilDate? {
    let system = birth.system
    var month = birth.month
    var isLeapMonth = false
    if birth.isLeapMonth, hasLeapMonth(system: system, year: year, month: month) {
      isLeapMonth = true
    }
    if system == .hebrew, month == 6, !HebrewArithmetic.isLeapYear(year) { month = 7 }
    if system == .hebrew, month == 7, adar == .adar1, HebrewArithmetic.isLeapYear(year),
      !(birth.year.map(HebrewArithmetic.isLeapYear) ?? false)
    {
      month = 6
    }
    guard
      let first = dayNumber(
        system: system, year: year, month: month, isLeapMonth: isLeapMonth, day: 1),
      let length = monthLength(system: system, year: year, month: month, isLeapMonth: isLeapMonth)
    else { return nil }
    let day: Int
    if birth.day <= length {
      day = first + birth.day - 1
    } else if system == .hebrew {
      day = first + length
    } else {
      day = first + length - 1
    }
    return BirthdayKit.civilDate(dayNumber: day)
  }

  /// Each celebration of `birth` that falls in the Gregorian years `years`, with the calendar
  /// year it celebrates, in date order; none before the year of birth. A Hijri date can fall
  /// twice in one Gregorian year. `adar` as for ``celebration(of:inYear:adar:)``.
  package static func celebrations(
    of birth: CalendarDate, inGregorianYears years: Range<Int>, adar: HebrewAdarRule = .adar2
  ) -> [(calendarYear: Int, date: CivilDate)] {
    guard !years.isEmpty, let first = CivilDate(year: years.lowerBound, month: 1, day: 1),
      let last = CivilDate(year: years.upperBound - 1, month: 12, day: 31)
    else { return [] }
    let from = fields(ofDay: BirthdayKit.dayNumber(first), in: birth.system).year
    let to = fields(ofDay: BirthdayKit.dayNumber(last), in: birth.system).year
    var result: [(calendarYear: Int, date: CivilDate)] = []
    for year in from...max(from, to) where birth.year.map({ year >= $0 }) ?? true {
      guard let date = celebration(of: birth, inYear: year, adar: adar),
        let gregorianYear = date.year,
        years.contains(gregorianYear)
      else { continue }
      result.append((year, date))
    }
    return result
  }

  /// Days from 1970-01-01 to the day, or `nil` when the year lacks it.
  static func dayNumber(
    system: CalendarSystem, year: Int, month: Int, isLeapMonth: Bool, day: Int
  ) -> Int? {
    switch system {
    case .hebrew:
      return isLeapMonth ? nil : HebrewArithmetic.dayNumber(year: year, month: month, day: day)
    case .islamic where UmmAlQuraTable.years.contains(year):
      return UmmAlQuraArithmetic.dayNumber(year: year, month: month, day: day)
    case .chinese, .korean:
      guard let lunarYear = LunisolarYear.year(year, in: system) else { fallthrough }
      guard let found = lunarYear.month(month, isLeap: isLeapMonth),
        (1...found.length).contains(day)
      else { return nil }
      return found.firstDay + day - 1
    default:
      return icuDayNumber(
        system: system, year: year, month: month, isLeapMonth: isLeapMonth, day: day)
    }
  }

  /// ``dayNumber(system:year:month:isLeapMonth:day:)`` through ICU alone.
  static func icuDayNumber(
    system: CalendarSystem, year: Int, month: Int, isLeapMonth: Bool, day: Int
  ) -> Int? {
    instant(system: system, year: year, month: month, isLeapMonth: isLeapMonth, day: day)
      .map { BirthdayKit.dayNumber(civilDate(of: $0)) }
  }

  /// Days in the month, or `nil` when the year lacks it.
  static func monthLength(system: CalendarSystem, year: Int, month: Int, isLeapMonth: Bool)
    -> Int?
  {
    switch system {
    case .hebrew:
      let length = HebrewArithmetic.monthLength(year: year, month: month)
      return length > 0 && !isLeapMonth ? length : nil
    case .islamic where UmmAlQuraTable.years.contains(year):
      return UmmAlQuraArithmetic.monthLength(year: year, month: month)
    case .chinese, .korean:
      guard let lunarYear = LunisolarYear.year(year, in: system) else { fallthrough }
      return lunarYear.month(month, isLeap: isLeapMonth)?.length
    default:
      guard
        let first = instant(
          system: system, year: year, month: month, isLeapMonth: isLeapMonth, day: 1)
      else { return nil }
      return system.foundation.range(of: .day, in: .month, for: first)?.count
    }
  }

  /// Year (as ``CalendarDate`` writes it), month, leap flag and day of the day `number` days
  /// from 1970-01-01.
  static func fields(ofDay number: Int, in system: CalendarSystem)
    -> (year: Int, month: Int, isLeapMonth: Bool, day: Int)
  {
    if system == .hebrew {
      let date = HebrewArithmetic.date(dayNumber: number)
      return (date.year, date.month, false, date.day)
    }
    if system == .islamic, let date = UmmAlQuraArithmetic.date(dayNumber: number) {
      return (date.year, date.month, false, date.day)
    }
    let day = BirthdayKit.civilDate(dayNumber: number)
    if system.hasLeapMonths, let gregorianYear = day.year,
      let thisYear = LunisolarYear.year(gregorianYear, in: system)
    {
      // Before the lunar new year (late January to February): the year that began before.
      let year = number < thisYear.firstDay ? gregorianYear - 1 : gregorianYear
      if let lunarYear = year == gregorianYear ? thisYear : LunisolarYear.year(year, in: system),
        (lunarYear.firstDay..<lunarYear.endDay).contains(number)
      {
        let found = lunarYear.monthAndDay(ofDay: number)
        return (year, found.month.number, found.month.isLeap, found.day)
      }
    }
    guard
      let instant = CalendarSystem.gregorian.date(
        from: DateComponents(year: day.year, month: day.month, day: day.day))
    else { preconditionFailure("every Gregorian day is an instant") }
    return fields(of: instant, in: system)
  }

  /// Whether the Chinese or Korean year `year` has a leap month numbered `month`.
  static func hasLeapMonth(system: CalendarSystem, year: Int, month: Int) -> Bool {
    dayNumber(system: system, year: year, month: month, isLeapMonth: true, day: 1) != nil
  }

  /// The instant (midnight UTC) of the day, or `nil` when the year lacks it: Foundation
  /// rolls impossible components over, so the result is converted back and compared.
  private static func instant(
    system: CalendarSystem, year: Int, month: Int, isLeapMonth: Bool, day: Int
  ) -> Date? {
    let calendar = system.foundation
    var components = DateComponents(month: month, day: day)
    components.isLeapMonth = isLeapMonth
    if system.writesGregorianYear {
      // The sixty-year cycle and the year in it of a day well inside that lunar year (its new
      // year falls between 21 January and 20 February).
      guard
        let midyear = CalendarSystem.gregorian.date(
          from: DateComponents(year: year, month: 7, day: 1))
      else { return nil }
      let cycle = calendar.dateComponents([.era, .year], from: midyear)
      components.era = cycle.era
      components.year = cycle.year
    } else {
      components.year = year
    }
    guard let instant = calendar.date(from: components) else { return nil }
    let back = fields(of: instant, in: system)
    guard back.year == year, back.month == month, back.day == day,
      back.isLeapMonth == isLeapMonth
    else { return nil }
    return instant
  }

  /// Year (as ``CalendarDate`` writes it), month, leap flag and day of `instant` in `system`,
  /// through ICU.
  static func icuFields(of instant: Date, in system: CalendarSystem)
    -> (year: Int, month: Int, isLeapMonth: Bool, day: Int)
  {
    fields(of: instant, in: system)
  }

  /// Year (as ``CalendarDate`` writes it), month, leap flag and day of `instant` in `system`.
  private static func fields(of instant: Date, in system: CalendarSystem)
    -> (year: Int, month: Int, isLeapMonth: Bool, day: Int)
  {
    let parts = system.foundation.dateComponents([.year, .month, .day], from: instant)
    let leap =
      system.hasLeapMonths
      && (system.foundation.dateComponents(
        [.era, .year, .month, .day, .isLeapMonth], from: instant
      ).isLeapMonth ?? false)
    let month = parts.month ?? 1
    var year = parts.year ?? 0
    if system.writesGregorianYear {
      let gregorian = CalendarSystem.gregorian.dateComponents([.year, .month], from: instant)
      year = gregorian.year ?? 0
      // January or February before the lunar new year: the lunar year began the year before.
      if (gregorian.month ?? 1) <= 2, month >= 10 { year -= 1 }
    }
    return (year, month, leap, parts.day ?? 1)
  }

  private static func civilDate(of instant: Date) -> CivilDate {
    let parts = CalendarSystem.gregorian.dateComponents([.year, .month, .day], from: instant)
    guard
      let date = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    else { preconditionFailure("a Gregorian calendar gives real days") }
    return date
  }
}
