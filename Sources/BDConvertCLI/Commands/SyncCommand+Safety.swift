import BirthdayKit

extension SyncCommand {
  /// Refuses or trims a plan that would remove what it should not, given what the conversion
  /// could not read (`relocate` names a record of a server address book by its resource).
  func check(
    _ plan: inout SyncPlan, report: ConversionReport,
    relocate: @escaping (SourceLocation) -> SourceLocation
  ) throws(CommandError) {
    let statistics = report.statistics ?? ConversionStatistics()
    let unclaimedFailure = report.printer?.failureCounter.hasUnclaimedFailure ?? false
    try check(
      &plan, unreadRecords: report.printer?.failures ?? 0,
      names: zip(statistics.namesWithProblems, statistics.problemLocations).map {
        ($0, relocate($1))
      },
      unnamed: statistics.problemsWithoutName + (unclaimedFailure ? 1 : 0),
      unnamedAt: statistics.unnamedProblemLocations.first.map(relocate))
  }

  /// Refuses or trims a plan that would remove what it should not.
  func check(
    _ plan: inout SyncPlan, unreadRecords: Int, names: [(name: String, at: SourceLocation)],
    unnamed: Int, unnamedAt: SourceLocation?
  ) throws(CommandError) {
    if plan.adoptedCount > 0 {
      let count = plan.adoptedCount
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "\(count) \(count == 1 ? "event" : "events") of '\(sync.target)' written by bdconvert "
            + "without a sync-set mark (same UIDs, e.g. by 'bdconvert convert'): taken over as "
            + "set '\(sync.set)'", at: nil, .note) + "\n")
    }
    for kept in plan.keptEdited {
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "'\(kept.summary)' (UID '\(kept.uid)') \(kept.notes.joined(separator: "; ")) "
            + "(--keep-edited)", at: nil, .note) + "\n")
    }
    for conflict in plan.conflicts {
      let why =
        conflict.ownership == .otherSet
        ? "belongs to another sync set; left alone"
        : "has no sync-set mark (added by hand or by an import); left alone (--adopt takes it over)"
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "UID '\(conflict.uid)' is already in '\(sync.target)' but \(why)", at: nil, .warning)
          + "\n")
    }
    if plan.conflictCount > plan.conflicts.count {
      StandardStreams.error(
        "bdconvert: note: \(plan.conflictCount - plan.conflicts.count) more UIDs left alone\n")
    }
    try warnAboutDuplicates(plan)
    try holdBackRemovals(
      &plan, unreadRecords: unreadRecords, names: names, unnamed: unnamed, unnamedAt: unnamedAt)
    if !sync.force {
      let removals = plan.count(.remove)
      if let limit = sync.maxRemove, removals > limit {
        throw CommandError(
          status: .dataError,
          message:
            "refusing to remove \(removals) of the \(plan.managedBefore) events of set "
            + "'\(sync.set)' in '\(sync.target)' (more than --max-remove \(limit)): is a source "
            + "incomplete? Check with --dry-run, then use --force; nothing was changed")
      }
      if sync.maxRemove == nil, plan.isMassRemoval {
        throw CommandError(
          status: .dataError,
          message:
            "refusing to remove \(removals) of the \(plan.managedBefore) events of set "
            + "'\(sync.set)' in '\(sync.target)' (more than half): is a source incomplete? Check "
            + "with --dry-run, then use --force or --max-remove N; nothing was changed")
      }
    }
  }

  /// A record that could not be read keeps the events that could be its own: those whose title
  /// holds its name, or every event when a record without a readable name failed.
  private func holdBackRemovals(
    _ plan: inout SyncPlan, unreadRecords: Int, names: [(name: String, at: SourceLocation)],
    unnamed: Int, unnamedAt: SourceLocation?
  ) throws(CommandError) {
    let removals = plan.count(.remove)
    if unreadRecords > 0, removals > 0, !sync.force {
      let records = max(names.count + unnamed, 1)
      let reason = "\(records) \(records == 1 ? "record" : "records") could not be read"
      let held: Int
      do {
        held = try plan.holdBackRemovals(because: reason) { change in
          if let record = names.first(where: {
            SyncPairing.title(change.summary, couldBeOf: $0.name)
          }) {
            return "kept: could be the unreadable record at \(Self.place(record.at))"
          }
          guard unnamed > 0 else { return nil }
          return "kept: could be the record without a readable name"
            + (unnamedAt.map { " at \(Self.place($0))" } ?? "")
        }
      } catch {
        throw Frontend.commandError(error)
      }
      if held > 0 {
        StandardStreams.error(
          DiagnosticStyle.current.render(
            "\(held) \(held == 1 ? "removal" : "removals") held back: \(reason) and "
              + "\(held == 1 ? "the event" : "the events") could be theirs; fix "
              + "\(records == 1 ? "it" : "them"), or use --force to remove anyway (exit status "
              + "65)", at: nil, .warning) + "\n")
      }
    }
  }

  /// `file:line` of a record, as a plan line names it.
  static func place(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }

  /// Names every copy of a UID that an earlier file or resource of the target already holds and
  /// that the plan removes: a vdir or a collection holds one event per UID, and with two, every
  /// sync would rewrite the first (their combined content never matches).
  func warnAboutDuplicates(_ plan: SyncPlan) throws(CommandError) {
    let inventory = plan.inventory
    for operation in plan.operations
    where operation.kind == .remove && inventory.isDuplicate(operation.inventoryIndex) {
      var index = operation.inventoryIndex
      while inventory.isDuplicate(index) { index -= 1 }
      let copy: SyncEventDetails
      let first: SyncEventDetails
      do {
        copy = try inventory.details(of: inventory.entries[operation.inventoryIndex])
        first = try inventory.details(of: inventory.entries[index])
      } catch {
        throw Frontend.commandError(error)
      }
      let location = copy.resource.map {
        SourceLocation(file: resourcePath($0), line: copy.line ?? 1)
      }
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "UID '\(copy.uid)' is also in '\(first.resource.map(resourcePath) ?? sync.target)'; "
            + "this copy is removed (one event per UID: the first file keeps it)", at: location,
          .warning) + "\n")
    }
    try warnAboutCopies(plan)
  }

  /// Names every later copy of a managed event in a calendar file that the plan replaces: the
  /// new event takes the first copy's place and the others go.
  func warnAboutCopies(_ plan: SyncPlan) throws(CommandError) {
    let inventory = plan.inventory
    let copies: [(index: Int, copy: SyncEventDetails)]
    do {
      copies = try inventory.laterCopies()
    } catch {
      throw Frontend.commandError(error)
    }
    guard !copies.isEmpty else { return }
    let replaced = Set(plan.operations.lazy.filter { $0.kind == .replace }.map(\.inventoryIndex))
    for (index, copy) in copies where replaced.contains(index) {
      let first: SyncEventDetails
      do {
        first = try inventory.details(of: inventory.entries[index])
      } catch {
        throw Frontend.commandError(error)
      }
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "UID '\(copy.uid)' is also at line \(first.line ?? 1); this copy is removed (one event "
            + "per UID: the first copy keeps its place)",
          at: SourceLocation(file: sync.target, line: copy.line ?? 1), .warning) + "\n")
    }
  }

  /// A resource of the target as the user sees it: a vdir file's path, a server resource's path.
  func resourcePath(_ resource: String) -> String {
    if ServerAccess.isURL(sync.target) { return resource }
    return (sync.target.hasSuffix("/") ? String(sync.target.dropLast()) : sync.target) + "/"
      + resource
  }
}
