import Testing

@testable import BirthdayKit

/// Pairing an added and a removed event of one person, the notes of the plan, and events edited
/// in the calendar: the planner on its own.
@Suite struct SyncPairingTests {
  typealias P = SyncPlannerTests
  static let mark = P.mark

  static func changes(
    wanted: String, target: String, options: SyncPlanner.Options = .init()
  ) throws -> [SyncChange] {
    let (plan, _) = try P.plan(wanted: wanted, target: target, options: options)
    return try plan.operations.map { try plan.change($0) }
  }

  @Test func aRenameWithTheSameDateIsOneReplacement() throws {
    let changes = try Self.changes(
      wanted: P.calendar(P.event("new", summary: "Birthday: Peter Nguyen-Tran")),
      target: P.calendar(P.event("old", summary: "Birthday: Peter Nguyen", extra: Self.mark)))
    #expect(changes.count == 1)
    let change = try #require(changes.first)
    #expect(change.operation == .replace)
    #expect(change.uid == "new")
    #expect(change.previousSummary == "Birthday: Peter Nguyen")
    #expect(change.previousDate == nil)
    #expect(change.notes == ["paired: same date, close name"])
  }

  @Test func aDateFixWithTheSameNameIsOneReplacement() throws {
    let changes = try Self.changes(
      wanted: P.calendar(P.event("new", summary: "Birthday: Siobhán Kelly", start: "19911206")),
      target: P.calendar(
        P.event("old", summary: "Birthday: Siobhan Kelly", start: "19911205", extra: Self.mark)))
    #expect(changes.count == 1)
    #expect(changes.first?.operation == .replace)
    // Folded, the titles are the same: a changed date of the same name.
    #expect(changes.first?.notes == ["paired: same name, changed date"])
    #expect(changes.first?.previousDate == "--12-05")
  }

  @Test func theSameTitleWithAnotherDateIsPairedByName() throws {
    let changes = try Self.changes(
      wanted: P.calendar(P.event("new", summary: "Birthday: Anna Weber", start: "19750702")),
      target: P.calendar(
        P.event("old", summary: "Birthday: Anna Weber", start: "19750701", extra: Self.mark)))
    #expect(changes.map(\.operation) == [.replace])
    #expect(changes.first?.notes == ["paired: same name, changed date"])
    #expect(changes.first?.changed.contains("date") == true)
  }

  @Test func theSameKeyPairsAnotherNameAndDate() throws {
    let key = "X-BDCONVERT-KEY:email-0123456789abcdef0123\r\n"
    let changes = try Self.changes(
      wanted: P.calendar(
        P.event("new", summary: "Birthday: Margaret Jones", start: "19800315", extra: key)),
      target: P.calendar(
        P.event(
          "old", summary: "Birthday: Peggy Smith", start: "19800314", extra: Self.mark + key)))
    #expect(changes.map(\.operation) == [.replace])
    #expect(changes.first?.notes == ["paired: same e-mail address"])
    // Two removed events of one key: not evident, nothing paired by it.
    let twice = try Self.changes(
      wanted: P.calendar(
        P.event("new", summary: "Birthday: Margaret Jones", start: "19800315", extra: key)),
      target: P.calendar(
        P.event("a", summary: "Birthday: Peggy Smith", start: "19800314", extra: Self.mark + key),
        P.event("b", summary: "Birthday: Pat Smith", start: "19800316", extra: Self.mark + key)))
    #expect(
      twice.map(\.operation).sorted { $0.rawValue < $1.rawValue } == [.add, .remove, .remove])
  }

  @Test func ambiguousOrDistantEventsAreNotPaired() throws {
    // Two removed people of the same day: which one was renamed is not evident.
    let twoCandidates = try Self.changes(
      wanted: P.calendar(P.event("new", summary: "Birthday: Anna Weber-Berg")),
      target: P.calendar(
        P.event("a", summary: "Birthday: Anna Weber", extra: Self.mark),
        P.event("b", summary: "Birthday: Anna Weber Berg", extra: Self.mark),
        P.event("c", summary: "Birthday: Someone", start: "19990101", extra: Self.mark)))
    #expect(
      twoCandidates.map(\.operation).sorted { $0.rawValue < $1.rawValue } == [
        .add, .remove, .remove, .remove,
      ])
    // Another person on the same day.
    let other = try Self.changes(
      wanted: P.calendar(P.event("new", summary: "Birthday: Bob Jones")),
      target: P.calendar(P.event("old", summary: "Birthday: Carol King", extra: Self.mark)))
    #expect(other.map(\.operation) == [.add, .remove])
    // Not ours: never paired.
    let unmarked = try Self.changes(
      wanted: P.calendar(P.event("new", summary: "Birthday: Peter Nguyen-Tran")),
      target: P.calendar(P.event("old", summary: "Birthday: Peter Nguyen")))
    #expect(unmarked.map(\.operation) == [.add])
  }

  @Test func pairedReplacementCarriesTheNewUIDAndAHigherSequence() throws {
    let (plan, _) = try P.plan(
      wanted: P.calendar(P.event("new", summary: "Birthday: Peter Nguyen-Tran")),
      target: P.calendar(
        P.event("old", summary: "Birthday: Peter Nguyen", extra: Self.mark + "SEQUENCE:2\r\n")))
    let operation = try #require(plan.operations.first)
    let bytes = String(decoding: try plan.eventBytes(operation), as: UTF8.self)
    #expect(bytes.contains("UID:new\r\n"))
    #expect(
      bytes.contains(
        "SEQUENCE:3\r\nLAST-MODIFIED:19700102T000000Z\r\nX-BDCONVERT-SET:birthdays\r\n"))
    #expect(bytes.components(separatedBy: "X-BDCONVERT-DIGEST:").count == 2)
  }

  @Test func editsInTheCalendarAreNotedOverwrittenOrKept() throws {
    // What sync wrote: the event with its recorded digest.
    let wanted = P.calendar(P.event("a", summary: "Birthday: Anna"))
    let (first, _) = try P.plan(wanted: wanted, target: P.calendar())
    let written = String(
      decoding: try first.eventBytes(try #require(first.operations.first)), as: UTF8.self)
    #expect(written.contains("X-BDCONVERT-DIGEST:"))
    // Unedited, the same wanted event is unchanged.
    let (same, _) = try P.plan(wanted: wanted, target: P.calendar(written))
    #expect(same.isEmpty && same.unchanged == 1)
    // Edited in the calendar: a location added.
    let edited = written.replacingOccurrences(
      of: "SUMMARY:Birthday: Anna\r\n", with: "SUMMARY:Birthday: Anna\r\nLOCATION:Home\r\n")
    let overwritten = try Self.changes(wanted: wanted, target: P.calendar(edited))
    #expect(overwritten.map(\.operation) == [.replace])
    #expect(
      overwritten.first?.notes == ["changed in the calendar since the last sync: overwritten"])
    let (kept, _) = try P.plan(
      wanted: wanted, target: P.calendar(edited), options: .init(keepEdited: true))
    #expect(kept.isEmpty)
    #expect(kept.keptEditedCount == 1)
    #expect(
      kept.keptEdited.first?.notes == [
        "changed in the calendar since the last sync: kept"
      ])
    // Edited and no longer wanted: removed with a note, or kept.
    let removed = try Self.changes(wanted: P.calendar(), target: P.calendar(edited))
    #expect(removed.first?.notes == ["changed in the calendar since the last sync"])
    let (keptRemoval, _) = try P.plan(
      wanted: P.calendar(), target: P.calendar(edited), options: .init(keepEdited: true))
    #expect(keptRemoval.isEmpty && keptRemoval.keptEditedCount == 1)
  }

  @Test func titlesAndNames() {
    #expect(
      SyncPairing.closeTitles(
        SyncPairing.folded("Birthday: Jon Smith"), SyncPairing.folded("Birthday: John Smith")))
    #expect(
      !SyncPairing.closeTitles(
        SyncPairing.folded("Birthday: Anna Weber"), SyncPairing.folded("Birthday: Bob Weber")))
    #expect(SyncPairing.title("Birthday: Bad Row", couldBeOf: "bad row"))
    #expect(!SyncPairing.title("Birthday: Anna Weber", couldBeOf: "Bad Row"))
    #expect(SyncPairing.title("Geburtstag: Zoë Ångström", couldBeOf: "Zoe Angstrom"))
  }
}
