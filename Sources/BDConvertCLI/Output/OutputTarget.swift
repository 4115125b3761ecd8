import BirthdayKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's result goes, written so that a failed run never leaves a partial file.
///
/// - Standard output: written as it is produced.
/// - A regular file (new or existing): written to a ``ReplacementFile`` in the same folder, flushed
///   to disk, then renamed over the target in ``commit()`` with the old file's owner, group and
///   permissions; on failure or interruption the temporary file is removed and the target is
///   untouched. A symbolic link is followed, so the file it points to is replaced and the link
///   stays. While it is written the target's ``SyncLock`` is held when the target has a lock
///   file (or when the caller took it), so a sync and this run replace it one after the other.
/// - Anything else that exists (a FIFO, a character device such as `/dev/stdout`): opened and written
///   through. It is never replaced: renaming onto a device path as root would destroy the node.
final class OutputTarget {
  private enum Mode {
    case standardOutput
    /// Standard output, held in an unnamed temporary file until ``commit()`` copies it out.
    case bufferedStandardOutput(TemporaryFile)
    case replace(ReplacementFile)
    case writeThrough
    /// An unnamed temporary file the caller reads back (`sync`'s wanted events).
    case scratch(TemporaryFile)
  }

  /// The name used in messages.
  let displayName: String
  private let mode: Mode
  private let descriptor: Int32
  private var finished = false
  /// The target's lock, held until the output is committed or discarded.
  private var lock: SyncLock?

  private init(displayName: String, mode: Mode, descriptor: Int32) {
    self.displayName = displayName
    self.mode = mode
    self.descriptor = descriptor
  }

  /// Standard output.
  static func standardOutput() -> OutputTarget {
    OutputTarget(displayName: "<stdout>", mode: .standardOutput, descriptor: 1)
  }

  /// Standard output, written only by ``commit()``: until then the output goes to an unnamed
  /// ``TemporaryFile`` in `$TMPDIR`, so that a run that fails (`--strict`) prints nothing.
  /// - Throws: ``CommandError`` 74 when the temporary file cannot be created.
  static func standardOutputAfterSuccess() throws(CommandError) -> OutputTarget {
    let file: TemporaryFile
    do {
      file = try TemporaryFile()
    } catch {
      throw Frontend.commandError(error)
    }
    return OutputTarget(
      displayName: "a temporary file in '\(file.directory)'",
      mode: .bufferedStandardOutput(file), descriptor: file.descriptor)
  }

  /// An unnamed ``TemporaryFile`` that the caller reads back; commit and discard leave it alone.
  static func scratch(_ file: TemporaryFile) -> OutputTarget {
    OutputTarget(
      displayName: "a temporary file in '\(file.directory)'", mode: .scratch(file),
      descriptor: file.descriptor)
  }

  /// Prepares `path` for writing.
  /// - Parameters:
  ///   - inputs: identities of the inputs; writing onto one of them is refused unless
  ///     `allowReplacingInput` (for `--in-place`).
  ///   - lock: the target's lock when the caller took it already (see ``lock(_:)``).
  ///   - verbose: say which stale temporary files of the target were removed.
  /// - Throws: ``CommandError`` 64 when `path` is an input, 73 when it cannot be created, 74 when
  ///   the disk is full.
  static func file(
    _ path: String, inputs: [FileIdentity] = [], allowReplacingInput: Bool = false,
    lock: SyncLock? = nil, verbose: Bool = false, usage: String
  ) throws(CommandError) -> OutputTarget {
    var info = stat()
    if stat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR {
        throw CommandError(status: .cannotCreate, message: "cannot write '\(path)': it is a folder")
      }
      if !allowReplacingInput, let identity = FileIdentity(path: path), inputs.contains(identity) {
        throw .usage(
          "output '\(path)' is also an input; refusing to overwrite it (write to another file, or use 'delete --in-place' to edit a calendar)",
          usage)
      }
      // Renaming over a file needs only the folder's permission: refuse what a plain write
      // would refuse (a read-only file, for a user other than root), so that mode 0444 protects.
      if kind == S_IFREG, access(path, W_OK) != 0 {
        throw .cannot("write", "'\(path)'", status: .cannotCreate)
      }
      if kind != S_IFREG {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
          throw .cannot("open", "'\(path)'", status: .cannotCreate)
        }
        return OutputTarget(displayName: path, mode: .writeThrough, descriptor: descriptor)
      }
    }
    let final = FileSyncTarget.resolved(path)
    var held = lock
    if held == nil { held = try Self.lock(final, creating: false) }
    TemporaryFileCleanup.installHandlers()
    removeStaleFiles(of: final, reporting: verbose)
    let file: ReplacementFile
    do {
      file = try ReplacementFile(replacing: final, named: path, hooks: TemporaryFileCleanup.hooks)
    } catch {
      throw commandError(error, status: .cannotCreate)
    }
    let target = OutputTarget(
      displayName: path, mode: .replace(file), descriptor: file.descriptor)
    target.lock = held
    return target
  }

  /// Takes the lock of the file at `path` (a symbolic link resolved), waiting for a sync or
  /// another edit of it to finish; with `creating: false`, only when its lock file exists.
  /// - Throws: ``CommandError`` 73 when the lock file cannot be created or opened.
  static func lock(_ path: String, creating: Bool = true) throws(CommandError) -> SyncLock? {
    let lockPath = SyncLock.path(forFile: FileSyncTarget.resolved(path))
    let waiting = {
      StandardStreams.error("bdconvert: waiting for another run that writes '\(path)' to finish\n")
    }
    do {
      return creating
        ? try SyncLock(path: lockPath, waiting: waiting)
        : try SyncLock.ifPresent(path: lockPath, waiting: waiting)
    } catch {
      throw commandError(error, status: .cannotCreate)
    }
  }

  /// The lock of the file at `path` for an edit in place (``lock(_:creating:)``); `nil` when
  /// there is no such file or it may not be written (which is reported when it is opened).
  static func lockForEditing(_ path: String) throws(CommandError) -> SyncLock? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, W_OK) == 0
    else { return nil }
    return try lock(path)
  }

  /// Removes the temporary files killed runs left in the folder of `path` (never one a live
  /// run is writing), saying so when `reporting`; once a folder per run (`--output-dir` writes
  /// many files into one).
  private static func removeStaleFiles(of path: String, reporting: Bool) {
    let directory = directoryOf(path)
    guard cleanedFolders.withLock({ $0.insert(directory).inserted }) else { return }
    for stale in ReplacementFile.removeStaleFiles(in: directory) where reporting {
      StandardStreams.error("bdconvert: removed '\(stale)', left by an interrupted run\n")
    }
  }

  /// The folders whose stale temporary files this run removed (commands also run on several
  /// threads at once, in process, in the tests).
  private static let cleanedFolders = Mutex<Set<String>>([])

  /// 74 for a full disk or a failed write, else `status`.
  private static func commandError(_ error: any Error, status: ExitStatus) -> CommandError {
    guard let error = error as? SyncTargetError else {
      return CommandError(status: status, message: "\(error)")
    }
    return CommandError(
      status: error.kind == .writeFailed ? .ioError : status, message: error.message)
  }

  /// A byte sink writing to this target.
  var sink: FileDescriptorSink {
    var sink = FileDescriptorSink(descriptor: descriptor, name: displayName)
    if case .replace = mode { sink.startsWriteback = true }
    return sink
  }

  /// Whether ``discard()`` takes back everything written: not for standard output written as
  /// it is produced, nor for a FIFO or device written through.
  var isTentative: Bool {
    switch mode {
    case .standardOutput, .writeThrough: false
    case .bufferedStandardOutput, .replace, .scratch: true
    }
  }

  /// Makes the output final: for a replaced file, flush to disk and rename over the target.
  /// - Throws: ``CommandError`` 74 when flushing or renaming fails (the target is then untouched).
  func commit() throws(CommandError) {
    guard !finished else { return }
    finished = true
    switch mode {
    case .standardOutput, .scratch:
      return
    case .bufferedStandardOutput(let file):
      try Self.copy(file, toDescriptor: 1, name: "<stdout>")
    case .writeThrough:
      close(descriptor)
    case .replace(let file):
      defer { lock = nil }
      do {
        try file.commit()
      } catch {
        throw Self.commandError(error, status: .ioError)
      }
    }
  }

  /// Abandons the output: a temporary file is removed and the target is left as it was.
  func discard() {
    guard !finished else { return }
    finished = true
    switch mode {
    case .standardOutput, .bufferedStandardOutput, .scratch:
      return  // the temporary file has no name: it goes when released
    case .writeThrough:
      close(descriptor)
    case .replace(let file):
      file.discard()
      lock = nil
    }
  }

  /// Copies all of `file` to `descriptor`.
  static func copy(_ file: TemporaryFile, toDescriptor descriptor: Int32, name: String)
    throws(CommandError)
  {
    var sink = FileDescriptorSink(descriptor: descriptor, name: name)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset = 0
    do {
      while true {
        let count = try ByteRegionAccess.read(
          file, at: offset, into: &chunk, region: 0..<chunk.count)
        if count == 0 { return }
        try sink.write(chunk.span.extracting(..<count))
        offset += count
      }
    } catch {
      throw Frontend.commandError(error)
    }
  }

  private static func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func fileNameOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

}

/// A ``ByteSink`` over a file descriptor; write errors become exit status 74.
struct FileDescriptorSink: ByteSink {
  let descriptor: Int32
  let name: String
  /// Asks the kernel to start writing each 8 MB to disk as soon as it is written (Linux), so
  /// that the `fsync` before the atomic rename finds little left to do. Only for temporary
  /// files of our own: never on a pipe, terminal or device.
  var startsWriteback = false
  private var offset: Int64 = 0
  private var syncedUpTo: Int64 = 0

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  mutating func write(_ span: Span<UInt8>) throws {
    do {
      try SystemCallBuffers.writeAll(span, to: descriptor)
    } catch {
      throw CommandError.cannot("write", "'\(name)'", status: .ioError)
    }
    self.offset += Int64(span.count)
    #if os(Linux)
      if startsWriteback, self.offset - syncedUpTo >= 8 << 20 {
        // DONTNEED on dirty pages starts their writeback without waiting for it. Advisory: a
        // failure changes nothing, the final fsync still decides.
        _ = posix_fadvise(
          descriptor, off_t(syncedUpTo), off_t(self.offset - syncedUpTo), POSIX_FADV_DONTNEED)
        syncedUpTo = self.offset
      }
    #endif
  }
}
