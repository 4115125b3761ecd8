import Foundation

/// A child process started with no signal blocked and SIGHUP, SIGINT and SIGTERM at their
/// defaults, and with no descriptor but 0, 1 and 2. `Process` would hand on the mask of the test's
/// thread, which blocks most signals: a signal sent to the child would then wait until it exits.
/// And it hands each child one end of the socket through which it learns that the child ended:
/// a daemon the child starts would keep that end open, and `waitUntilExit` would never return
/// (the test servers' scripts start PostgreSQL and Cyrus this way).
final class SignalableChild {
  let pid: pid_t
  private var status: Int32?

  /// Starts `executable`; its standard output and error go to the files `output` and `errors`
  /// (made or emptied), or to /dev/null.
  init(_ executable: String, _ arguments: [String], output: String? = nil, errors: String? = nil)
    throws
  {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (descriptor, path) in [(Int32(0), nil), (1, output), (2, errors)] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, path ?? "/dev/null",
        descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    guard closeDescriptors(from: 3, &actions) == 0 else { throw POSIXError(.EINVAL) }
    let environment = bdconvertEnvironment(["SOURCE_DATE_EPOCH": "0"]).map {
      "\($0.key)=\($0.value)"
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    self.pid = pid
  }

  /// Whether it has not ended yet (reaps it when it has).
  var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    status = raw
    return false
  }

  /// Waits for its end: the exit status, or the signal that ended it.
  func wait() -> (exit: Int32?, signal: Int32?) {
    if status == nil {
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
      status = raw
    }
    let raw = status ?? 0
    return raw & 0x7F == 0 ? (raw >> 8 & 0xFF, nil) : (nil, raw & 0x7F)
  }

  /// Stops it (SIGSTOP) once it has open a file of `folder` that `isOutput` accepts (its path as
  /// `/proc` shows it; an unnamed temporary file is `FOLDER/#INODE (deleted)`), so that signals
  /// sent now arrive while it writes. Returns whether it was still running then.
  func stopOnceItOpens(in folder: TemporaryDirectory, where isOutput: (String) -> Bool) -> Bool {
    let real = folder.url.resolvingSymlinksInPath().path + "/"
    _ = waitUntil {
      !isRunning
        || openFiles(of: pid).contains {
          $0.hasPrefix(real) && isOutput(String($0.dropFirst(real.count)))
        }
    }
    return isRunning && kill(pid, SIGSTOP) == 0
  }
}

/// Closes every descriptor from `first` on in the child: glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc module does not
/// declare.
private func closeDescriptors(
  from first: Int32, _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>
) -> Int32 {
  typealias AddCloseFrom =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
    ) -> Int32
  guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
  return unsafeBitCast(symbol, to: AddCloseFrom.self)(actions, first)
}

/// The paths the open descriptors of process `pid` lead to (`/proc/PID/fd`).
func openFiles(of pid: Int32) -> [String] {
  let folder = "/proc/\(pid)/fd"
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  return names.compactMap {
    try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)
  }
}

/// Waits (polling, at most a minute: a guard against a hang, not a timing) until `condition`
/// holds; returns whether it did.
func waitUntil(_ condition: () -> Bool) -> Bool {
  for _ in 0..<60_000 {
    if condition() { return true }
    usleep(1_000)
  }
  return condition()
}
