/// The occurrences of one event: DTSTART, its `RRULE`s and `RDATE`s, minus its `EXDATE`s, with
/// its overrides (`RECURRENCE-ID`) moving or cancelling single occurrences (RFC 5545 §3.8.5).
///
/// Everything is given as plain values on the wall clock of the event's own zone (convert values
/// written in other zones or in UTC with ``RecurrenceTimeZone`` first, `UNTIL` included), so the
/// date of an occurrence is the date the event's zone shows.
///
/// ```swift
/// var set = RecurrenceSet(
///   start: LocalDateTime(year: 2027, month: 6, day: 1)!, isAllDay: true,
///   rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY")])
/// set.exclusions = [DateTimeValue(bytes: "20270608".utf8)!]
/// try set.next(onOrAfter: LocalDateTime(year: 2027, month: 6, day: 2)!)  // 2027-06-15
/// ```
package struct RecurrenceSet: Sendable {
  /// One overridden occurrence: the VEVENT with the same UID and a `RECURRENCE-ID`.
  package struct Override: Hashable, Sendable {
    /// The occurrence it replaces (`RECURRENCE-ID`); a DATE replaces the occurrence on that day.
    package var recurrenceID: DateTimeValue
    /// Where the occurrence now starts (the override's DTSTART), or `nil` when it is cancelled
    /// (`STATUS:CANCELLED`).
    package var start: LocalDateTime?

    /// An override of `recurrenceID` now starting at `start` (`nil`: cancelled).
    package init(recurrenceID: DateTimeValue, start: LocalDateTime?) {
      self.recurrenceID = recurrenceID
      self.start = start
    }
  }

  /// DTSTART, always the first occurrence (RFC 5545 §3.8.5.3), even when the rules do not
  /// produce it.
  package var start: LocalDateTime
  /// True for an all-day event (DTSTART is a DATE).
  package var isAllDay: Bool
  /// The `RRULE`s (usually none or one); a DATE-TIME `UNTIL` is read on the event's clock.
  package var rules: [RecurrenceRule]
  /// The `RDATE`s (the start of a PERIOD).
  package var additions: [LocalDateTime] = []
  /// The `EXDATE`s; a DATE removes every occurrence on that day.
  package var exclusions: [DateTimeValue] = []
  /// The overridden occurrences.
  package var overrides: [Override] = []

  /// A set from DTSTART and its rules; add ``additions``, ``exclusions`` and ``overrides``.
  package init(start: LocalDateTime, isAllDay: Bool = false, rules: [RecurrenceRule] = []) {
    self.start = start
    self.isAllDay = isAllDay
    self.rules = rules
  }

  /// The first occurrence at or after `time`, or `nil` when there is none.
  /// - Throws: ``RecurrenceLimitError`` when a rule needed more than
  ///   ``RecurrenceExpander/maximumPeriods`` periods to answer.
  package func next(onOrAfter time: LocalDateTime) throws(RecurrenceLimitError) -> LocalDateTime? {
    if additions.isEmpty, exclusions.isEmpty, overrides.isEmpty, rules.count == 1,
      let next = Self.nextOfPlainYearlyRule(rules[0], start: start, onOrAfter: time)
    {
      return next
    }
    let removed = RemovedOccurrences(self)
    var best: LocalDateTime?
    func consider(_ candidate: LocalDateTime) {
      if candidate >= time, best.map({ candidate < $0 }) ?? true { best = candidate }
    }
    if !removed.contains(start) { consider(start) }
    for addition in additions where !removed.contains(addition) { consider(addition) }
    for override in overrides { if let moved = override.start { consider(moved) } }
    for rule in rules {
      var expander = RecurrenceExpander(rule: rule, start: start)
      expander.skip(toward: time)
      while let occurrence = expander.next() {
        if let best, occurrence >= best { break }
        if occurrence < time || removed.contains(occurrence) { continue }
        best = occurrence
        break
      }
      if expander.isTruncated { throw .tooManyPeriods(rule) }
    }
    return best
  }

  /// The occurrences in `range`, in order, without duplicates: all of them, or the first
  /// `limit`.
  /// - Throws: ``RecurrenceLimitError`` when a rule needed more than
  ///   ``RecurrenceExpander/maximumPeriods`` periods, or produced more than that many occurrences.
  package func occurrences(
    in range: DateRange, limit: Int = .max
  ) throws(RecurrenceLimitError) -> [LocalDateTime] {
    let removed = RemovedOccurrences(self)
    var found: [LocalDateTime] = []
    for candidate in [start] + additions
    where range.contains(candidate) && !removed.contains(candidate) {
      found.append(candidate)
    }
    for override in overrides {
      if let moved = override.start, range.contains(moved) { found.append(moved) }
    }
    for rule in rules {
      var expander = RecurrenceExpander(rule: rule, start: start)
      expander.skip(toward: range.lowerBound)
      var fromRule = 0
      while fromRule < limit, let occurrence = expander.next(), occurrence < range.upperBound {
        if occurrence >= range.lowerBound, !removed.contains(occurrence) {
          found.append(occurrence)
          fromRule += 1
          if fromRule > RecurrenceExpander.maximumPeriods { throw .tooManyPeriods(rule) }
        }
      }
      if expander.isTruncated { throw .tooManyPeriods(rule) }
    }
    return Array(Array(Set(found)).sorted().prefix(limit))
  }
}

extension RecurrenceSet {
  /// The answer for `FREQ=YEARLY` with at most `INTERVAL` and `UNTIL` (every birthday calendar),
  /// worked out directly: the start's day and time in the first year at or after `time` that the
  /// interval allows and that has that day (29 February only in leap years). `nil` when the rule
  /// has other parts or the search needs the general expansion; `.some(nil)` when it has ended.
  /// The fuzz target checks it against ``RecurrenceExpander``.
  fileprivate static func nextOfPlainYearlyRule(
    _ rule: RecurrenceRule, start: LocalDateTime, onOrAfter time: LocalDateTime
  ) -> LocalDateTime?? {
    guard rule.frequency == .yearly, rule.count == nil, rule.byMonth.isEmpty,
      rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNo.isEmpty, rule.byDay.isEmpty,
      rule.byHour.isEmpty, rule.byMinute.isEmpty, rule.bySecond.isEmpty, rule.bySetPos.isEmpty
    else { return nil }
    let first = start.date
    guard let startYear = first.year else { return nil }
    let until = rule.until.map {
      $0.isDate ? LocalDateTime(seconds: $0.local.seconds + 86_399) : $0.local
    }
    var year = Swift.max(startYear, (time.date.year ?? startYear) - 1)
    year += (rule.interval - (year - startYear) % rule.interval) % rule.interval
    for _ in 0..<50 {  // 29 February every 4 or 8 years, or with an interval up to 50 periods
      guard year <= 9999 else { return .some(nil) }
      if let candidate = LocalDateTime(
        year: year, month: first.month, day: first.day, hour: start.hour, minute: start.minute,
        second: start.second), candidate >= time
      {
        // DTSTART is an occurrence even after UNTIL.
        if let until, candidate > until, candidate != start { return .some(nil) }
        return candidate
      }
      year += rule.interval
    }
    return nil
  }
}

/// The `EXDATE`s and overridden `RECURRENCE-ID`s of a set, for quick look-up.
private struct RemovedOccurrences {
  private var times: Set<Int> = []
  private var days: Set<Int> = []

  init(_ set: RecurrenceSet) {
    for value in set.exclusions + set.overrides.map(\.recurrenceID) {
      if value.isDate, !set.isAllDay {
        days.insert(value.local.dayNumber)
      } else {
        times.insert(value.local.seconds)
      }
    }
  }

  func contains(_ time: LocalDateTime) -> Bool {
    (!times.isEmpty && times.contains(time.seconds))
      || (!days.isEmpty && days.contains(time.dayNumber))
  }
}

/// The bound of ``RecurrenceExpander/maximumPeriods`` stopped a search.
package enum RecurrenceLimitError: Error, Hashable, Sendable {
  /// `rule` needed more periods than the bound to answer.
  case tooManyPeriods(RecurrenceRule)
}
