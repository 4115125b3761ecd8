/// Why a request to a server failed, as the commands report it (the message names the URL and
/// the server's status, never a credential).
public struct ServerFailure: Error, Sendable {
  /// The kind of failure, which chooses the exit status.
  public enum Kind: Sendable {
    /// The server cannot be reached: 69.
    case unreachable
    /// The server refused the credentials: 77.
    case unauthorized
    /// Still failing after the retries: 75.
    case gaveUp
    /// Another unexpected HTTP status: 69.
    case status
    /// An answer that cannot be used: 65.
    case malformedResponse
    /// A URL refused before any connection: 64.
    case refusedURL
    /// Not a calendar collection, and none could be chosen: 66.
    case notACalendar
    /// The credentials cannot be read (`--password-file`, `~/.netrc`): 64.
    case credentials
  }

  /// The kind of failure.
  public var kind: Kind
  /// The message for the user.
  public var message: String

  /// Creates a failure.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}
