/// Why a request to a CalDAV or CardDAV server failed.
///
/// Messages name the URL and the server's status, never a credential. What the user can do about
/// it is a ``DAVHint``, for the program that knows the user's words (its options, its commands):
/// BirthdayDAV names none.
public enum DAVError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server cannot be reached (no such host, connection refused).
  case unreachable(url: String, reason: String)
  /// The server refused the credentials (401/403). `source` says where they came from, or that
  /// there were none (then the hint is ``DAVHint/giveCredentials``).
  case unauthorized(url: String, status: Int, source: String, hint: DAVHint? = nil)
  /// Still failing after the retries (timeouts, dropped connections, 5xx, 429).
  case gaveUp(url: String, reason: String, attempts: Int)
  /// The run's time or its waiting for the server is spent (``RunBudget``).
  case stopped(url: String, reason: String)
  /// The server's certificate was refused.
  case untrusted(url: String, reason: String, hint: DAVHint? = nil)
  /// Any other unexpected status.
  case status(url: String, method: String, status: Int)
  /// A redirect that is not followed (`location` printable: user info left out).
  case redirected(url: String, method: String, status: Int, location: String, reason: String)
  /// An answer that cannot be used: malformed XML, too large, no calendar data.
  case malformedResponse(url: String, reason: String)
  /// A URL that is refused before any connection: plain HTTP to another host, not http(s).
  case refusedURL(url: String, reason: String, hint: DAVHint? = nil)
  /// The URL is not a calendar collection and none could be chosen from it.
  case notACalendar(url: String, reason: String, hint: DAVHint? = nil)

  /// What the user can do about the failure, when there is something to say.
  public var hint: DAVHint? {
    switch self {
    case .unauthorized(_, _, _, let hint), .untrusted(_, _, let hint), .refusedURL(_, _, let hint),
      .notACalendar(_, _, let hint):
      hint
    case .unreachable, .gaveUp, .stopped, .status, .redirected, .malformedResponse: nil
    }
  }

  public var description: String {
    switch self {
    case .unreachable(let url, let reason): "cannot reach \(url): \(reason)"
    case .unauthorized(let url, let status, let source, _):
      "\(url): the server refused the credentials (HTTP \(status)); \(source)"
    case .gaveUp(let url, let reason, let attempts):
      "\(url): \(reason), still failing after \(attempts) attempts"
    case .stopped(let url, let reason): "\(url): \(reason)"
    case .untrusted(let url, let reason, _):
      "\(url): the server's certificate is not trusted: \(reason)"
    case .status(let url, let method, let status):
      "\(method) \(url): HTTP \(status) \(HTTPStatusText.reason(status))"
    case .redirected(let url, let method, let status, let location, let reason):
      "\(method) \(url): HTTP \(status) redirects to \(location), not followed: \(reason)"
    case .malformedResponse(let url, let reason):
      "\(url): unusable answer from the server: \(reason)"
    case .refusedURL(let url, let reason, _): "refusing \(url): \(reason)"
    case .notACalendar(let url, let reason, _): "\(url): \(reason)"
    }
  }
}

/// Short reason phrases for the statuses a DAV client meets.
enum HTTPStatusText {
  static func reason(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 412: "Precondition Failed"
    case 413: "Payload Too Large"
    case 415: "Unsupported Media Type"
    case 423: "Locked"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 507: "Insufficient Storage"
    default: ""
    }
  }
}
