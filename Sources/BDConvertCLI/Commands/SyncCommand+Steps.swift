import BirthdayKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SyncCommand {
  /// The events the sources ask for: the converted calendar in an unnamed temporary file, and
  /// what the conversion told about each event as it wrote it.
  struct WantedEvents {
    let file: TemporaryFile
    let collector: SyncWantedEventCollector

    init() throws(CommandError) {
      do {
        file = try TemporaryFile()
        collector = try SyncWantedEventCollector()
      } catch {
        throw Frontend.commandError(error)
      }
    }
  }

  /// Where the target is: a file or vdir folder (`local`), or a server calendar.
  struct TargetPlace {
    let target: String
    let isFolder: Bool
    /// The file or folder target (not yet locked); `nil` for a URL.
    let local: (any SyncTarget)?

    init(target: String) {
      self.target = target
      isFolder = SyncCommand.isFolderTarget(target)
      local = ServerAccess.isURL(target) ? nil : SyncCommand.localTarget(target, isFolder: isFolder)
    }
  }

  /// When taking a local target's lock changes nothing (its file exists: every sync after the
  /// first), the lock is taken now and the target's inventory is read on a second thread while
  /// the sources are converted, unless the target is so large that the two memory peaks
  /// together would matter.
  func lockEarly(_ place: TargetPlace) throws(CommandError)
    -> (SyncLock?, BackgroundInventory?)
  {
    var info = stat()
    guard let local = place.local, access(lockPath(place), F_OK) == 0,
      place.isFolder || stat(sync.target, &info) != 0
        || Int(info.st_size) < Self.overlappedTargetSize
    else { return (nil, nil) }
    let lock = try takeLock(place)
    return (lock, Self.readInventory(of: local, set: sync.set))
  }

  /// Converts the sources as `convert` would, into `wanted`; every source must be usable.
  func convertSources(into wanted: WantedEvents, addressBooks: ServerAddressBooks?)
    throws(CommandError) -> ConversionReport
  {
    var run = ConversionEngine.Run(timestamp: timestamp)
    run.addressBooks = addressBooks
    run.resourceName = Self.resourceNames(
      singleCardFiles: singleCardFiles, addressBooks: addressBooks)
    run.scratch = wanted.file
    run.eventObserver = wanted.collector
    run.requiresEveryInput = true
    let report = ConversionReport()
    _ = try ConversionEngine(options: options).convert(run, report: report)
    return report
  }

  /// An empty or failed export would empty the calendar: refused unless forced.
  func refuseEmptySources(_ report: ConversionReport) throws(CommandError) {
    let emptySources = report.recordsPerInput.filter { $0.records == 0 }.map(\.input)
    guard !emptySources.isEmpty, !sync.force else { return }
    let names = emptySources.map { "'\($0)'" }.joined(separator: ", ")
    throw CommandError(
      status: .dataError,
      message:
        "refusing to sync: \(names) \(emptySources.count == 1 ? "holds" : "hold") no contacts "
        + "(an empty or failed export?); nothing was changed. Use --force to sync "
        + "\(emptySources.count == 1 ? "it" : "them") as empty")
  }

  /// The target's inventory (read on a second thread) matched with the wanted events, which the
  /// conversion handed over (or, should it not have followed them all, which this thread reads
  /// from the converted calendar meanwhile).
  func plan(_ wanted: WantedEvents, inventory: BackgroundInventory) throws(CommandError)
    -> SyncPlan
  {
    do {
      let events = Result {
        let name = "the converted calendar"
        guard let source = FileRandomAccessSource(descriptor: wanted.file.descriptor, name: name)
        else {
          throw TemporaryFileError(operation: "read", directory: wanted.file.directory, code: EIO)
        }
        return try SyncWantedEvents(collected: wanted.collector, in: source, fileName: name)
          ?? SyncWantedEvents(scanning: source, fileName: name)
      }
      let found = try inventory.wait().get()  // first: a target refused is what to report
      return try SyncPlanner.plan(
        wanted: try events.get(), inventory: found, timestamp: timestamp,
        options: SyncPlanner.Options(
          keepRemoved: sync.keepRemoved, adopt: sync.adopt, keepEdited: sync.keepEdited))
    } catch {
      throw Frontend.commandError(error)
    }
  }

  /// Applies the plan (not in a dry run) and names each change that failed; returns how many.
  func apply(_ plan: SyncPlan, to target: any SyncTarget) throws(CommandError) -> Int {
    guard !sync.dryRun else { return 0 }
    let failures: [SyncFailure]
    do {
      failures = try target.apply(plan)
    } catch {
      throw Frontend.commandError(error)
    }
    for failure in failures {
      let uid = (try? plan.uid(failure.operation)) ?? "?"
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "could not \(failure.operation.kind.name) '\(uid)': \(failure.reason)", at: nil, .error)
          + "\n")
    }
    return failures.count
  }
}
