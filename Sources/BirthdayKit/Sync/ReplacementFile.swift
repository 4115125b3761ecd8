#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The new content of a file, written beside it and put in its place by a rename, so that
/// readers see the old or the new file, never a mix.
///
/// On Linux the content goes to an unnamed file (`O_TMPFILE`): a run killed while writing
/// leaves nothing. It gets a name (hidden, `.NAME.bdconvert-XXXXXX`) only for the moment
/// between `linkat` and the rename. Where the file system has no unnamed files, the named file
/// is created first. Either way the named file is created only after ``TemporaryPathHooks/created``
/// has its name (so an interrupted run can remove it), and it is `flock`ed for as long as it
/// exists: a file of that naming that nobody holds locked was left by a run killed with SIGKILL,
/// and ``removeStaleFiles(in:)`` removes it.
package final class ReplacementFile {
  /// The file replaced.
  package let path: String
  /// Where the new content is written.
  package let descriptor: Int32
  private let directory: String
  private let name: String
  private let displayName: String
  private let hooks: TemporaryPathHooks
  /// The temporary name, for a named temporary file (none while an unnamed one is written).
  private var temporary: String?
  private var finished = false

  /// Creates the temporary file for `path`; messages name it `displayName` (default `path`).
  /// - Throws: ``SyncTargetError``: `cannotWrite` when it cannot be created, `writeFailed` when
  ///   the disk is full.
  package init(
    replacing path: String, named displayName: String? = nil, hooks: TemporaryPathHooks = .none
  ) throws {
    let shownName = displayName ?? path
    self.path = path
    self.displayName = shownName
    self.hooks = hooks
    (directory, name) = Self.split(path)
    if let unnamed = Self.openUnnamed(in: directory) {
      descriptor = unnamed
      temporary = nil
      return
    }
    (descriptor, temporary) = try Self.createNamed(
      directory: directory, name: name, hooks: hooks, displayName: shownName)
  }

  deinit { discard() }

  /// Gives the new file the old one's owner, group and permissions (0666 minus the umask for a
  /// new file), flushes it to disk, renames it over ``path`` and flushes the folder. The owner
  /// is kept where the process may (root rewriting a user's file); otherwise the file is ours.
  /// - Parameter syncingFolder: `false` when the caller flushes the folder once for many files.
  /// - Throws: ``SyncTargetError`` (`writeFailed`); the old file is then untouched.
  package func commit(syncingFolder: Bool = true) throws {
    guard !finished else { return }
    finished = true
    var info = stat()
    if stat(path, &info) == 0 {
      if info.st_uid != geteuid() || info.st_gid != getegid() {
        _ = fchown(descriptor, info.st_uid, info.st_gid)  // EPERM: the file becomes ours
      }
      _ = fchmod(descriptor, info.st_mode & 0o7777)
    } else {
      let mask = umask(0o022)
      umask(mask)
      _ = fchmod(descriptor, 0o666 & ~mask)
    }
    do {
      guard fsync(descriptor) == 0 else { throw failure(errno) }
      if temporary == nil { try link() }
      guard let temporary else { preconditionFailure("link() names the file or throws") }
      guard rename(temporary, path) == 0 else { throw failure(errno) }
      self.temporary = nil
      hooks.finished()
    } catch {
      if let temporary {
        unlink(temporary)
        hooks.finished()
      }
      close(descriptor)
      throw error
    }
    close(descriptor)  // after the rename: the lock on the temporary file ends with its name
    if syncingFolder { Self.syncFolder(directory) }
  }

  /// Removes the temporary file; the old file stays as it was.
  package func discard() {
    guard !finished else { return }
    finished = true
    if let temporary {
      unlink(temporary)
      hooks.finished()
    }
    close(descriptor)
  }

  /// Flushes a folder's entries (a rename in it) to disk. Advisory: some file systems refuse
  /// `fsync` on a folder, and the rename has happened either way.
  package static func syncFolder(_ directory: String) {
    let folder = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    guard folder >= 0 else { return }
    _ = fsync(folder)
    close(folder)
  }

  /// Removes the temporary files of this naming in `directory` that no run holds (whichever
  /// file they were for: a stale one is stale for every target). Returns their paths.
  package static func removeStaleFiles(in directory: String) -> [String] {
    guard let entries = try? SystemCallBuffers.entryNames(inFolder: directory) else { return [] }
    var removed: [String] = []
    for entryName in entries {
      guard isTemporaryName(entryName) else { continue }
      let candidate = directory + "/" + entryName
      let file = open(candidate, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
      guard file >= 0 else { continue }
      defer { close(file) }
      // Locked: a live run is writing it. Unlocked and still this file: its run is gone.
      var opened = stat()
      var named = stat()
      guard flock(file, LOCK_EX | LOCK_NB) == 0, fstat(file, &opened) == 0,
        opened.st_mode & S_IFMT == S_IFREG, lstat(candidate, &named) == 0,
        named.st_dev == opened.st_dev, named.st_ino == opened.st_ino, unlink(candidate) == 0
      else { continue }
      removed.append(candidate)
    }
    return removed.sorted()
  }

  /// Whether `entry` is a temporary file name of ours: `.NAME.bdconvert-` and six letters or
  /// digits.
  static func isTemporaryName(_ entry: String) -> Bool {
    let marker = ".bdconvert-"
    let bytes = Array(entry.utf8)
    guard bytes.count > 1 + marker.utf8.count + 6, bytes[0] == UInt8(ascii: ".") else {
      return false
    }
    let suffix = bytes.suffix(6)
    guard suffix.allSatisfy({ isAlphanumeric($0) }) else { return false }
    let middle = bytes.dropLast(6)
    return middle.suffix(marker.utf8.count).elementsEqual(marker.utf8)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// A random temporary name for `name`, as `mkstemp` would make it.
  private static func temporaryName(for name: String) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    var generator = SystemRandomNumberGenerator()
    let suffix = (0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
    }
    return "." + name + ".bdconvert-" + String(decoding: suffix, as: UTF8.self)
  }

  /// An unnamed file in `directory`, locked; `nil` where the system or file system has none.
  private static func openUnnamed(in directory: String) -> Int32? {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      // O_TMPFILE is a macro Swift does not import: __O_TMPFILE | O_DIRECTORY on these.
      let unnamedFlag: Int32 = 0o20_000_000 | O_DIRECTORY
      // It gets its name through /proc (linkat with AT_EMPTY_PATH needs a capability).
      guard access("/proc/self/fd", X_OK) == 0 else { return nil }
      let file = open(directory, unnamedFlag | O_RDWR | O_CLOEXEC, 0o600)
      guard file >= 0 else { return nil }
      guard lock(file) else {
        close(file)
        return nil
      }
      return file
    #else
      return nil
    #endif
  }

  /// A named temporary file beside the target, locked and still under its name.
  private static func createNamed(
    directory: String, name: String, hooks: TemporaryPathHooks, displayName: String
  ) throws -> (Int32, String) {
    while true {
      let temporary = directory + "/" + temporaryName(for: name)
      hooks.created(temporary)  // before it exists: a signal from here on removes it
      let file = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard file >= 0 else {
        let code = errno
        hooks.finished()
        if code == EEXIST { continue }
        throw SyncTargetError(
          code == ENOSPC || code == EDQUOT ? .writeFailed : .cannotWrite,
          "cannot create '\(displayName)': \(String(cString: strerror(code)))")
      }
      // A run removing stale files may have taken this one before the lock: then it is gone.
      var opened = stat()
      var named = stat()
      if lock(file), fstat(file, &opened) == 0, lstat(temporary, &named) == 0,
        named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
      {
        return (file, temporary)
      }
      close(file)
      hooks.finished()
    }
  }

  /// Gives the unnamed file its temporary name.
  private func link() throws {
    #if os(Linux)
      while true {
        let candidate = directory + "/" + Self.temporaryName(for: name)
        hooks.created(candidate)
        if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW)
          == 0
        {
          temporary = candidate
          return
        }
        let code = errno
        hooks.finished()
        if code != EEXIST { throw failure(code) }
      }
    #else
      preconditionFailure("unnamed temporary files are made on Linux only")
    #endif
  }

  private static func lock(_ file: Int32) -> Bool {
    while flock(file, LOCK_EX) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }

  private func failure(_ code: Int32) -> SyncTargetError {
    SyncTargetError(
      .writeFailed, "cannot write '\(displayName)': \(String(cString: strerror(code)))")
  }

  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
  }
}
