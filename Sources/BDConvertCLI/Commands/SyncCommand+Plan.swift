import BirthdayKit

extension SyncCommand {
  /// `bdconvert: sync: 2 added, 1 updated, 0 removed, 5 unchanged`; in a dry run
  /// `bdconvert: sync: dry run: would add 2, update 1, remove 0 (5 unchanged); nothing was
  /// changed`.
  /// Removals held back add `, 1 held back (1 record could not be read)`. With `{age}` in a
  /// template it adds until which year the ages hold (each sync moves them on from its own
  /// year): `…; ages until 2028`.
  func summaryLine(_ plan: SyncPlan, failed: Int) -> String {
    let (added, updated, removed) = (plan.count(.add), plan.count(.replace), plan.count(.remove))
    let ages = options.lastYearWithAges(timestamp: timestamp).map { "; ages until \($0)" } ?? ""
    let held =
      plan.heldBack.isEmpty
      ? "" : ", \(plan.heldBack.count) held back" + (plan.heldBackReason.map { " (\($0))" } ?? "")
    if sync.dryRun {
      return "bdconvert: sync: dry run: would add \(added), update \(updated), remove \(removed) "
        + "(\(plan.unchanged) unchanged\(held))\(ages); nothing was changed\n"
    }
    return "bdconvert: sync: \(added) added, \(updated) updated, \(removed) removed, "
      + "\(plan.unchanged) unchanged" + (failed > 0 ? ", \(failed) failed" : "") + held + ages
      + "\n"
  }

  /// One line per change on standard output (see ``SyncChange/planLine(showsUID:dryRun:)``);
  /// none under `-q`, unless `--json` asks for them.
  func printPlan(_ plan: SyncPlan) throws(CommandError) {
    guard sync.json || !options.quiet else { return }
    var text = ""
    do {
      for operation in plan.operations {
        var change = try plan.change(operation)
        // A replacement's old title and date, from the target's inventory, unless the planner
        // gave them.
        if change.operation == .replace, let old = try plan.existing(operation) {
          if change.previousSummary == nil, old.summary != change.summary {
            change.previousSummary = old.summary
          }
          if change.previousDate == nil, old.date != change.date { change.previousDate = old.date }
        }
        text +=
          (sync.json
            ? change.jsonLine : change.planLine(showsUID: options.verbose, dryRun: sync.dryRun))
          + "\n"
        if text.utf8.count >= 1 << 16 {
          StandardStreams.output(text)
          text = ""
        }
      }
      // The removals held back, each with the record that could be its own (`!`).
      for change in plan.heldBack {
        text +=
          (sync.json
            ? change.jsonLine(op: "keep")
            : change.heldBackLine(showsUID: options.verbose, dryRun: sync.dryRun)) + "\n"
      }
    } catch {
      throw Frontend.commandError(error)
    }
    if !text.isEmpty { StandardStreams.output(text) }
  }
}
