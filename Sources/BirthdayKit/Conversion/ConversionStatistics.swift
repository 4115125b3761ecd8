/// What a conversion did, counted record by record.
public struct ConversionStatistics: Hashable, Sendable {
  /// Records (cards or rows) read.
  public var recordsRead = 0
  /// Events written.
  public var eventsWritten = 0
  /// Of ``eventsWritten``, the anniversaries.
  public var anniversariesWritten = 0
  /// Records that gave no event (no date, no name, or only invalid dates).
  public var recordsSkipped = 0
  /// Records that gave no event and had no problem: no date to convert (most contacts).
  /// Without a ``ConversionFailureCounter`` it includes the records with problems.
  public var recordsWithoutDate = 0
  /// Records for which a diagnostic reported dropped data (a date or the whole record), whether
  /// or not they gave an event. Counted only with a ``ConversionFailureCounter``.
  public var recordsWithProblems = 0
  /// Events dropped because an earlier record had the same UID.
  public var duplicatesMerged = 0

  /// Creates empty statistics.
  public init() {}

  /// Counts one record that gave `events` events.
  mutating func countRecord(events: Int, hadProblems: Bool) {
    recordsRead += 1
    if events == 0 { recordsSkipped += 1 }
    if hadProblems {
      recordsWithProblems += 1
    } else if events == 0 {
      recordsWithoutDate += 1
    }
  }
}
