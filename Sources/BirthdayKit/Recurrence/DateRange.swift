/// The wall-clock times from ``lowerBound`` (included) to ``upperBound`` (excluded), on the
/// clock of the event's own zone.
package struct DateRange: Hashable, Sendable {
  /// The first time in the range.
  package var lowerBound: LocalDateTime
  /// The first time after the range.
  package var upperBound: LocalDateTime

  /// The range from `lowerBound` up to, not including, `upperBound`.
  package init(from lowerBound: LocalDateTime, upTo upperBound: LocalDateTime) {
    self.lowerBound = lowerBound
    self.upperBound = upperBound
  }

  /// The whole days from `first` through `last` (both included; both need a year).
  package init?(days first: CivilDate, through last: CivilDate) {
    guard let lower = LocalDateTime(date: first), let upper = LocalDateTime(date: last) else {
      return nil
    }
    self.init(from: lower, upTo: LocalDateTime(seconds: upper.seconds + 86_400))
  }

  /// True when `time` is in the range.
  package func contains(_ time: LocalDateTime) -> Bool {
    lowerBound <= time && time < upperBound
  }
}
