/// The occurrences of one ``RecurrenceRule`` from a start, in increasing order, as RFC 5545
/// §3.3.10 expands them.
///
/// Each period of the rule's frequency (a year, a month, a week from `WKST`, a day, an hour, a
/// minute, a second; every `INTERVAL`th one from the start's) gets its set of days from the
/// BYxxx parts (expanding or limiting as the RFC's table says), then its times; `BYSETPOS`
/// picks from that set; occurrences before the start are dropped; `COUNT` and `UNTIL` end it.
/// Parts the rule leaves out come from the start (`FREQ=YEARLY` alone recurs on the start's
/// month and day, at the start's time). DTSTART itself is not added here (``RecurrenceSet``
/// does that), so an unsynchronised start does not count towards `COUNT` — as in
/// python-dateutil, the reference of the differential check.
///
/// The work is bounded: at most ``maximumPeriods`` periods are examined per expander, and for
/// weekly and shorter frequencies at most ``maximumEmptyPeriods`` in a row that produce nothing
/// (a rule that never produces anything, `FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30`, stops there
/// after about a millisecond; a yearly or monthly one reaches year 9999 first);
/// nothing after year 9999 exists; a period with more than ``maximumPeriods`` occurrences
/// (BYHOUR, BYMINUTE and BYSECOND on every day of a year) stops it too. ``isTruncated`` says the
/// bound, not the rule, ended it.
package struct RecurrenceExpander: IteratorProtocol, Sequence {
  /// The most periods one expander examines.
  package static let maximumPeriods = 200_000
  /// The most periods in a row without an occurrence, for weekly and shorter frequencies
  /// (29 February every 8 years, day by day, is about 2,900).
  package static let maximumEmptyPeriods = 10_000

  private let rule: RecurrenceRule
  private let start: LocalDateTime
  private let until: LocalDateTime?
  // The rule with the parts derived from the start filled in.
  private let byMonth: [Int]
  private let byMonthDay: [Int]
  private let byDay: [RecurrenceRule.WeekdayNumber]
  private let plainWeekdays: UInt8  // bit per weekday of BYDAY entries without an ordinal
  private let hasOrdinals: Bool
  private let timesOfDay: [Int]  // seconds since midnight, for frequencies of a day or longer
  private let minutesAndSeconds: [Int]  // HOURLY: minute * 60 + second
  private let secondsOfMinute: [Int]  // MINUTELY

  private var period = 0
  private var periods = 0
  private var emptyPeriods = 0
  private var produced = 0
  private var buffer: [Int] = []
  private var bufferIndex = 0
  private var isFinished = false
  /// True when ``maximumPeriods`` stopped the expansion before the rule ended.
  package private(set) var isTruncated = false

  /// The occurrences of `rule` from `start` (the event's DTSTART on its own clock).
  ///
  /// - Parameter until: `UNTIL` on the same clock; `nil` uses the rule's own `UNTIL` as written
  ///   (a DATE `UNTIL` includes its whole day).
  package init(rule: RecurrenceRule, start: LocalDateTime, until: LocalDateTime? = nil) {
    self.rule = rule
    self.start = start
    if let until {
      self.until = until
    } else if let written = rule.until {
      self.until =
        written.isDate ? LocalDateTime(seconds: written.local.seconds + 86_399) : written.local
    } else {
      self.until = nil
    }
    let date = start.date
    var byMonth = rule.byMonth
    var byMonthDay = rule.byMonthDay
    var byDay = rule.byDay
    if rule.byWeekNo.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
      switch rule.frequency {
      case .yearly:
        if byMonth.isEmpty { byMonth = [date.month] }
        byMonthDay = [date.day]
      case .monthly: byMonthDay = [date.day]
      case .weekly: byDay = [.init(.init(dayNumber: start.dayNumber))]
      default: break
      }
    }
    if rule.frequency > .monthly {
      // Ordinals mean nothing in shorter periods; dateutil and libical ignore them.
      byDay = byDay.map { .init($0.weekday) }
    }
    self.byMonth = byMonth
    self.byMonthDay = byMonthDay
    self.byDay = byDay
    plainWeekdays = byDay.reduce(0) { $1.ordinal == 0 ? $0 | 1 << $1.weekday.rawValue : $0 }
    hasOrdinals = byDay.contains { $0.ordinal != 0 }
    if rule.byHour.isEmpty, rule.byMinute.isEmpty, rule.bySecond.isEmpty,
      rule.frequency <= .daily
    {
      // The common case (a birthday, a weekly meeting): one time, the start's.
      timesOfDay = [start.secondOfDay]
      minutesAndSeconds = []
      secondsOfMinute = []
      return
    }
    let hours = rule.byHour.isEmpty ? [start.hour] : rule.byHour
    let minutes = rule.byMinute.isEmpty ? [start.minute] : rule.byMinute
    let seconds = (rule.bySecond.isEmpty ? [start.second] : rule.bySecond).filter { $0 < 60 }
    timesOfDay = uniqueSorted(
      hours.flatMap { hour in
        minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } }
      })
    minutesAndSeconds = uniqueSorted(
      minutes.flatMap { minute in seconds.map { minute * 60 + $0 } })
    secondsOfMinute = uniqueSorted(seconds)
  }

  /// Skips every period that ends before `time`, so that the next occurrence is found without
  /// expanding the years before it. Does nothing with `COUNT` (every occurrence counts then).
  package mutating func skip(toward time: LocalDateTime) {
    guard rule.count == nil, time > start else { return }
    let target = Swift.max(0, periodIndex(containing: time))
    if target > period {
      period = target
      buffer.removeAll(keepingCapacity: true)
      bufferIndex = 0
    }
  }

  /// The next occurrence, or `nil` when the rule has ended (or ``isTruncated``).
  package mutating func next() -> LocalDateTime? {
    while true {
      while bufferIndex < buffer.count {
        let time = buffer[bufferIndex]
        bufferIndex += 1
        if let until, time > until.seconds {
          isFinished = true
          buffer.removeAll()
          return nil
        }
        if time < start.seconds { continue }
        produced += 1
        if let count = rule.count, produced > count {
          isFinished = true
          buffer.removeAll()
          return nil
        }
        return LocalDateTime(seconds: time)
      }
      if isFinished { return nil }
      if periods >= Self.maximumPeriods
        || (emptyPeriods >= Self.maximumEmptyPeriods && rule.frequency >= .weekly)
      {
        isTruncated = true
        isFinished = true
        return nil
      }
      periods += 1
      fillBuffer()
      emptyPeriods = buffer.isEmpty ? emptyPeriods + 1 : 0
    }
  }

  // MARK: - Periods

  private var interval: Int { rule.interval }
  private static let lastDay = dayNumber(year: 9999, month: 12, day: 31)

  private func periodIndex(containing time: LocalDateTime) -> Int {
    let date = time.date
    let startDate = start.date
    switch rule.frequency {
    case .yearly: return floorDiv((date.year ?? 0) - (startDate.year ?? 0), interval)
    case .monthly:
      return floorDiv(
        ((date.year ?? 0) * 12 + date.month) - ((startDate.year ?? 0) * 12 + startDate.month),
        interval)
    case .weekly: return floorDiv(time.dayNumber - firstDayOfStartWeek, 7 * interval)
    case .daily: return floorDiv(time.dayNumber - start.dayNumber, interval)
    case .hourly:
      return floorDiv(floorDiv(time.seconds, 3600) - floorDiv(start.seconds, 3600), interval)
    case .minutely:
      return floorDiv(floorDiv(time.seconds, 60) - floorDiv(start.seconds, 60), interval)
    case .secondly: return floorDiv(time.seconds - start.seconds, interval)
    }
  }

  private var firstDayOfStartWeek: Int {
    let day = start.dayNumber
    let weekday = RecurrenceRule.Weekday(dayNumber: day).rawValue
    return day - (weekday - rule.weekStart.rawValue + 7) % 7
  }

  /// Expands period ``period`` into ``buffer`` and moves on to the next period to examine.
  private mutating func fillBuffer() {
    buffer.removeAll(keepingCapacity: true)
    bufferIndex = 0
    let startDate = start.date
    let startYear = startDate.year ?? 1970
    switch rule.frequency {
    case .yearly, .monthly, .weekly, .daily:
      let first: Int
      let last: Int
      switch rule.frequency {
      case .yearly:
        let year = startYear + period * interval
        guard year <= 9999 else { return finish() }
        first = dayNumber(year: year, month: 1, day: 1)
        last = dayNumber(year: year, month: 12, day: 31)
      case .monthly:
        let months = startYear * 12 + startDate.month - 1 + period * interval
        guard months / 12 <= 9999 else { return finish() }
        first = dayNumber(year: months / 12, month: months % 12 + 1, day: 1)
        last = first + CivilDate.daysInMonth(months % 12 + 1, year: months / 12) - 1
      case .weekly:
        first = firstDayOfStartWeek + period * interval * 7
        last = first + 6
      default:
        first = start.dayNumber + period * interval
        last = first
      }
      guard first <= Self.lastDay else { return finish() }
      period += 1
      let days = candidateDays(first: first, last: Swift.min(last, Self.lastDay))
      if days.count * timesOfDay.count > Self.maximumPeriods {
        // BYHOUR x BYMINUTE x BYSECOND on every day: more than a search should hold.
        isTruncated = true
        return finish()
      }
      for day in days {
        for time in timesOfDay { buffer.append(day * 86_400 + time) }
      }
    case .hourly, .minutely, .secondly:
      let unit = rule.frequency == .hourly ? 3600 : rule.frequency == .minutely ? 60 : 1
      let periodStart = (floorDiv(start.seconds, unit) + period * interval) * unit
      let day = floorDiv(periodStart, 86_400)
      guard day <= Self.lastDay else { return finish() }
      let secondOfDay = periodStart - day * 86_400
      if !matches(day: day) {
        // Nothing on this day: go on with the first period of the next day.
        jump(to: (day + 1) * 86_400, unit: unit)
        return
      }
      let hour = secondOfDay / 3600
      if !rule.byHour.isEmpty, !rule.byHour.contains(hour) {
        jump(to: day * 86_400 + (hour + 1) * 3600, unit: unit)
        return
      }
      let minute = secondOfDay / 60 % 60
      if rule.frequency != .hourly, !rule.byMinute.isEmpty, !rule.byMinute.contains(minute) {
        jump(to: day * 86_400 + hour * 3600 + (minute + 1) * 60, unit: unit)
        return
      }
      period += 1
      switch rule.frequency {
      case .hourly:
        for offset in minutesAndSeconds { buffer.append(periodStart + offset) }
      case .minutely:
        for second in secondsOfMinute { buffer.append(periodStart + second) }
      default:
        if rule.bySecond.isEmpty || rule.bySecond.contains(secondOfDay % 60) {
          buffer.append(periodStart)
        }
      }
    }
    applySetPositions()
  }

  /// Moves ``period`` to the first period starting at or after `time` (seconds).
  private mutating func jump(to time: Int, unit: Int) {
    // Whole units from the start's, rounded up.
    let units = -floorDiv(-time, unit) - floorDiv(start.seconds, unit)
    period = Swift.max(period + 1, -floorDiv(-units, interval))
  }

  private mutating func finish() {
    isFinished = true
  }

  private mutating func applySetPositions() {
    guard !rule.bySetPos.isEmpty, !buffer.isEmpty else { return }
    let all = buffer
    var picked: [Int] = []
    for position in rule.bySetPos {
      let index = position > 0 ? position - 1 : all.count + position
      if all.indices.contains(index) { picked.append(all[index]) }
    }
    buffer = Array(Set(picked)).sorted()
  }

  // MARK: - Days

  /// The days from `first` through `last` that the BYxxx day parts allow, in order. Generates
  /// from the most selective part, then checks all of them (``matches(day:)``).
  private func candidateDays(first: Int, last: Int) -> [Int] {
    var days: [Int] = []
    let firstDate = civilDate(dayNumber: first)
    let lastDate = civilDate(dayNumber: last)
    let firstYear = firstDate.year ?? 1970
    let lastYear = lastDate.year ?? 1970
    if !rule.byYearDay.isEmpty {
      for year in firstYear...lastYear {
        let january = dayNumber(year: year, month: 1, day: 1)
        let length = CivilDate.isLeapYear(year) ? 366 : 365
        for value in rule.byYearDay {
          let offset = value > 0 ? value - 1 : length + value
          guard (0..<length).contains(offset) else { continue }
          let day = january + offset
          if day >= first, day <= last { days.append(day) }
        }
      }
    } else {
      // Month by month over the period.
      var year = firstYear
      var month = firstDate.month
      while year < lastYear || (year == lastYear && month <= lastDate.month) {
        defer {
          month += 1
          if month > 12 {
            month = 1
            year += 1
          }
        }
        if !byMonth.isEmpty, !byMonth.contains(month) { continue }
        let monthFirst = dayNumber(year: year, month: month, day: 1)
        let length = CivilDate.daysInMonth(month, year: year)
        let low = Swift.max(first, monthFirst)
        let high = Swift.min(last, monthFirst + length - 1)
        guard low <= high else { continue }
        if !byMonthDay.isEmpty {
          for value in byMonthDay {
            let dayOfMonth = value > 0 ? value : length + 1 + value
            guard (1...length).contains(dayOfMonth) else { continue }  // skipped, not moved
            let day = monthFirst + dayOfMonth - 1
            if day >= low, day <= high { days.append(day) }
          }
        } else if !byDay.isEmpty, rule.byWeekNo.isEmpty {
          let lowWeekday = RecurrenceRule.Weekday(dayNumber: low).rawValue
          for weekday in Set(byDay.map(\.weekday.rawValue)) {
            var day = low + (weekday - lowWeekday + 7) % 7
            while day <= high {
              days.append(day)
              day += 7
            }
          }
        } else {
          days.append(contentsOf: low...high)
        }
      }
    }
    days.removeAll { !matches(day: $0) }
    return uniqueSorted(days)
  }

  /// True when every BYxxx day part allows `day`.
  private func matches(day: Int) -> Bool {
    let date = civilDate(dayNumber: day)
    let year = date.year ?? 1970
    if !byMonth.isEmpty, !byMonth.contains(date.month) { return false }
    if !byMonthDay.isEmpty {
      let length = CivilDate.daysInMonth(date.month, year: year)
      if !byMonthDay.contains(where: { $0 == date.day || length + 1 + $0 == date.day }) {
        return false
      }
    }
    if !rule.byYearDay.isEmpty {
      let dayOfYear = day - dayNumber(year: year, month: 1, day: 1) + 1
      let length = CivilDate.isLeapYear(year) ? 366 : 365
      if !rule.byYearDay.contains(where: { $0 == dayOfYear || length + 1 + $0 == dayOfYear }) {
        return false
      }
    }
    if !rule.byWeekNo.isEmpty {
      let (week, weeks) = weekNumber(of: day, year: year)
      if !rule.byWeekNo.contains(where: { $0 == week || weeks + 1 + $0 == week }) { return false }
    }
    if !byDay.isEmpty {
      let weekday = RecurrenceRule.Weekday(dayNumber: day)
      if plainWeekdays & 1 << weekday.rawValue == 0 {
        guard hasOrdinals, matchesOrdinal(day: day, date: date, weekday: weekday) else {
          return false
        }
      }
    }
    return true
  }

  /// True when `day` is the nth `weekday` of an ordinal BYDAY entry, counted in its month
  /// (MONTHLY, or YEARLY with BYMONTH) or its year (YEARLY).
  private func matchesOrdinal(day: Int, date: CivilDate, weekday: RecurrenceRule.Weekday) -> Bool {
    let year = date.year ?? 1970
    let scopeFirst: Int
    let scopeLength: Int
    if rule.frequency == .monthly || !rule.byMonth.isEmpty {
      scopeFirst = dayNumber(year: year, month: date.month, day: 1)
      scopeLength = CivilDate.daysInMonth(date.month, year: year)
    } else {
      scopeFirst = dayNumber(year: year, month: 1, day: 1)
      scopeLength = CivilDate.isLeapYear(year) ? 366 : 365
    }
    let fromStart = (day - scopeFirst) / 7 + 1
    let fromEnd = -((scopeFirst + scopeLength - 1 - day) / 7 + 1)
    return byDay.contains { entry in
      entry.weekday == weekday && entry.ordinal != 0
        && (entry.ordinal == fromStart || entry.ordinal == fromEnd)
    }
  }

  /// The week number of `day` (in the calendar year `year`) as RFC 5545 counts with `WKST`:
  /// week 1 is the first week with at least four days in the year. Days before it are in the
  /// previous year's last week, days after the last week in the next year's week 1. Returns the
  /// number and how many weeks the year it belongs to has.
  private func weekNumber(of day: Int, year: Int) -> (week: Int, weeks: Int) {
    func firstWeekStart(_ year: Int) -> Int {
      let january = dayNumber(year: year, month: 1, day: 1)
      let weekday = RecurrenceRule.Weekday(dayNumber: january).rawValue
      let weekStart = january - (weekday - rule.weekStart.rawValue + 7) % 7
      return january - weekStart <= 3 ? weekStart : weekStart + 7
    }
    var weekYear = year
    var yearStart = firstWeekStart(year)
    if day < yearStart {
      weekYear -= 1
      yearStart = firstWeekStart(weekYear)
    } else {
      let nextStart = firstWeekStart(year + 1)
      if day >= nextStart {
        weekYear += 1
        yearStart = nextStart
      }
    }
    let weeks = (firstWeekStart(weekYear + 1) - yearStart) / 7
    return ((day - yearStart) / 7 + 1, weeks)
  }
}

/// `lhs / rhs` rounded down (towards minus infinity); `rhs` is positive.
func floorDiv(_ lhs: Int, _ rhs: Int) -> Int {
  lhs >= 0 ? lhs / rhs : -((-lhs + rhs - 1) / rhs)
}

/// `values` in increasing order without repeats.
private func uniqueSorted(_ values: [Int]) -> [Int] {
  guard values.count > 1 else { return values }
  var result = values.sorted()
  var kept = 1
  for index in 1..<result.count where result[index] != result[kept - 1] {
    result[kept] = result[index]
    kept += 1
  }
  result.removeLast(result.count - kept)
  return result
}
