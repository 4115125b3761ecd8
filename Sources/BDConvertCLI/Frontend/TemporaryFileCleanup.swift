import BirthdayKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the pending temporary output file when the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP), so an interrupted run leaves neither a partial target nor a stray temporary file.
///
/// A signal the caller ignored stays ignored (`nohup`, a shell's background job ignoring
/// SIGINT): the run then goes on as the caller asked. The path is registered before the file
/// is created under it, so that no signal falls between the two.
///
/// The signal handler may only call async-signal-safe functions, so the path is kept as a C string
/// allocated up front (`SystemCallBuffers.setSignalPath(_:)`) and the handler calls just
/// `unlink`, `signal` and `raise`.
enum TemporaryFileCleanup {
  /// Serializes the changes of the pending path (commands also run on several threads at once,
  /// in process, in the tests); the handler only reads it.
  private static let changes = Mutex(false)  // whether the handlers are installed

  /// Installs the handlers (once) for the signals the caller has not ignored. Called before an
  /// output is created, so that the same signals end the run before and after.
  static func installHandlers() {
    let isFirst = changes.withLock { installed in
      defer { installed = true }
      return !installed
    }
    guard isFirst else { return }
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      var current = sigaction()
      guard sigaction(signalNumber, nil, &current) == 0, !isIgnored(current) else { continue }
      signal(signalNumber) { received in
        SystemCallBuffers.unlinkSignalPath()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Remembers `path` for removal on interruption (one at a time).
  static func register(_ path: String) {
    installHandlers()
    changes.withLock { _ in SystemCallBuffers.setSignalPath(path) }
  }

  /// Forgets the pending path (after it was renamed or removed).
  static func unregister() {
    changes.withLock { _ in SystemCallBuffers.setSignalPath(nil) }
  }

  /// Hooks that register a library's temporary files.
  static var hooks: TemporaryPathHooks {
    TemporaryPathHooks(created: { register($0) }, finished: { unregister() })
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
