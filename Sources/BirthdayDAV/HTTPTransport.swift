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
  /// The request timed out or the connection dropped: worth another try.
  case interrupted(String)
  /// The body is larger than the limit.
  case tooLarge
  /// Anything else (TLS failure, bad URL).
  case failed(String)
}

/// One URLSession run synchronously, one exchange at a time per caller, several callers in
/// parallel. Redirects are not followed here (``DAVClient`` does it, to decide about the
/// credentials) and a body larger than `maximumBodySize` is cancelled while it arrives, so a
/// hostile server cannot exhaust memory.
///
/// While an answer is awaited, FoundationNetworking on Linux costs CPU (a thousand or so wake-ups
/// a second per connection): its libcurl multi handle keeps the socket's libdispatch write
/// source after libcurl has asked for read readiness only, and a socket is always writable. A
/// plain `URLSession` data task waited for with a semaphore does the same; the waiting here
/// (one session per client, a semaphore per exchange, no polling) is not the cause.
final class HTTPTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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

  init(timeout: Double, maximumBodySize: Int, connections: Int) {
    self.maximumBodySize = maximumBodySize
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
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

  /// Sends `request` and waits for the whole answer.
  func perform(_ request: URLRequest) -> Result<HTTPResponse, TransportFailure> {
    let exchange = Exchange()
    lock.lock()
    guard let session else {
      lock.unlock()
      return .failure(.failed("the session was closed"))
    }
    let task = session.dataTask(with: request)
    exchanges[task.taskIdentifier] = exchange
    lock.unlock()
    task.resume()
    exchange.done.wait()
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

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let exchange = exchange(dataTask)
    exchange?.response = response as? HTTPURLResponse
    if response.expectedContentLength > Int64(maximumBodySize) {
      exchange?.tooLarge = true
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let exchange = exchange(dataTask), !exchange.tooLarge else { return }
    if exchange.body.count + data.count > maximumBodySize {
      exchange.tooLarge = true
      dataTask.cancel()
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
    lock.lock()
    let exchange = exchanges.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    exchange?.error = error
    exchange?.done.signal()
  }

  private static func classify(_ error: any Error) -> TransportFailure {
    let error = error as NSError
    let reason = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? "error \(error.code)"
    guard error.domain == NSURLErrorDomain else { return .failed(reason) }
    switch error.code {
    case NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed,
      NSURLErrorNotConnectedToInternet:
      return .cannotConnect(reason)
    case NSURLErrorTimedOut, NSURLErrorNetworkConnectionLost, NSURLErrorBadServerResponse,
      NSURLErrorCannotParseResponse, NSURLErrorZeroByteResource:
      return .interrupted(reason)
    default:
      return .failed(reason)
    }
  }
}
