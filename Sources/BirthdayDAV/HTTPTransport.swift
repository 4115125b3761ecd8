import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A response as the client sees it: status, headers (names lowercased) and the whole body.
public struct HTTPResponse: Sendable {
  /// The HTTP status.
  public var status: Int
  /// The header fields, names lowercased.
  public var headers: [String: String]
  /// The body (bounded by the client's size limit).
  public var body: Data

  /// The value of the header `name` (any case).
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What can go wrong below HTTP.
enum TransportFailure: Error {
  /// No connection could be made (refused, no such host).
  case cannotConnect(String)
  /// The connection dropped: worth another try.
  case interrupted(String)
  /// No whole answer within the timeout: worth another try.
  case timedOut
  /// The run's time was up before the whole answer came.
  case outOfTime
  /// The body is larger than the limit.
  case tooLarge
  /// Anything else (TLS failure, bad URL).
  case failed(String)
}

/// One URLSession run synchronously, one exchange at a time per caller, several callers in
/// parallel. Redirects are not followed here (``DAVClient`` does it, to decide about the
/// credentials). A hostile server can neither hold a caller nor fill its memory:
///
/// - The timeout bounds the whole exchange (connect, request, headers and the whole body): the
///   caller stops waiting at the deadline and the task is cancelled. URLSession's own timeout is
///   only for a silence (each byte restarts it), so a server sending one byte a second would
///   otherwise hold the caller for ever.
/// - A body larger than `maximumBodySize` (by its `Content-Length`, or counted as it arrives)
///   ends the exchange at once and cancels the task: URLSession on Linux ignores the
///   `.cancel` disposition of `didReceive response`, and would read the rest of the body.
///   It also hands the body to the delegate through a queue without back-pressure: what
///   libcurl reads ahead of the delegate until the cancel is held meanwhile (on a loaded machine
///   with a local server sending as fast as it can, a few hundred megabytes at the peak). A
///   bound independent of the machine's load needs libcurl's own write callback.
///
/// While an answer is awaited, FoundationNetworking on Linux costs CPU (a thousand or so wake-ups
/// a second per connection): its libcurl multi handle keeps the socket's libdispatch write
/// source after libcurl has asked for read readiness only, and a socket is always writable. A
/// plain `URLSession` data task waited for with a semaphore does the same; the waiting here
/// (one session per client, a semaphore per exchange, no polling) is not the cause.
final class HTTPTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// One request's state, written on the delegate queue; read by the caller once `done` is
  /// signalled, by whoever removes it from ``exchanges`` (once).
  private final class Exchange {
    var response: HTTPURLResponse?
    var body = Data()
    var error: (any Error)?
    var tooLarge = false
    /// The status of an authentication challenge (401) that was declined.
    var challenged: Int?
    let done = DispatchSemaphore(value: 0)
  }

  private let lock = NSLock()
  private var exchanges: [Int: Exchange] = [:]
  private var session: URLSession?
  private let maximumBodySize: Int
  private let timeout: Double

  init(timeout: Double, maximumBodySize: Int, connections: Int) {
    self.maximumBodySize = maximumBodySize
    self.timeout = timeout
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = connections
    session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
  }

  /// Ends the session (it holds its delegate, this object, until then).
  func invalidate() {
    lock.lock()
    let current = session
    session = nil
    lock.unlock()
    current?.invalidateAndCancel()
  }

  /// Sends `request` and waits for the whole answer, at most the timeout and never past `end`.
  func perform(_ request: URLRequest, end: DispatchTime) -> Result<HTTPResponse, TransportFailure> {
    let exchange = Exchange()
    lock.lock()
    guard let session else {
      lock.unlock()
      return .failure(.failed("the session was closed"))
    }
    let task = session.dataTask(with: request)
    exchanges[task.taskIdentifier] = exchange
    lock.unlock()
    let timeoutEnd = DispatchTime.now() + timeout
    task.resume()
    // The delegate sees the answer only when URLSession's delegate queue gets to it, which on a
    // busy machine lags libcurl by hundreds of megabytes: an announced length past the limit
    // (the task's response, set as the headers arrive) is checked here every 20 ms, and the
    // transfer cancelled at once.
    while exchange.done.wait(timeout: min(.now() + .milliseconds(20), timeoutEnd, end))
      == .timedOut
    {
      let now = DispatchTime.now()
      if let announced = task.response?.expectedContentLength, announced > Int64(maximumBodySize) {
        if finish(task) != nil { task.cancel() }
        return .failure(.tooLarge)
      }
      if now >= timeoutEnd || now >= end {
        // Whatever arrives later finds no exchange and is dropped.
        if finish(task) != nil { task.cancel() }
        return .failure(end < timeoutEnd ? .outOfTime : .timedOut)
      }
    }
    if exchange.tooLarge { return .failure(.tooLarge) }
    if let status = exchange.challenged {
      return .success(HTTPResponse(status: status, headers: [:], body: Data()))
    }
    if let error = exchange.error { return .failure(Self.classify(error)) }
    guard let response = exchange.response else { return .failure(.interrupted("no response")) }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    return .success(
      HTTPResponse(status: response.statusCode, headers: headers, body: exchange.body))
  }

  private func exchange(_ task: URLSessionTask) -> Exchange? {
    lock.lock()
    defer { lock.unlock() }
    return exchanges[task.taskIdentifier]
  }

  /// Ends the exchange of `task`: removes it and wakes its caller; `nil` when it had ended.
  @discardableResult private func finish(_ task: URLSessionTask) -> Exchange? {
    lock.lock()
    let exchange = exchanges.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    exchange?.done.signal()
    return exchange
  }

  /// Ends the exchange of `task` as too large and stops the transfer.
  private func refuseAsTooLarge(_ exchange: Exchange, _ task: URLSessionTask) {
    exchange.tooLarge = true
    exchange.body = Data()
    finish(task)
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    completionHandler(.allow)
    guard let exchange = exchange(dataTask) else { return }
    exchange.response = response as? HTTPURLResponse
    let expected = response.expectedContentLength
    if expected > Int64(maximumBodySize) {
      refuseAsTooLarge(exchange, dataTask)
    } else if expected > 0 {
      exchange.body.reserveCapacity(Int(expected))
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let exchange = exchange(dataTask) else { return }
    if exchange.body.count + data.count > maximumBodySize {
      refuseAsTooLarge(exchange, dataTask)
      return
    }
    exchange.body.append(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)  // the 3xx itself is the answer; DAVClient decides
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    // The Authorization header was sent already; a challenge means it was refused. Declining
    // ends the task (URLSession would otherwise wait for credentials that never come).
    exchange(task)?.challenged = (challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 401
    completionHandler(.cancelAuthenticationChallenge, nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    exchange(task)?.error = error
    finish(task)
  }

  private static func classify(_ error: any Error) -> TransportFailure {
    let error = error as NSError
    let reason = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? "error \(error.code)"
    guard error.domain == NSURLErrorDomain else { return .failed(reason) }
    switch error.code {
    case NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed,
      NSURLErrorNotConnectedToInternet:
      return .cannotConnect(reason)
    case NSURLErrorTimedOut:
      return .timedOut
    case NSURLErrorNetworkConnectionLost, NSURLErrorBadServerResponse,
      NSURLErrorCannotParseResponse, NSURLErrorZeroByteResource:
      return .interrupted(reason)
    default:
      return .failed(reason)
    }
  }
}
