import BirthdayKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sync`: keep a calendar file or vdir folder in step with address books.
///
/// Converts the sources as `convert` would into an unnamed temporary file (so a source that fails
/// stops the sync before the target is touched), takes the target's lock, reads its inventory
/// (while the sources are converted, when that changes nothing), plans, checks the plan against
/// the safety rules, prints it and applies it.
struct SyncCommand {
  let options: ConvertOptions
  let sync: SyncOptions
  let timestamp: UTCTimestamp
  /// The environment (credentials for a server target).
  var environment: [String: String] = [:]
  /// The scanned arguments (server options for a server target).
  var scanned = ArgumentScanner.Result()
  /// The CalDAV/CardDAV client, in `bdconvert-dav` only.
  var backend: (any ServerBackend)?
  /// The files of folder sources that hold one card each (see ``singleCardFiles(_:)``).
  var singleCardFiles: Set<String> = []

  /// What `sync` adds to the conversion options.
  struct SyncOptions {
    var target: String
    var set: String
    var dryRun: Bool
    var json: Bool
    var keepRemoved: Bool
    var force: Bool
    var adopt: Bool
    var keepEdited = false
    /// `--max-remove N`: the most removals allowed without --force (instead of "half").
    var maxRemove: Int?
  }

  /// Parses the arguments and runs; returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let (scanned, usage) = (frontend.arguments, frontend.usage)
    var options = try ConvertOptions.parse(scanned, format: nil)
    guard let target = try scanned.value(SyncOption.target), !target.isEmpty else {
      throw .usage("sync needs a target: --to FILE.ics or --to FOLDER/", usage)
    }
    if scanned.operands.isEmpty {
      throw .usage("sync needs at least one SOURCE ('-' for standard input)", usage)
    }
    try ServerAccess.refusePasswords(in: [target] + scanned.operands, usage: usage)
    try refuseMixUps(sources: options.inputs, target: target)
    let set = try scanned.value(SyncOption.set) ?? SyncMarker.defaultSet
    let given = Set(options.inputs)
    options.inputs = try Frontend.expandFolders(options.inputs)
    // What stays with a person across renames, hashed on the events sync writes (pairing).
    options.csv.readsIdentityKeys = true
    options.writesIdentityKeys = true
    var sync = SyncOptions(
      target: ServerAccess.printable(target), set: set, dryRun: scanned.has(SyncOption.dryRun),
      json: scanned.has(SyncOption.json),
      keepRemoved: scanned.has(SyncOption.keepRemoved), force: scanned.has(SyncOption.force),
      adopt: scanned.has(SyncOption.adopt))
    sync.keepEdited = scanned.has(SyncOption.keepEdited)
    sync.maxRemove = try scanned.value(SyncOption.maxRemove)
    let timestamp = try frontend.timestamp()
    Frontend.printNotes(options.notes, quiet: options.quiet)
    var command = SyncCommand(options: options, sync: sync, timestamp: timestamp)
    command.environment = frontend.environment
    command.scanned = scanned
    command.backend = frontend.server
    command.singleCardFiles = singleCardFiles(options.inputs.filter { !given.contains($0) })
    return try command.run()
  }

  func run() throws(CommandError) -> ExitStatus {
    // 1. The wanted events: exactly what `convert` writes, into an unnamed temporary file.
    let wanted: TemporaryFile
    let collector: SyncWantedEventCollector
    do {
      wanted = try TemporaryFile()
      collector = try SyncWantedEventCollector()
    } catch {
      throw CalendarInput.commandError(error)
    }
    // Address books on a server: read whole first, so that one that fails changes nothing.
    let addressBooks =
      options.inputs.contains(where: ServerAccess.isURL)
      ? try ServerAddressBooks(
        sources: options.inputs, scanned: scanned, environment: environment,
        usage: CommandSpec.sync.usageText, backend: backend) : nil

    // 2. A local target is locked for the rest of the run (a server needs no lock: every change
    // is conditional on the entity tag read in the inventory). When taking the lock changes
    // nothing (its file exists: every sync after the first), it is taken now and the target's
    // inventory is read on a second thread while the sources are converted, unless the target is
    // so large that the two memory peaks together would matter. A server is opened only after
    // the conversion: discovery with --create makes the collection, and a sync whose source
    // fails must neither change the server nor spend its requests.
    let isFolder = Self.isFolderTarget(sync.target)
    let local = ServerAccess.isURL(sync.target) ? nil : localTarget(isFolder: isFolder)
    var lock: SyncLock?
    var inventory: BackgroundInventory?
    var info = stat()
    if let local, access(lockPath(isFolder: isFolder), F_OK) == 0,
      isFolder || stat(sync.target, &info) != 0 || Int(info.st_size) < Self.overlappedTargetSize
    {
      lock = try takeLock(isFolder: isFolder)
      inventory = BackgroundInventory(target: local, set: sync.set)
    }
    defer { withExtendedLifetime(lock) {} }

    var conversion = ConvertCommand(options: options, timestamp: timestamp)
    conversion.addressBooks = addressBooks
    conversion.resourceName = Self.resourceNames(
      singleCardFiles: singleCardFiles, addressBooks: addressBooks)
    conversion.scratch = wanted
    conversion.eventObserver = collector
    conversion.requiresEveryInput = true
    conversion.printsSummary = false
    do {
      _ = try conversion.run()
    } catch {
      _ = try? inventory?.wait()  // a source that failed is what to report, not the target
      throw error
    }
    let unreadRecords = conversion.report.printer?.failures ?? 0
    let statistics = conversion.report.statistics ?? ConversionStatistics()
    let unclaimedFailure = conversion.report.printer?.failureCounter.hasUnclaimedFailure ?? false
    // An empty or failed export would empty the calendar: refused unless forced.
    let emptySources = conversion.report.recordsPerInput.filter { $0.records == 0 }.map(\.input)
    if !emptySources.isEmpty, !sync.force {
      _ = try? inventory?.wait()
      let names = emptySources.map { "'\($0)'" }.joined(separator: ", ")
      throw CommandError(
        status: .dataError,
        message:
          "refusing to sync: \(names) \(emptySources.count == 1 ? "holds" : "hold") no contacts "
          + "(an empty or failed export?); nothing was changed. Use --force to sync "
          + "\(emptySources.count == 1 ? "it" : "them") as empty")
    }
    Self.returnFreedMemory()

    let target: any SyncTarget
    var server: ServerAccess?
    if ServerAccess.isURL(sync.target) {
      let access: ServerAccess
      (access, target) = try openServer(
        diagnostics: conversion.report.printer?.handler ?? { _ in })
      server = access
    } else {
      target = local ?? localTarget(isFolder: isFolder)
      if lock == nil { lock = try takeLock(isFolder: isFolder) }
    }

    // 3. Inventory and plan: the target's inventory (read on a second thread) is matched with the
    // wanted events, which the conversion handed over (or, should it not have followed them all,
    // which this thread reads from the converted calendar meanwhile).
    var plan: SyncPlan
    do {
      let inventory = inventory ?? BackgroundInventory(target: target, set: sync.set)
      let events = Result {
        guard
          let source = FileRandomAccessSource(
            descriptor: wanted.descriptor, name: "the converted calendar")
        else { throw TemporaryFileError(operation: "read", directory: wanted.directory, code: EIO) }
        let name = "the converted calendar"
        return try SyncWantedEvents(collected: collector, in: source, fileName: name)
          ?? SyncWantedEvents(scanning: source, fileName: name)
      }
      let found = try inventory.wait()  // first: a target refused is what to report
      plan = try SyncPlanner.plan(
        wanted: try events.get(), inventory: found, timestamp: timestamp,
        options: SyncPlanner.Options(
          keepRemoved: sync.keepRemoved, adopt: sync.adopt, keepEdited: sync.keepEdited))
    } catch {
      throw Self.commandError(error)
    }

    // 4. Safety.
    let relocate = addressBooks.map { books in { books.relocate($0) } } ?? { $0 }
    try check(
      &plan, unreadRecords: unreadRecords,
      names: zip(statistics.namesWithProblems, statistics.problemLocations).map {
        ($0, relocate($1))
      },
      unnamed: statistics.problemsWithoutName + (unclaimedFailure ? 1 : 0),
      unnamedAt: statistics.unnamedProblemLocations.first.map(relocate))

    // 5. The plan, then the changes.
    try printPlan(plan)
    var failures: [SyncFailure] = []
    if !sync.dryRun {
      do {
        failures = try target.apply(plan)
      } catch {
        throw Self.commandError(error)
      }
    }
    for failure in failures {
      let uid = (try? plan.uid(failure.operation)) ?? "?"
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "could not \(failure.operation.kind.name) '\(uid)': \(failure.reason)", at: nil, .error)
          + "\n")
    }
    if !options.quiet { StandardStreams.error(summaryLine(plan, failed: failures.count)) }
    if options.verbose, let addressBooks { StandardStreams.error(addressBooks.requestSummary) }
    if options.verbose, let server { StandardStreams.error(server.requestSummary) }
    if !failures.isEmpty { return .tempFailure }
    return plan.heldBack.isEmpty ? .success : .dataError
  }

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

  /// The calendar collection of a URL target: found (or made with `--create`) before any change.
  private func openServer(diagnostics: @escaping DiagnosticHandler) throws(CommandError)
    -> (ServerAccess, any SyncTarget)
  {
    let usage = CommandSpec.sync.usageText
    let (access, url) = try ServerAccess.open(
      scanned.text(SyncOption.target) ?? sync.target, scanned: scanned, environment: environment,
      usage: usage,
      backend: backend)
    do {
      // A calendar made at the URL given is named by --calendar-name, else by the URL's last
      // segment: a second calendar must not show up as a second "Birthdays".
      let given = scanned.text(ConversionOption.calendarName).flatMap { $0.isEmpty ? nil : $0 }
      let quiet = options.quiet
      let target = try access.connection.syncTarget(
        url, name: options.calendarName ?? "Birthdays", create: scanned.has(ServerOption.create),
        createdName: given ?? url.lastPathComponent,
        created: { made in
          guard !quiet else { return }
          StandardStreams.error(
            "bdconvert: created the calendar at \(made) (the URL a phone or calendar app "
              + "subscribes to)\n")
        },
        diagnostics: diagnostics, progress: ServerAccess.progressPrinter(quiet: options.quiet))
      return (access, target)
    } catch {
      throw ServerAccess.commandError(thrown: error)
    }
  }

  /// Refuses or trims a plan that would remove what it should not.
  private func check(
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
          "'\(kept.summary)' (UID '\(kept.uid)') \(kept.notes.joined(separator: "; "))", at: nil,
          .note) + "\n")
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
    // A record that could not be read keeps the events that could be its own: those whose
    // title holds its name, or every event when a record without a readable name failed.
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
        throw Self.commandError(error)
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

  /// `file:line` of a record, as a plan line names it.
  static func place(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }

  /// Names every copy of a UID that an earlier file or resource of the target already holds and
  /// that the plan removes: a vdir or a collection holds one event per UID, and with two, every
  /// sync would rewrite the first (their combined content never matches).
  private func warnAboutDuplicates(_ plan: SyncPlan) throws(CommandError) {
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
        throw Self.commandError(error)
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
  private func warnAboutCopies(_ plan: SyncPlan) throws(CommandError) {
    let inventory = plan.inventory
    let copies: [(index: Int, copy: SyncEventDetails)]
    do {
      copies = try inventory.laterCopies()
    } catch {
      throw Self.commandError(error)
    }
    guard !copies.isEmpty else { return }
    let replaced = Set(plan.operations.lazy.filter { $0.kind == .replace }.map(\.inventoryIndex))
    for (index, copy) in copies where replaced.contains(index) {
      let first: SyncEventDetails
      do {
        first = try inventory.details(of: inventory.entries[index])
      } catch {
        throw Self.commandError(error)
      }
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "UID '\(copy.uid)' is also at line \(first.line ?? 1); this copy is removed (one event "
            + "per UID: the first copy keeps its place)",
          at: SourceLocation(file: sync.target, line: copy.line ?? 1), .warning) + "\n")
    }
  }

  /// A resource of the target as the user sees it: a vdir file's path, a server resource's path.
  private func resourcePath(_ resource: String) -> String {
    if ServerAccess.isURL(sync.target) { return resource }
    return (sync.target.hasSuffix("/") ? String(sync.target.dropLast()) : sync.target) + "/"
      + resource
  }

  /// One line per change on standard output (see ``SyncChange/planLine(showsUID:dryRun:)``);
  /// none under `-q`, unless `--json` asks for them.
  private func printPlan(_ plan: SyncPlan) throws(CommandError) {
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
      throw Self.commandError(error)
    }
    if !text.isEmpty { StandardStreams.output(text) }
  }

  /// The file or vdir folder target (not yet locked).
  private func localTarget(isFolder: Bool) -> any SyncTarget {
    let hooks = TemporaryPathHooks(
      created: { TemporaryFileCleanup.register($0) },
      finished: { TemporaryFileCleanup.unregister() })
    return isFolder
      ? VdirSyncTarget(path: sync.target, hooks: hooks)
      : FileSyncTarget(path: sync.target, hooks: hooks)
  }

  private func lockPath(isFolder: Bool) -> String {
    isFolder
      ? SyncLock.path(forFolder: sync.target)
      : SyncLock.path(forFile: FileSyncTarget.resolved(sync.target))
  }

  private func takeLock(isFolder: Bool) throws(CommandError) -> SyncLock? {
    if isFolder {
      var info = stat()
      // A folder that does not exist yet: created first, unless this is a dry run.
      if stat(sync.target, &info) != 0 {
        if sync.dryRun { return nil }
        if mkdir(sync.target, 0o777) != 0, errno != EEXIST {
          throw CommandError(
            status: .cannotCreate,
            message: "cannot create '\(sync.target)': \(systemErrorText(errno))")
        }
      }
    }
    let lock: SyncLock
    do {
      lock = try SyncLock(path: lockPath(isFolder: isFolder)) {
        StandardStreams.error("bdconvert: waiting for another sync of '\(sync.target)' to finish\n")
      }
    } catch {
      throw Self.commandError(error)
    }
    let folder = isFolder ? sync.target : Self.folder(of: FileSyncTarget.resolved(sync.target))
    for stale in ReplacementFile.removeStaleFiles(in: folder) where options.verbose {
      StandardStreams.error("bdconvert: removed '\(stale)', left by an interrupted run\n")
    }
    return lock
  }

  /// The folder of a file path.
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Gives the conversion's freed memory back to the system before the inventory takes its
  /// share: glibc keeps it in its (per-thread) arenas otherwise, and the peak of a 1M-event sync
  /// would be both together. `malloc_trim` is looked up because Glibc's Swift module leaves out
  /// `malloc.h`; elsewhere this does nothing.
  static func returnFreedMemory() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
    #endif
  }

  /// The largest calendar file whose inventory is read while the sources are converted: about
  /// 300,000 events, whose inventory (48 bytes an event) adds at most 15 MB to the conversion's
  /// peak. A larger one is read after the conversion has given its memory back (the 1M-event sync
  /// stays under 100 MB).
  static let overlappedTargetSize = 128 << 20

  /// A folder (existing, or named with a final `/` or without an `.ics` ending) is a vdir.
  static func isFolderTarget(_ path: String) -> Bool {
    var info = stat()
    if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
    let lowered = path.lowercased()
    return path.hasSuffix("/")
      || ![".ics", ".ical", ".ifb", ".icalendar"].contains(where: lowered.hasSuffix)
  }

  static func commandError(_ error: any Error) -> CommandError {
    if let error = error as? ServerFailure { return ServerAccess.commandError(error) }
    guard let error = error as? SyncTargetError else { return CalendarInput.commandError(error) }
    switch error.kind {
    case .refused: return CommandError(status: .dataError, message: error.message)
    case .unreadable: return CommandError(status: .noInput, message: error.message)
    case .cannotWrite: return CommandError(status: .cannotCreate, message: error.message)
    case .writeFailed: return CommandError(status: .ioError, message: error.message)
    }
  }
}

extension SyncCommand {
  /// A target's inventory read on a thread of its own (see ``SyncTarget/inventory(set:)``).
  final class BackgroundInventory: @unchecked Sendable {
    // Written by the thread before it signals, read only after `wait` saw the signal.
    private var result: Result<SyncInventory, any Error>?
    private let finished = DispatchSemaphore(value: 0)
    private let target: any SyncTarget
    private let set: String

    init(target: any SyncTarget, set: String) {
      self.target = target
      self.set = set
      let thread = Thread { [self] in
        result = Result { try self.target.inventory(set: self.set) }
        finished.signal()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }

    /// The inventory, once read.
    /// - Throws: what the target's inventory threw.
    func wait() throws -> SyncInventory {
      finished.wait()
      guard let result else { preconditionFailure("the inventory thread ended without a result") }
      return try result.get()
    }
  }
}
