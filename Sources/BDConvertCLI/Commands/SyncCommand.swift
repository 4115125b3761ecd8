import BirthdayKit

/// `sync`: keep a calendar file, vdir folder or server calendar in step with address books.
///
/// Converts the sources through the ``ConversionEngine``, as `convert` would, into an unnamed
/// temporary file (so a source that fails stops the sync before the target is touched), takes
/// the target's lock, reads its inventory (while the sources are converted, when that changes
/// nothing), plans, checks the plan against the safety rules, prints it and applies it.
struct SyncCommand {
  let options: ConvertOptions
  let sync: SyncOptions
  let timestamp: UTCTimestamp
  /// The arguments, environment and server (for a server target or server sources).
  let frontend: Frontend
  /// The files of folder sources that hold one card each (see ``singleCardFiles(_:)``).
  var singleCardFiles: Set<String> = []

  /// Converts, plans, checks, prints and applies; returns the exit status.
  func run() throws(CommandError) -> ExitStatus {
    // 1. The wanted events: exactly what `convert` writes, into an unnamed temporary file.
    let wanted = try WantedEvents()
    // Address books on a server: read whole first, so that one that fails changes nothing.
    let addressBooks =
      options.inputs.contains(where: ServerAccess.isURL)
      ? try ServerAddressBooks(
        sources: options.inputs, scanned: frontend.arguments, environment: frontend.environment,
        usage: frontend.usage, backend: frontend.server) : nil

    // 2. A local target is locked for the rest of the run (a server needs no lock: every change
    // is conditional on the entity tag read in the inventory); see ``lockEarly(_:)``. A server
    // is opened only after the conversion: discovery with --create makes the collection, and a
    // sync whose source fails must neither change the server nor spend its requests.
    let place = TargetPlace(target: sync.target)
    var (lock, inventory) = try lockEarly(place)
    defer { withExtendedLifetime(lock) {} }
    let report: ConversionReport
    do {
      report = try convertSources(into: wanted, addressBooks: addressBooks)
      try refuseEmptySources(report)
    } catch {
      _ = inventory?.wait()  // a source that failed is what to report, not the target
      throw error
    }
    Self.returnFreedMemory()
    let target: any SyncTarget
    var server: ServerAccess?
    if let local = place.local {
      target = local
      if lock == nil { lock = try takeLock(place) }
    } else {
      let access: ServerAccess
      (access, target) = try openServer(diagnostics: report.printer?.handler ?? { _ in })
      server = access
    }

    // 3. Inventory and plan, 4. safety, 5. the plan, then the changes.
    var plan = try self.plan(
      wanted, inventory: inventory ?? Self.readInventory(of: target, set: sync.set))
    let relocate = addressBooks.map { books in { books.relocate($0) } } ?? { $0 }
    try check(&plan, report: report, relocate: relocate)
    try printPlan(plan)
    let failures = try apply(plan, to: target)
    if !options.quiet { StandardStreams.error(summaryLine(plan, failed: failures)) }
    if options.verbose, let addressBooks { StandardStreams.error(addressBooks.requestSummary) }
    if options.verbose, let server { StandardStreams.error(server.requestSummary) }
    if failures > 0 { return .tempFailure }
    return plan.heldBack.isEmpty ? .success : .dataError
  }
}
