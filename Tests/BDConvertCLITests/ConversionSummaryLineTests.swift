import Testing

@testable import BDConvertCLI
@testable import BirthdayKit

/// The summary line's wording, which the command line owns (the library only counts).
@Suite struct ConversionSummaryLineTests {
  @Test func countsOfEveryKind() {
    var statistics = ConversionStatistics()
    statistics.countRecord(events: 0, hadProblems: false, leftOut: .deceased)
    statistics.countRecord(events: 0, hadProblems: false, leftOut: .notChosen)
    statistics.countRecord(events: 1, hadProblems: false)
    statistics.eventsWritten = 1
    #expect(
      statistics.summary()
        == "converted 1 event from 3 cards (1 deceased without an event, see --memorials, "
        + "1 not chosen by --group/--exclude)")
    statistics.countRecord(events: 0, hadProblems: false)
    statistics.anniversariesWritten = 1
    statistics.eventsWritten = 3
    statistics.duplicatesMerged = 2
    #expect(
      statistics.summary(recordNoun: "rows")
        == "converted 3 events (2 birthdays, 1 anniversary) from 4 rows (1 without a date, "
        + "2 duplicates merged, 1 deceased without an event, see --memorials, "
        + "1 not chosen by --group/--exclude)")
  }
}
