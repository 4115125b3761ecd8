import BirthdayKit

extension ConversionStatistics {
  /// Adds what happened between two snapshots of a conversion's counts (`after - before`), field
  /// by field: the part of the counts one input contributed.
  mutating func add(_ after: ConversionStatistics, minus before: ConversionStatistics) {
    recordsRead += after.recordsRead - before.recordsRead
    eventsWritten += after.eventsWritten - before.eventsWritten
    anniversariesWritten += after.anniversariesWritten - before.anniversariesWritten
    recordsSkipped += after.recordsSkipped - before.recordsSkipped
    recordsWithoutDate += after.recordsWithoutDate - before.recordsWithoutDate
    recordsWithProblems += after.recordsWithProblems - before.recordsWithProblems
    duplicatesMerged += after.duplicatesMerged - before.duplicatesMerged
    memorialsWritten += after.memorialsWritten - before.memorialsWritten
    deceasedLeftOut += after.deceasedLeftOut - before.deceasedLeftOut
    recordsNotChosen += after.recordsNotChosen - before.recordsNotChosen
  }

  /// Takes `part` out of the counts (an input that was left out after some records were read).
  mutating func subtract(_ part: ConversionStatistics) {
    add(ConversionStatistics(), minus: part)
  }
}
