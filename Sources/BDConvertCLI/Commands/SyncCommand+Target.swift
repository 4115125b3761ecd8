import BirthdayKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SyncCommand {
  /// The calendar collection of a URL target: found (or made with `--create`) before any change.
  func openServer(diagnostics: @escaping DiagnosticHandler) throws(CommandError)
    -> (ServerAccess, any SyncTarget)
  {
    let arguments = frontend.arguments
    let (access, url) = try frontend.openServer(arguments.text(SyncOption.target) ?? sync.target)
    do {
      // A calendar made at the URL given is named by --calendar-name, else by the URL's last
      // segment: a second calendar must not show up as a second "Birthdays".
      let given = arguments.text(ConversionOption.calendarName).flatMap { $0.isEmpty ? nil : $0 }
      let quiet = options.quiet
      let target = try access.connection.syncTarget(
        url, name: options.calendarName ?? "Birthdays", create: arguments.has(ServerOption.create),
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
      throw Frontend.commandError(error)
    }
  }

  /// The file or vdir folder target (not yet locked).
  static func localTarget(_ path: String, isFolder: Bool) -> any SyncTarget {
    let hooks = TemporaryPathHooks(
      created: { TemporaryFileCleanup.register($0) },
      finished: { TemporaryFileCleanup.unregister() })
    return isFolder
      ? VdirSyncTarget(path: path, hooks: hooks)
      : FileSyncTarget(path: path, hooks: hooks)
  }

  /// The lock file of a local target.
  func lockPath(_ place: TargetPlace) -> String {
    place.isFolder
      ? SyncLock.path(forFolder: sync.target)
      : SyncLock.path(forFile: FileSyncTarget.resolved(sync.target))
  }

  /// Takes a local target's lock (waiting for another sync of it), first making a folder
  /// target that does not exist yet, unless this is a dry run; removes what interrupted runs
  /// left.
  func takeLock(_ place: TargetPlace) throws(CommandError) -> SyncLock? {
    let isFolder = place.isFolder
    if isFolder {
      var info = stat()
      // A folder that does not exist yet: created first, unless this is a dry run.
      if stat(sync.target, &info) != 0 {
        if sync.dryRun { return nil }
        if mkdir(sync.target, 0o777) != 0, errno != EEXIST {
          throw .cannot("create", "'\(sync.target)'", status: .cannotCreate)
        }
      }
    }
    let lock: SyncLock
    do {
      lock = try SyncLock(path: lockPath(place)) {
        StandardStreams.error("bdconvert: waiting for another sync of '\(sync.target)' to finish\n")
      }
    } catch {
      throw Frontend.commandError(error)
    }
    let folder = isFolder ? sync.target : Self.folder(of: FileSyncTarget.resolved(sync.target))
    for stale in ReplacementFile.removeStaleFiles(in: folder) where options.verbose {
      StandardStreams.error("bdconvert: removed '\(stale)', left by an interrupted run\n")
    }
    return lock
  }

  /// The folder of a file path.
  static func folder(of path: String) -> String {
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
      if let symbol = dlsym(nil, "malloc_trim") {
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
}
