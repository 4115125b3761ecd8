#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the pending temporary output file when the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP), so an interrupted run leaves neither a partial target nor a stray temporary file.
///
/// The signal handler may only call async-signal-safe functions, so the path is kept as a C string
/// allocated up front and the handler calls just `unlink`, `signal` and `raise`.
enum TemporaryFileCleanup {
  nonisolated(unsafe) private static var pendingPath: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) private static var handlersInstalled = false

  /// Remembers `path` for removal on interruption (one at a time).
  static func register(_ path: String) {
    unregister()
    pendingPath = strdup(path)
    guard !handlersInstalled else { return }
    handlersInstalled = true
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { received in
        if let path = TemporaryFileCleanup.pendingPath { unlink(path) }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Forgets the pending path (after it was renamed or removed).
  static func unregister() {
    let path = pendingPath
    pendingPath = nil
    free(path)
  }
}
