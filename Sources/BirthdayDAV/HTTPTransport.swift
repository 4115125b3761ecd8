import CCurl
import Foundation
import Synchronization

/// A request as the transport sends it: the method, the URL, the header fields in order and
/// the body, if any.
struct HTTPRequest {
  var method: String
  var url: URL
  var headers: [(name: String, value: String)] = []
  var body: Data?
}

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
  /// The server's certificate was refused (not trusted, another name, another key than pinned).
  case untrusted(String)
  /// Anything else (TLS failure, bad URL).
  case failed(String)
}

/// HTTP through libcurl, one exchange at a time per caller on the caller's thread, several
/// callers in parallel. Redirects are not followed here (``DAVClient`` does it, to decide about
/// the credentials); libcurl reads no `.netrc`, keeps no cookies and speaks only http and https.
/// A hostile server can neither hold a caller nor fill its memory:
///
/// - The timeout bounds the whole exchange (connect, request, headers and the whole body), and
///   the run's end bounds it too: libcurl's own transfer timeout, not a silence timeout, so a
///   server sending one byte a second is cut at it.
/// - A body larger than `maximumBodySize` ends the exchange: an announced `Content-Length`
///   before any of the body is read, a body without one as soon as it passes the limit (the
///   write callback takes no more), so what is held never exceeds the limit.
///
/// While an answer is awaited the caller's thread sleeps in libcurl's `poll`: waiting costs no
/// CPU. Each caller takes an idle libcurl handle (or makes one) and gives it back with its
/// open connections, so a sync's thousands of PUTs reuse a few connections.
final class HTTPTransport: Sendable {
  private let maximumBodySize: Int
  private let timeout: Double
  private let trust: TLSTrust
  private let idleLimit: Int
  /// Handles not in use, with their connections.
  private let idle = Mutex<[CurlEasyHandle]>([])

  init(timeout: Double, maximumBodySize: Int, connections: Int, trust: TLSTrust = TLSTrust()) {
    self.maximumBodySize = maximumBodySize
    self.timeout = timeout
    self.trust = trust
    idleLimit = max(connections, 1)
  }

  /// Sends `request` and waits for the whole answer, at most the timeout and never past `end`.
  func perform(_ request: HTTPRequest, end: DispatchTime) -> Result<HTTPResponse, TransportFailure>
  {
    let now = DispatchTime.now()
    guard now < end else { return .failure(.outOfTime) }
    let left = end.uptimeNanoseconds - now.uptimeNanoseconds
    let allowed = timeout * 1e9 >= Double(UInt64.max) ? UInt64.max : UInt64(max(timeout, 0) * 1e9)
    let limitedByRun = left < allowed
    let milliseconds = Int(min(min(left, allowed) / 1_000_000 + 1, UInt64(Int.max)))
    guard let handle = takeHandle() else {
      return .failure(.failed("libcurl could not start a transfer"))
    }
    let outcome = handle.perform(
      request, milliseconds: milliseconds, maximumBodySize: maximumBodySize, trust: trust)
    giveBack(handle)
    if outcome.tooLarge { return .failure(.tooLarge) }
    switch outcome.code {
    case CURLE_OK:
      return .success(
        HTTPResponse(status: outcome.status, headers: outcome.headers, body: outcome.body))
    case CURLE_FILESIZE_EXCEEDED:
      return .failure(.tooLarge)
    case CURLE_OPERATION_TIMEDOUT:
      return .failure(limitedByRun ? .outOfTime : .timedOut)
    case CURLE_PEER_FAILED_VERIFICATION:
      // "SSL certificate problem: self-signed certificate", "SSL: no alternative certificate
      // subject name matches target host name '…'"
      var reason = outcome.message
      for prefix in ["SSL certificate problem: ", "SSL: "] where reason.hasPrefix(prefix) {
        reason.removeFirst(prefix.count)
      }
      return .failure(.untrusted(reason))
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
      return .failure(.untrusted(DAVClient.pinnedKeyDiffers))
    case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .failure(.cannotConnect(outcome.message))
    case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE,
      CURLE_HTTP2, CURLE_HTTP2_STREAM:
      return .failure(.interrupted(outcome.message))
    default:
      return .failure(.failed(outcome.message))
    }
  }

  private func takeHandle() -> CurlEasyHandle? {
    if let handle = idle.withLock({ handles -> CurlEasyHandle? in handles.popLast() }) {
      return handle
    }
    return CurlEasyHandle()
  }

  /// Keeps `handle` for the next exchange, up to one per connection allowed; more are closed.
  private func giveBack(_ handle: CurlEasyHandle) {
    idle.withLock { handles in
      if handles.count < idleLimit { handles.append(handle) }
    }
  }
}
