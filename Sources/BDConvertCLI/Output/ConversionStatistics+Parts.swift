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

  /// `converted 212 events from 230 cards (16 without a date, 2 with problems)`; the events
  /// are split into birthdays and anniversaries when there are anniversaries, and counts that
  /// are zero are left out.
  func summary(recordNoun: String = "cards") -> String {
    func counted(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
      "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
    var text = "converted \(counted(eventsWritten, "event"))"
    if anniversariesWritten > 0 || memorialsWritten > 0 {
      var kinds = [counted(eventsWritten - anniversariesWritten - memorialsWritten, "birthday")]
      if anniversariesWritten > 0 {
        kinds.append(counted(anniversariesWritten, "anniversary", "anniversaries"))
      }
      if memorialsWritten > 0 { kinds.append(counted(memorialsWritten, "memorial")) }
      text += " (" + kinds.joined(separator: ", ") + ")"
    }
    text += " from \(counted(recordsRead, String(recordNoun.dropLast()), recordNoun))"
    var parts: [String] = []
    if recordsWithoutDate > 0 { parts.append("\(recordsWithoutDate) without a date") }
    if recordsWithProblems > 0 { parts.append("\(recordsWithProblems) with problems") }
    if duplicatesMerged > 0 { parts.append("\(counted(duplicatesMerged, "duplicate")) merged") }
    if deceasedLeftOut > 0 {
      parts.append("\(deceasedLeftOut) deceased without an event, see --memorials")
    }
    if recordsNotChosen > 0 { parts.append("\(recordsNotChosen) not chosen by --group/--exclude") }
    if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
    return text
  }
}
