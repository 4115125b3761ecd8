#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock held for a whole sync of one target, so that two syncs at once run
/// one after the other and neither loses the other's update. Every command that rewrites a
/// local file takes the same lock (`delete --in-place` always, `-o` onto a file that has a lock
/// file), so that no run replaces a file with an edit of what another run is replacing.
///
/// `flock(2)` on a hidden lock file next to the target (`.NAME.bdconvert-lock` beside a file,
/// `.bdconvert-lock` inside a vdir folder), not on the target itself: a file target is replaced
/// by a rename, and a lock on the old file would not stop a sync that opened the new one. The lock
/// file is never renamed or removed (removing it would let a third sync lock a new file while the
/// second still waits on the old one). `flock` rather than `fcntl` locks: it belongs to the open
/// file, so it is not dropped when the process closes some other descriptor of the same file,
/// and the kernel releases it when the process ends, however it ends.
package final class SyncLock {
  /// The lock file.
  package let path: String
  private let descriptor: Int32

  /// Takes the lock, waiting for another sync to finish; `waiting` is called once before
  /// waiting.
  /// - Throws: ``SyncTargetError`` (`cannotWrite`) when the lock file cannot be created.
  package convenience init(path: String, waiting: () -> Void = {}) throws {
    let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    try self.init(path: path, descriptor: opened, openError: errno, waiting)
  }

  /// Takes the lock when its lock file exists (a file that a sync or an in-place edit wrote),
  /// else returns `nil` and creates nothing.
  /// - Throws: ``SyncTargetError`` (`cannotWrite`) when the lock file cannot be opened.
  package static func ifPresent(path: String, waiting: () -> Void = {}) throws -> SyncLock? {
    // Read-only is enough for flock, and a lock file another user made may be read-only.
    let opened = open(path, O_RDONLY | O_CLOEXEC)
    let code = errno
    if opened < 0, code == ENOENT { return nil }
    return try SyncLock(path: path, descriptor: opened, openError: code, waiting)
  }

  private init(path: String, descriptor opened: Int32, openError: Int32, _ waiting: () -> Void)
    throws
  {
    self.path = path
    guard opened >= 0 else {
      throw SyncTargetError(
        .cannotWrite,
        "cannot create the lock file '\(path)': \(String(cString: strerror(openError)))")
    }
    descriptor = opened
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      waiting()
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let code = errno
          close(descriptor)
          throw SyncTargetError(
            .cannotWrite, "cannot lock '\(path)': \(String(cString: strerror(code)))")
        }
      }
    }
  }

  deinit { close(descriptor) }

  /// The lock file for the `.ics` file at `path`.
  package static func path(forFile path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return ".\(path).bdconvert-lock" }
    let directory = path[...slash]
    return "\(directory).\(path[path.index(after: slash)...]).bdconvert-lock"
  }

  /// The lock file for the vdir folder at `path`.
  package static func path(forFolder path: String) -> String {
    (path.hasSuffix("/") ? path : path + "/") + ".bdconvert-lock"
  }
}
