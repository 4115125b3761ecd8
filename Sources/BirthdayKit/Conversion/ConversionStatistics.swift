/// What a conversion did, counted record by record.
public struct ConversionStatistics: Hashable, Sendable {
  /// Records (cards or rows) read.
  public var recordsRead = 0
  /// Events written.
  public var eventsWritten = 0
  /// Of ``eventsWritten``, the anniversaries.
  package var anniversariesWritten = 0
  /// Records that gave no event (no date, no name, or only invalid dates).
  package var recordsSkipped = 0
  /// Records that gave no event and had no problem: no date to convert (most contacts).
  /// Without a ``ConversionFailureCounter`` it includes the records with problems.
  public var recordsWithoutDate = 0
  /// Records for which a diagnostic reported dropped data (a date or the whole record), whether
  /// or not they gave an event. Counted only with a ``ConversionFailureCounter``.
  public var recordsWithProblems = 0
  /// Events dropped because an earlier record had the same UID.
  public var duplicatesMerged = 0
  /// Of ``eventsWritten``, the remembrance events of the deceased (`--memorials`).
  package var memorialsWritten = 0
  /// Records of people who have died (`DEATHDATE`), left out (no `--memorials`).
  package var deceasedLeftOut = 0
  /// Records left out by `--group` or `--exclude`.
  package var recordsNotChosen = 0
  /// The names of records with problems (see ``recordsWithProblems``), the first 10,000, for
  /// `sync`: their events must not be removed because the record could not be read. Counted
  /// only with a ``ConversionFailureCounter``.
  package var namesWithProblems: [String] = []
  /// Records with problems whose name is not known (or beyond the first 10,000): any event
  /// could be theirs.
  package var problemsWithoutName = 0
  /// Where each record of ``namesWithProblems`` starts, in the same order.
  package var problemLocations: [SourceLocation] = []
  /// Where the first 100 of ``problemsWithoutName`` failed.
  package var unnamedProblemLocations: [SourceLocation] = []

  /// Creates empty statistics.
  package init() {}

  /// Counts one record that gave `events` events.
  mutating func countRecord(
    events: Int, hadProblems: Bool, leftOut: CelebrationBuilder.LeftOut? = nil
  ) {
    recordsRead += 1
    if events == 0 { recordsSkipped += 1 }
    if events == 0, let leftOut {
      if leftOut == .deceased { deceasedLeftOut += 1 } else { recordsNotChosen += 1 }
    } else if hadProblems {
      recordsWithProblems += 1
    } else if events == 0 {
      recordsWithoutDate += 1
    }
  }
}
