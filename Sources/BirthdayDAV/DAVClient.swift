import Foundation
import Synchronization

/// How often and how patiently a request is tried again.
public struct RetryPolicy: Sendable {
  /// Attempts in all, the first included.
  public var attempts: Int
  /// The wait before the second attempt; it doubles for each further one.
  public var initialDelay: Double
  /// The longest wait, also for a server's `Retry-After`.
  public var maximumDelay: Double
  /// Attempts in all for `423 Locked`: a server that locks its store while it writes (Xandikos
  /// commits each change to git) stays locked as long as other writes queue, so it gets more
  /// patience than a failing one.
  public var lockedAttempts: Int
  /// The wait before the second attempt after a 423; it doubles up to ``lockedMaximumDelay``.
  public var lockedInitialDelay: Double
  /// The longest wait after a 423 without `Retry-After`.
  public var lockedMaximumDelay: Double

  /// Creates a policy.
  public init(
    attempts: Int, initialDelay: Double, maximumDelay: Double, lockedAttempts: Int? = nil,
    lockedInitialDelay: Double? = nil, lockedMaximumDelay: Double? = nil
  ) {
    self.attempts = attempts
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
    self.lockedAttempts = lockedAttempts ?? attempts
    self.lockedInitialDelay = lockedInitialDelay ?? initialDelay
    self.lockedMaximumDelay = lockedMaximumDelay ?? maximumDelay
  }

  /// Four attempts, waiting 0.5, 1 and 2 seconds (or what `Retry-After` asks, up to 60 s);
  /// for 423 Locked eight attempts, waiting 1, 2, 4, then 8 seconds (at most about a minute in
  /// all), each stretched by up to half at random so that parallel writes stop colliding.
  public static let standard = RetryPolicy(
    attempts: 4, initialDelay: 0.5, maximumDelay: 60, lockedAttempts: 8, lockedInitialDelay: 1,
    lockedMaximumDelay: 8)

  /// How many attempts a request that failed with `status` (`nil`: no answer) gets in all.
  public func attempts(for status: Int?) -> Int {
    status == 423 ? lockedAttempts : attempts
  }

  /// The wait after failed attempt number `attempt` (1-based): `Retry-After` when the server
  /// gave one (up to ``maximumDelay``), else the doubling backoff; `jitter` in 0...1 stretches
  /// a 423's backoff by up to half.
  public func delay(after attempt: Int, status: Int?, retryAfter: Double?, jitter: Double = 0)
    -> Double
  {
    if let retryAfter { return min(max(retryAfter, 0), maximumDelay) }
    let exponent = Double(1 << min(max(attempt - 1, 0), 20))
    if status == 423 {
      let backoff = min(lockedInitialDelay * exponent, lockedMaximumDelay)
      return backoff * (1 + min(max(jitter, 0), 1) / 2)
    }
    return min(initialDelay * exponent, maximumDelay)
  }
}

/// An HTTP client for WebDAV servers: Basic authentication, redirects, bounded retries.
///
/// - Requests go only to the origin given (scheme, host and port) and to those that discovery
///   admits from it (``admit(_:namedBy:)``: over https, hosts of the same registrable domain, as
///   iCloud's calendar home on another host name); anything else is refused before it is sent,
///   so the credentials never leave them. A URL with user info is refused.
/// - A redirect is followed only during discovery, and only to an origin admitted that way; a
///   redirect of any other request (a change, a read of a collection found) is an error naming
///   its `Location` (``DAVError/redirected(url:method:status:location:reason:)``).
/// - Plain HTTP is allowed only to a loopback address, or with `allowsPrivateHTTP` to a private
///   network's (``NetworkScope``); TLS certificates are always verified.
/// - Timeouts, dropped connections, 500/502/503/504 and 429 are tried again with backoff
///   (honouring `Retry-After`), at most ``RetryPolicy/attempts`` times, 423 Locked at most
///   ``RetryPolicy/lockedAttempts`` times with a longer backoff; then ``DAVError/gaveUp``.
///   After the first 423, PUT and DELETE requests are sent one at a time.
/// - 401/403 throw ``DAVError/unauthorized``; a refused connection ``DAVError/unreachable``.
///   Other statuses are returned for the caller to judge.
///
/// Safe to use from several threads at once; ``requestCounts`` counts what was sent.
public final class DAVClient: Sendable {
  /// The credentials, if any.
  public let credentials: DAVCredentials?
  private let transport: HTTPTransport
  private let retry: RetryPolicy
  private let timeout: Double
  /// The run's time and waiting, shared by all requests.
  package let budget: RunBudget
  /// Whether plain HTTP may go to a private network's address (`--allow-http`).
  public let allowsPrivateHTTP: Bool
  private let userAgent: String
  /// What requests change, shared by the threads that send them.
  private let state = Mutex(State())
  /// Held by the one change in flight once ``locksWrites`` is set.
  private let writeLock = NSLock()

  private struct State {
    var counts: [String: Int] = [:]
    /// Set by the first 423 Locked: from then on, changes go to the server one at a time.
    var serverLocks = false
    var onRetry: (@Sendable (_ url: String, _ reason: String, _ delay: Double) -> Void)?
    var onWarning: (@Sendable (_ message: String) -> Void)?
    /// The origins requests may go to: the one given, and those discovery admitted.
    var origins: Set<DAVURLScope.Origin> = []
    var warned: Set<String> = []
  }

  /// Called before each wait for a retry (the CLI prints a note).
  public var onRetry: (@Sendable (_ url: String, _ reason: String, _ delay: Double) -> Void)? {
    get { state.withLock { $0.onRetry } }
    set { state.withLock { $0.onRetry = newValue } }
  }
  /// Called once for each distinct warning, e.g. an href that is not used (the CLI prints it).
  package var onWarning: (@Sendable (_ message: String) -> Void)? {
    get { state.withLock { $0.onWarning } }
    set { state.withLock { $0.onWarning = newValue } }
  }

  /// Whether a 3xx answer is followed.
  public enum Redirects: Sendable {
    /// Never: the 3xx throws ``DAVError/redirected(url:method:status:location:reason:)``.
    case refused
    /// During discovery: followed to an origin the client admits (``admit(_:namedBy:)``).
    case discovery
  }

  /// The most redirects followed for one request.
  static let maximumRedirects = 5

  /// Creates a client.
  /// - Parameters:
  ///   - origin: the URL given by the user, whose origin requests may go to (default: the
  ///     origin of the first request).
  ///   - timeout: seconds for one exchange, the whole answer included, before it counts as
  ///     timed out.
  ///   - budget: the run's time and retry waiting in all.
  ///   - maximumBodySize: the largest response body accepted (default 64 MiB).
  ///   - connections: how many requests may run at once.
  ///   - userAgent: the `User-Agent` header.
  ///   - allowsPrivateHTTP: plain HTTP may go to a private network's address too.
  ///   - trust: the certificates a server on https may show.
  package init(
    credentials: DAVCredentials?, origin: URL? = nil, timeout: Double = 30,
    retry: RetryPolicy = .standard, budget: RunBudget = .generous(),
    maximumBodySize: Int = 64 << 20, connections: Int = 4,
    userAgent: String = "bdconvert", allowsPrivateHTTP: Bool = false,
    trust: TLSTrust = TLSTrust()
  ) {
    self.credentials = credentials
    self.allowsPrivateHTTP = allowsPrivateHTTP
    if let origin = origin.flatMap(DAVURLScope.origin(of:)) {
      state.withLock { $0.origins = [origin] }
    }
    self.userAgent = userAgent
    self.retry = retry
    self.timeout = timeout
    self.budget = budget
    self.transport = HTTPTransport(
      timeout: timeout, maximumBodySize: maximumBodySize, connections: connections, trust: trust)
  }

  /// Requests sent so far by method (each retry and redirect counts).
  public var requestCounts: [String: Int] { state.withLock { $0.counts } }

  /// All requests sent so far.
  public var requestTotal: Int { requestCounts.values.reduce(0, +) }

  /// The reason for a certificate whose public key is not the pinned one.
  static let pinnedKeyDiffers = "its public key does not match the pinned key"

  /// Throws unless `url` may be used: http or https, plain HTTP only to a loopback address, or
  /// with `allowingPrivateHTTP` to a private network's (``NetworkScope``).
  public static func checkURL(_ url: URL, allowingPrivateHTTP: Bool = false) throws(DAVError) {
    let scheme = url.scheme?.lowercased()
    guard scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
      throw .refusedURL(
        url: url.absoluteString, reason: "only http:// and https:// URLs are served")
    }
    if url.user != nil {
      throw .refusedURL(
        url: DAVURLScope.printable(url.absoluteString),
        reason: "a URL with a user name or password is not sent")
    }
    guard scheme == "http" else { return }
    switch NetworkScope(host: host) {
    case .loopback: return
    case .privateNetwork where allowingPrivateHTTP: return
    case .privateNetwork:
      throw .refusedURL(
        url: url.absoluteString,
        reason: "plain HTTP is allowed only to a loopback address", hint: .allowPrivateHTTP)
    case .other:
      throw .refusedURL(
        url: url.absoluteString,
        reason: allowingPrivateHTTP
          ? "plain HTTP is allowed only to a private network (\(NetworkScope.privateNetworks)), "
            + "and '\(host)' is not one; use https://"
          : "plain HTTP is allowed only to a loopback address; use https://",
        hint: allowingPrivateHTTP ? .privateHTTPOnly(host: host) : nil)
    }
  }

  /// Sends a request, retrying transient failures; a redirect is followed only as `redirects`
  /// allows.
  /// - Returns: the final response, whatever its status except 401/403, 429, 5xx and 3xx.
  public func send(
    _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
    redirects policy: Redirects = .refused
  ) throws(DAVError) -> HTTPResponse {
    try exchange(method, url, headers: headers, body: body, redirects: policy).response
  }

  /// ``send(_:_:headers:body:redirects:)``, also returning the URL that answered (the last of
  /// the redirects followed).
  func exchange(
    _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
    redirects policy: Redirects = .refused
  ) throws(DAVError) -> (response: HTTPResponse, url: URL) {
    try Self.checkURL(url, allowingPrivateHTTP: allowsPrivateHTTP)
    try checkOrigin(url)
    var current = url
    var redirects = 0
    var attempt = 1
    // A server that answers 423 Locks its store for each write (Xandikos): parallel changes
    // only make each other wait, so after the first 423 they are sent one at a time.
    let isChange = method == "PUT" || method == "DELETE"
    var holdsWriteLock = false
    defer { if holdsWriteLock { writeLock.unlock() } }
    while true {
      if budget.isOver {
        throw .stopped(
          url: current.absoluteString,
          reason: "not sent: the run's time (\(RunBudget.seconds(budget.time))) is up")
      }
      if isChange, !holdsWriteLock, locksWrites {
        writeLock.lock()
        holdsWriteLock = true
      }
      var request = HTTPRequest(method: method, url: current, body: body)
      request.headers.append(("User-Agent", userAgent))
      request.headers += headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      if let credentials, admits(current) {
        request.headers.append(("Authorization", credentials.basicAuthorization))
      }
      count(method)
      let failureReason: String
      var delay: Double?
      var failedStatus: Int?
      switch transport.perform(request, end: budget.end) {
      case .failure(.cannotConnect(let reason)):
        throw .unreachable(url: current.absoluteString, reason: reason)
      case .failure(.untrusted(let reason)):
        throw .untrusted(
          url: current.absoluteString, reason: reason,
          hint: reason == Self.pinnedKeyDiffers ? .pinnedKeyDiffers : .trustTheCertificate)
      case .failure(.tooLarge):
        throw .malformedResponse(url: current.absoluteString, reason: "the answer is too large")
      case .failure(.failed(let reason)):
        throw .unreachable(url: current.absoluteString, reason: reason)
      case .failure(.interrupted(let reason)):
        failureReason = reason
      case .failure(.timedOut):
        failureReason = "timed out after \(RunBudget.seconds(timeout))"
      case .failure(.outOfTime):
        throw .stopped(
          url: current.absoluteString,
          reason: "no whole answer before the run's time (\(RunBudget.seconds(budget.time))) was up"
        )
      case .success(let response):
        switch response.status {
        case 301, 302, 303, 307, 308:
          guard let location = response.header("Location") else {
            throw .status(url: current.absoluteString, method: method, status: response.status)
          }
          let refusal = { (reason: String) -> DAVError in
            .redirected(
              url: current.absoluteString, method: method, status: response.status,
              location: DAVURLScope.printable(location), reason: reason)
          }
          guard policy == .discovery else {
            throw refusal(
              "bdconvert follows redirects only while it looks for the collection, never for "
                + "a change or a read of the collection; give the URL the server names")
          }
          guard let next = DAVURLScope.resolved(location, against: current),
            (try? Self.checkURL(next, allowingPrivateHTTP: allowsPrivateHTTP)) != nil,
            admit(next, namedBy: current)
          else {
            throw refusal(
              "another host than the one given; requests go only to it and, over https, to "
                + "hosts of its domain")
          }
          redirects += 1
          if redirects > Self.maximumRedirects {
            throw .malformedResponse(url: url.absoluteString, reason: "too many redirects")
          }
          current = next
          continue
        case 401, 403:
          throw .unauthorized(
            url: current.absoluteString, status: response.status,
            source: credentials.map { "credentials: \($0)" } ?? "no credentials were given",
            hint: credentials == nil ? .giveCredentials : nil)
        // 423: a server busy with a concurrent write (Xandikos's git store) answers Locked.
        case 423, 429, 500, 502, 503, 504:
          failureReason = "HTTP \(response.status) \(HTTPStatusText.reason(response.status))"
          failedStatus = response.status
          if response.status == 423 { noteServerLocks() }
          delay = response.header("Retry-After").flatMap {
            Double($0.trimmingCharacters(in: .whitespaces))
          }
        default:
          return (response, current)
        }
      }
      guard attempt < retry.attempts(for: failedStatus) else {
        throw .gaveUp(url: current.absoluteString, reason: failureReason, attempts: attempt)
      }
      let wanted = retry.delay(
        after: attempt, status: failedStatus, retryAfter: delay,
        jitter: Double.random(in: 0...1))
      guard let wait = budget.grant(wanted) else {
        throw .stopped(
          url: current.absoluteString,
          reason: "\(failureReason) (attempt \(attempt)); not tried again: "
            + budget.refusal(wanted))
      }
      onRetry?(current.absoluteString, failureReason, wait)
      if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      attempt += 1
    }
  }

  /// Whether changes are sent one at a time (a 423 was seen).
  public var locksWrites: Bool { state.withLock { $0.serverLocks } }

  private func noteServerLocks() {
    state.withLock { $0.serverLocks = true }
  }

  private func count(_ method: String) {
    state.withLock { $0.counts[method, default: 0] += 1 }
  }

  /// Whether requests may go to `url`: its origin is the one given or one discovery admitted.
  package func admits(_ url: URL) -> Bool {
    guard let origin = DAVURLScope.origin(of: url) else { return false }
    return state.withLock { $0.origins.contains(origin) }
  }

  /// Admits `url`, named during discovery by the answer for `source` (a redirect, a principal
  /// or home-set href): yes when its origin is admitted already, or when `source`'s is and `url`
  /// is https on a host of the same registrable domain
  /// (``DAVURLScope/sameRegistrableDomain(_:_:)``), as iCloud names a calendar home on another
  /// host name. Never an IP address or a plain-HTTP host besides the one given.
  package func admit(_ url: URL, namedBy source: URL) -> Bool {
    guard let target = DAVURLScope.origin(of: url), let from = DAVURLScope.origin(of: source)
    else { return false }
    return state.withLock { state in
      if state.origins.contains(target) { return true }
      guard state.origins.contains(from), target.scheme == "https",
        DAVURLScope.sameRegistrableDomain(from.host, target.host)
      else { return false }
      state.origins.insert(target)
      return true
    }
  }

  /// Throws unless requests may go to `url`; the first request binds the origin of a client
  /// made without one.
  private func checkOrigin(_ url: URL) throws(DAVError) {
    guard let origin = DAVURLScope.origin(of: url) else {
      throw .refusedURL(url: DAVURLScope.printable(url.absoluteString), reason: "not a usable URL")
    }
    let (allowed, known) = state.withLock { state in
      if state.origins.isEmpty { state.origins.insert(origin) }
      return (
        state.origins.contains(origin),
        state.origins.map(\.description).sorted().joined(separator: ", ")
      )
    }
    guard allowed else {
      throw .refusedURL(
        url: url.absoluteString,
        reason: "another host than the one given (\(known)); requests go only there")
    }
  }

  /// Reports `message` once (``onWarning``).
  package func warn(_ message: String) {
    let onWarning = state.withLock { $0.warned.insert(message).inserted ? $0.onWarning : nil }
    onWarning?(message)
  }
}
