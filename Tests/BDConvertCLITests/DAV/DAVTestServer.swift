import BirthdayDAV
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A real CalDAV/CardDAV server on 127.0.0.1, started for one test and stopped (by its process
/// id) when the value is released: Radicale (PyPI) with htpasswd authentication (user `alice`,
/// password `secret`), Xandikos (PyPI) without authentication, or sabre/dav (Debian's
/// php-sabre-dav under `php -S`, `Tests/DAV/sabre/server.php`) with Basic authentication.
final class DAVTestServer {
  enum Kind: String, CaseIterable, CustomStringConvertible {
    case radicale, xandikos, sabre
    var description: String { rawValue }
  }

  let kind: Kind
  let port: Int
  let folder: TemporaryDirectory
  private let process: Process

  static let user = "alice"
  static let password = "secret"

  /// Whether the server's packages are installed (CI must have them: `.ci/run` installs them).
  static func available(_ kind: Kind) -> Bool {
    if isCI { return true }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      kind == .sabre
      ? ["php", "-r", "require 'Sabre/autoload.php'; new PDO('sqlite::memory:');"]
      : ["python3", "-c", "import \(kind.rawValue)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  init(_ kind: Kind) throws {
    self.kind = kind
    folder = try TemporaryDirectory()
    port = try freePort()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    switch kind {
    case .radicale:
      try folder.write("users", "\(Self.user):\(Self.password)\n")
      try folder.write(
        "config",
        """
        [server]
        hosts = 127.0.0.1:\(port)
        [auth]
        type = htpasswd
        htpasswd_filename = \(folder.url.path)/users
        htpasswd_encryption = plain
        [storage]
        filesystem_folder = \(folder.url.path)/collections
        [rights]
        type = owner_only
        [logging]
        level = warning
        """)
      process.arguments = ["python3", "-m", "radicale", "--config", folder.url.path + "/config"]
    case .xandikos:
      process.arguments = [
        "python3", "-m", "xandikos", "serve", "-d", folder.url.path + "/data", "--state-dir",
        folder.url.path + "/state", "--defaults", "-l", "127.0.0.1", "-p", String(port),
      ]
    case .sabre:
      process.arguments = [
        "php", "-S", "127.0.0.1:\(port)", packageRoot.path + "/Tests/DAV/sabre/server.php",
      ]
      process.environment = ProcessInfo.processInfo.environment.merging([
        "SABRE_DATA": folder.url.path
      ]) { $1 }
    }
    _ = FileManager.default.createFile(atPath: folder.url.path + "/log", contents: nil)
    let log = try FileHandle(forWritingTo: folder.url.appendingPathComponent("log"))
    process.standardOutput = log
    process.standardError = log
    try process.run()
    self.process = process
    try waitForPort(port, process: process, log: folder.url.appendingPathComponent("log"))
  }

  private var stopped = false

  deinit { stop() }

  /// Stops the server now (a test of a server that went away); later calls do nothing, so the
  /// process id, which may be reused, is signalled only while it is ours.
  func stop() {
    guard !stopped else { return }
    stopped = true
    BDConvertCLITests.stop(process)
  }

  /// The server root: `http://127.0.0.1:PORT/`.
  var root: String { "http://127.0.0.1:\(port)/" }

  /// A calendar collection URL (made on first use by the caller for Radicale; Xandikos has
  /// `/user/calendars/calendar/` from `--defaults`, sabre/dav `birthdays` from its set-up).
  var calendar: String {
    switch kind {
    case .radicale: root + "\(Self.user)/birthdays/"
    case .xandikos: root + "user/calendars/calendar/"
    case .sabre: root + "calendars/\(Self.user)/birthdays/"
    }
  }

  /// Whether the server asks for credentials (all but Xandikos).
  var authenticates: Bool { kind != .xandikos }

  /// The environment that gives bdconvert the credentials (none for Xandikos).
  var environment: [String: String] {
    authenticates ? ["BDCONVERT_PASSWORD": Self.password] : [:]
  }

  /// `--user alice` where the server authenticates.
  var userArguments: [String] { authenticates ? ["--user", Self.user] : [] }

  /// The credentials for requests made by the tests themselves.
  var credentials: DAVCredentials? {
    authenticates
      ? DAVCredentials(user: Self.user, password: Self.password, source: "test") : nil
  }

  /// The Basic credentials for raw requests made by the tests.
  var authorization: String? {
    authenticates
      ? "Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString() : nil
  }
}

/// Stops a server by its process id: SIGTERM, and SIGKILL when it has not ended after 3 s (a
/// server may wait for its open connections).
func stop(_ process: Process) {
  kill(process.processIdentifier, SIGTERM)
  for _ in 0..<30 where process.isRunning { usleep(100_000) }
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
}

/// A port on 127.0.0.1 that nothing listens on right now.
func freePort() throws -> Int {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
    }
  }
  guard bound else { throw POSIXError(.EADDRINUSE) }
  return Int(UInt16(bigEndian: address.sin_port))
}

/// Waits (at most 20 s) until something accepts connections on `port`; throws when the process
/// ended or the time is up, with its log.
func waitForPort(_ port: Int, process: Process, log: URL) throws {
  for _ in 0..<200 {
    if !process.isRunning { break }
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    close(socket)
    if connected { return }
    usleep(100_000)
  }
  let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  Issue.record("server on port \(port) did not start: \(text)")
  throw POSIXError(.ECONNREFUSED)
}

/// The fault-injecting proxy of `Tests/DAV/fault_proxy.py` in front of a server, stopped by its
/// process id when released; ``requests`` reads its log.
final class FaultProxy {
  let port: Int
  private let process: Process
  private let folder: TemporaryDirectory

  init(upstream: DAVTestServer, rules: String) throws {
    folder = try TemporaryDirectory()
    port = try freePort()
    try folder.write("rules.json", rules)
    _ = FileManager.default.createFile(atPath: folder.url.path + "/requests.log", contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", packageRoot.path + "/Tests/DAV/fault_proxy.py", "--upstream", upstream.root,
      "--port", String(port), "--rules", folder.url.path + "/rules.json", "--log",
      folder.url.path + "/requests.log", "--max-requests", "2000", "--lifetime", "300",
    ]
    process.standardOutput = FileHandle.nullDevice
    let log = try FileHandle(forWritingTo: folder.url.appendingPathComponent("requests.log"))
    process.standardError = log
    try process.run()
    self.process = process
    try waitForPort(port, process: process, log: folder.url.appendingPathComponent("requests.log"))
  }

  deinit { stop(process) }

  /// `url` (a server URL) with the proxy's port instead.
  func url(_ server: String) -> String {
    server.replacingOccurrences(
      of: #":\d+/"#, with: ":\(port)/", options: .regularExpression, range: nil)
  }

  /// The requests seen so far: `METHOD PATH STATUS INFLIGHT` (requests being handled when it
  /// arrived, itself included).
  var requests: [String] {
    let text =
      (try? String(contentsOf: folder.url.appendingPathComponent("requests.log"), encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").map(String.init)
  }
}
