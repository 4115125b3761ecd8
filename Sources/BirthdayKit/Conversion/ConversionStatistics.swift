/// What a conversion did, for the summary line and for scripts.
public struct ConversionStatistics: Hashable, Sendable {
  /// Records (cards or rows) read.
  public var recordsRead = 0
  /// Events written.
  public var eventsWritten = 0
  /// Records that gave no event (no date, no name, or only invalid dates).
  public var recordsSkipped = 0
  /// Events dropped because an earlier record had the same UID.
  public var duplicatesMerged = 0

  /// Creates empty statistics.
  public init() {}

  /// `converted 8 events from 10 cards, skipped 2`.
  public func summary(recordNoun: String = "cards") -> String {
    var text =
      "converted \(eventsWritten) event\(eventsWritten == 1 ? "" : "s") from \(recordsRead) \(recordsRead == 1 ? String(recordNoun.dropLast()) : recordNoun), skipped \(recordsSkipped)"
    if duplicatesMerged > 0 {
      text += ", merged \(duplicatesMerged) duplicate\(duplicatesMerged == 1 ? "" : "s")"
    }
    return text
  }
}
