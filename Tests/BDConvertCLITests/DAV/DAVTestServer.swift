import BirthdayDAV
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A real CalDAV/CardDAV server on 127.0.0.1, started for one test and stopped (by its process
/// id) when the value is released: Radicale (PyPI) with htpasswd authentication (user `alice`,
/// password `secret`), Xandikos (PyPI) without authentication, sabre/dav (Debian's
/// php-sabre-dav under `php -S`, `Tests/DAV/sabre/server.php`) with Basic authentication, DAViCal
/// (Debian's davical over its own PostgreSQL, `Tests/DAV/davical/server.sh`) or Cyrus IMAP's
/// CalDAV/CardDAV (Debian's cyrus-imapd and cyrus-caldav, `Tests/DAV/cyrus/server.sh`), both with
/// Basic authentication.
final class DAVTestServer {
  enum Kind: String, CaseIterable, CustomStringConvertible {
    case radicale, xandikos, sabre, davical, cyrus
    var description: String { rawValue }

    /// The server's name, for the reason a test is skipped.
    var name: String {
      switch self {
      case .radicale: "Radicale"
      case .xandikos: "Xandikos"
      case .sabre: "sabre/dav"
      case .davical: "DAViCal"
      case .cyrus: "Cyrus IMAP"
      }
    }

    /// How to install it (what `.ci/run` installs).
    var packages: String {
      switch self {
      case .radicale: "pip install radicale"
      case .xandikos: "pip install xandikos"
      case .sabre: "apt-get install php-cli php-sabre-dav php-sqlite3"
      case .davical: "apt-get install davical php-pgsql postgresql"
      case .cyrus: "apt-get install cyrus-imapd cyrus-caldav sasl2-bin"
      }
    }
  }

  let kind: Kind
  let port: Int
  let folder: TemporaryDirectory
  private let process: Process

  static let user = "alice"
  static let password = "secret"

  /// The kinds whose packages are installed, probed once for the test run.
  private static let installed: Set<Kind> = Set(Kind.allCases.filter(probe))

  /// Skips the current test (the current case of a parameterised one) when the server's packages
  /// are missing, with a warning that names them: Swift Testing shows a cancelled case as passed,
  /// the warning is what the run prints. With `CI` set it does nothing, so the server's start
  /// fails the test instead (`.ci/run` installs every server).
  static func skipUnlessInstalled(_ kind: Kind) throws {
    guard !isCI, !installed.contains(kind) else { return }
    let reason: Comment =
      "skipped: \(kind.name) is not installed (\(kind.packages)); with CI set this fails"
    Issue.record(reason, severity: .warning)
    try Test.cancel(reason)
  }

  /// Whether the server's packages are installed.
  private static func probe(_ kind: Kind) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    switch kind {
    case .radicale, .xandikos: process.arguments = ["python3", "-c", "import \(kind.rawValue)"]
    case .sabre:
      process.arguments = [
        "php", "-r", "require 'Sabre/autoload.php'; new PDO('sqlite::memory:');",
      ]
    case .davical:
      process.arguments = [
        "sh", "-c",
        "test -x /usr/share/davical/dba/create-database.sh && ls /usr/lib/postgresql/*/bin/initdb"
          + " && php -r 'exit(function_exists(\"pg_connect\") ? 0 : 1);'",
      ]
    case .cyrus:
      process.arguments = [
        "sh", "-c", "test -x /usr/lib/cyrus/bin/httpd && command -v saslpasswd2",
      ]
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  init(_ kind: Kind) throws {
    try Self.skipUnlessInstalled(kind)
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
    case .davical:
      // PostgreSQL is started by the script, PHP's built-in server here (so that this process
      // is the server's, as for the others).
      let data = try Self.script("davical", ["start", try Self.davicalTemplate.get()])
      serverFolder = data
      process.arguments = ["php", "-S", "127.0.0.1:\(port)", "-t", "/usr/share/davical/htdocs"]
      process.currentDirectoryURL = URL(fileURLWithPath: "/usr/share/davical/htdocs")
      process.environment = ProcessInfo.processInfo.environment.merging(["PGHOST": data]) { $1 }
    case .cyrus:
      imapPort = try freePort()
      let configuration = try Self.script("cyrus", ["setup", String(port), String(imapPort)])
      serverFolder = configuration
      process.arguments = [
        "/usr/lib/cyrus/bin/master", "-C", configuration + "/imapd.conf", "-M",
        configuration + "/cyrus.conf", "-p", configuration + "/run/master.pid",
      ]
    }
    _ = FileManager.default.createFile(atPath: folder.url.path + "/log", contents: nil)
    let log = try FileHandle(forWritingTo: folder.url.appendingPathComponent("log"))
    process.standardOutput = log
    process.standardError = log
    try process.run()
    self.process = process
    try waitForPort(port, process: process, log: folder.url.appendingPathComponent("log"))
    if kind == .cyrus { _ = try Self.script("cyrus", ["mailbox", String(imapPort)]) }
  }

  /// DAViCal's PostgreSQL folder or Cyrus's configuration folder, removed by ``stop()``.
  private var serverFolder: String?
  /// Cyrus's IMAP port (its mailbox is made through it).
  private var imapPort = 0

  /// Runs `Tests/DAV/KIND/server.sh ARGUMENTS` to its end and returns what it printed. Not
  /// through `Process`: the daemons the scripts start would keep the socket `Process` hands its
  /// child, and `waitUntilExit` would not return (``SignalableChild`` hands on no descriptor).
  @discardableResult private static func script(_ kind: String, _ arguments: [String]) throws
    -> String
  {
    let folder = try TemporaryDirectory()
    let child = try SignalableChild(
      packageRoot.path + "/Tests/DAV/\(kind)/server.sh", arguments,
      output: folder.url.appendingPathComponent("output").path,
      errors: folder.url.appendingPathComponent("errors").path)
    let text = { (name: String) in String(decoding: folder.read(name) ?? [], as: UTF8.self) }
    guard child.wait().exit == 0 else {
      Issue.record(
        "\(kind)/server.sh \(arguments.joined(separator: " ")) failed: \(text("errors"))")
      throw POSIXError(.EIO)
    }
    return text("output").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// DAViCal's database with the user made once for the test run (a PostgreSQL cluster that each
  /// server copies), removed with the folder when the tests end.
  private static let davicalTemplate: Result<String, any Error> = Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-davical-\(UUID().uuidString)"
    ).path
    // A static is never released: its files (PostgreSQL's, about 40 MB) go at exit.
    atexit {
      if case .success(let folder) = DAVTestServer.davicalTemplate {
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
    try script("davical", ["template", folder])
    return folder
  }

  private var stopped = false

  deinit { stop() }

  /// Stops the server now (a test of a server that went away); later calls do nothing, so the
  /// process id, which may be reused, is signalled only while it is ours.
  func stop() {
    guard !stopped else { return }
    stopped = true
    BDConvertCLITests.stop(process)
    if let serverFolder {
      _ = try? Self.script(
        kind == .davical ? "davical" : "cyrus",
        [kind == .davical ? "stop" : "remove", serverFolder])
    }
  }

  /// The server root: `http://127.0.0.1:PORT/` (DAViCal's `caldav.php`, which Apache's rewrite
  /// rules would serve at the root).
  var root: String { "http://127.0.0.1:\(port)/" + (kind == .davical ? "caldav.php/" : "") }

  /// The user's calendar home: where `--create` makes a calendar.
  var calendarHome: String {
    switch kind {
    case .radicale: root + "\(Self.user)/"
    case .xandikos: root + "user/calendars/"
    case .sabre: root + "calendars/\(Self.user)/"
    case .davical: root + "\(Self.user)/"
    case .cyrus: root + "dav/calendars/user/\(Self.user)/"
    }
  }

  /// A calendar collection URL (made on first use by the caller where ``makesCollections``;
  /// Xandikos has `/user/calendars/calendar/` from `--defaults`, sabre/dav `birthdays` from its
  /// set-up, Cyrus its `Default` calendar).
  var calendar: String {
    switch kind {
    case .radicale, .sabre, .davical: calendarHome + "birthdays/"
    case .xandikos: calendarHome + "calendar/"
    case .cyrus: calendarHome + "Default/"
    }
  }

  /// The display name of ``calendar``: "Birthdays" where the test makes it or sabre/dav's set-up
  /// does, the servers' own names otherwise.
  var calendarName: String {
    switch kind {
    case .radicale, .sabre, .davical: "Birthdays"
    case .xandikos: "calendar"
    case .cyrus: "personal"
    }
  }

  /// Whether the calendar and address book are made by the test (`--create`, MKCOL): Radicale and
  /// DAViCal start with none.
  var makesCollections: Bool { kind == .radicale || kind == .davical }

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
