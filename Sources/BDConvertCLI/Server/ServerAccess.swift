import BirthdayKit
import Foundation

/// What the commands that talk to a CalDAV/CardDAV server share: telling a URL from a file,
/// the connection options, the credentials, and the exit statuses for server failures.
struct ServerAccess {
  /// The client, with the credentials found for the URL's host.
  let connection: any ServerConnection

  /// `http://` or `https://` (any case): a server, not a file.
  static func isURL(_ operand: String) -> Bool {
    let lowered = operand.prefix(8).lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// A server URL split from its user info: `http://alice@host/cal/` is `http://host/cal/`, user
  /// `alice` (percent-decoded, as curl reads it); `hasPassword` when a `:` follows the user.
  /// The URL is printed and used without it, so that no message shows user info.
  static func userInfo(of text: String) -> (url: String, user: String?, hasPassword: Bool) {
    guard let schemeEnd = text.range(of: "://") else { return (text, nil, false) }
    let rest = text[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return (text, nil, false) }
    let info = rest[..<at]
    let userPart = info.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let user = String(userPart).removingPercentEncoding ?? String(userPart)
    var url = text
    url.removeSubrange(schemeEnd.upperBound...at)
    return (url, user.isEmpty ? nil : user, info.contains(":"))
  }

  /// `text` as messages show it: a server URL without its user info.
  static func printable(_ text: String) -> String {
    isURL(text) ? userInfo(of: text).url : text
  }

  /// Refuses a server URL among `texts` that holds a password (before anything is done).
  static func refusePasswords(in texts: [String], usage: String) throws(CommandError) {
    for text in texts where isURL(text) && userInfo(of: text).hasPassword {
      throw .usage(
        "'\(userInfo(of: text).url)' was given with a password in the URL, which 'ps' shows and "
          + "the shell's history keeps: give the user as --user NAME or as NAME@ in the URL, "
          + "and the password in BDCONVERT_PASSWORD, --password-file FILE or ~/.netrc", usage)
    }
  }

  /// A progress line on a terminal for the requests of a sync, from the worker threads:
  /// `bdconvert: sync: 120 of 400 changes sent`.
  static func progressPrinter(quiet: Bool) -> @Sendable (Int, Int) -> Void {
    guard !quiet, StandardStreams.errorIsTerminal else { return { _, _ in } }
    return { done, total in
      guard done == total || done % 25 == 0 else { return }
      StandardStreams.error(
        "\rbdconvert: sync: \(done) of \(total) changes sent" + (done == total ? "\r\u{1B}[K" : ""))
    }
  }

  /// The exit statuses of a command that talks to a server.
  static let exitStatuses = [
    StatusSpec(.unavailable, "the server cannot be reached, or its certificate is not trusted"),
    StatusSpec(
      .tempFailure,
      "the server kept failing (timeouts, 5xx, 429), or the run's time or waiting was spent; "
        + "run it again"),
    StatusSpec(.noPermission, "the server refused the credentials"),
  ]

  /// The environment variables of a command that talks to a server: the password, and where
  /// libcurl finds the authorities it trusts.
  static let environment = [
    Choice("BDCONVERT_PASSWORD", "the password for --user on a CalDAV/CardDAV server"),
    Choice("SSL_CERT_FILE", "a file of certificate authorities to trust instead of the system's"),
    Choice("SSL_CERT_DIR", "a folder of certificate authorities to trust instead of the system's"),
  ]

  /// Checks `text` and makes the client for it from the options (`--user`,
  /// `--password-file`, `--timeout`) and the environment. Nothing is sent yet.
  /// - Throws: 69 without a `backend` (`bdconvert` hands server commands to `bdconvert-dav`
  ///   before this point; only a program built without it gets here).
  static func open(
    _ text: String, scanned: ArgumentScanner.Result, environment: [String: String],
    usage: String, backend: (any ServerBackend)?
  ) throws(CommandError) -> (access: ServerAccess, url: URL) {
    try refusePasswords(in: [text], usage: usage)
    let (text, urlUser, _) = userInfo(of: text)
    guard let backend else {
      throw CommandError(
        status: .unavailable,
        message:
          "'\(text)' is on a server, and this program has no CalDAV/CardDAV client; run it with "
          + "\(ServerSibling.name)")
    }
    guard let url = URL(string: text), url.host != nil else {
      throw .usage("'\(text)' is not a valid URL", usage)
    }
    let allowsHTTP = scanned.has(ServerOption.allowHTTP)
    if let refusal = backend.refusal(of: url, allowingPrivateHTTP: allowsHTTP) {
      throw .usage(refusal, usage)
    }
    if allowsHTTP, backend.refusal(of: url, allowingPrivateHTTP: false) != nil {
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "plain HTTP to '\(url.host ?? text)' (--allow-http): the password and the data travel "
            + "in clear on the network", at: nil, .warning) + "\n")
    }
    var user = try scanned.value(ServerOption.user)
    if let urlUser {
      if let user, user != urlUser {
        throw .usage("the URL names the user '\(urlUser)', and --user '\(user)'", usage)
      }
      user = urlUser
    }
    let timeout = try scanned.value(ServerOption.timeout) ?? 30
    let maximumTime = try scanned.value(ServerOption.maxTime) ?? 3600
    let maximumWait = try scanned.value(ServerOption.maxWait) ?? 300
    let caFile = try scanned.value(ServerOption.caFile)
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw .usage("cannot read --ca-file '\(caFile)'", usage)
    }
    let pin = try scanned.value(ServerOption.pin)
    let passwordFile = try scanned.value(ServerOption.passwordFile)
    let style = DiagnosticStyle.current  // the retries are reported from worker threads
    var login = ServerLogin(
      url: url, user: user, passwordFile: passwordFile,
      environment: environment, timeout: timeout, maximumTime: maximumTime,
      maximumWait: maximumWait, userAgent: "bdconvert/\(Version.number)", caFile: caFile,
      pinnedKey: pin,
      onRetry: { url, reason, delay in
        StandardStreams.error(
          style.render(
            "\(url): \(reason); trying again in \(String(format: "%.1f", delay)) s", at: nil,
            .note) + "\n")
      },
      onWarning: { message in
        StandardStreams.error(style.render(message, at: nil, .warning) + "\n")
      })
    login.allowsPrivateHTTP = allowsHTTP
    do {
      return (ServerAccess(connection: try backend.connect(login)), url)
    } catch {
      throw CommandError(status: .usage, message: error.message, usage: usage)
    }
  }

  /// Whether `text` is a SHA-256 in base64, with or without curl's `sha256//`.
  static func isPin(_ text: String) -> Bool {
    let hash = text.hasPrefix("sha256//") ? String(text.dropFirst(8)) : text
    return hash.count == 44 && Data(base64Encoded: hash)?.count == 32
  }

  /// The command error for a server failure: 69 unreachable or another unexpected status, 77
  /// refused credentials, 75 given up after retries, 65 an unusable answer, 66 no calendar, 64 a
  /// refused URL or unreadable credentials.
  static func commandError(_ error: ServerFailure) -> CommandError {
    let status: ExitStatus
    switch error.kind {
    case .unreachable: status = .unavailable
    case .unauthorized: status = .noPermission
    case .gaveUp: status = .tempFailure
    case .malformedResponse: status = .dataError
    case .refusedURL, .credentials: status = .usage
    case .notACalendar: status = .noInput
    case .status: status = .unavailable
    }
    return CommandError(status: status, message: error.message)
  }

  /// The closing line with the requests sent, for `--verbose`: `bdconvert: 3 requests (REPORT 2, PROPFIND 1)`.
  var requestSummary: String {
    let counts = connection.requestCounts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    let total = counts.reduce(0) { $0 + $1.value }
    return "bdconvert: \(total) request\(total == 1 ? "" : "s") ("
      + counts.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")\n"
  }
}
