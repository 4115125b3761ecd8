import BirthdayKit
import Foundation

/// The CalDAV/CardDAV client behind the commands that talk to a server.
///
/// `bdconvert` is built without one, so that it loads no network or XML library at start (they
/// cost more than the conversion of a small file): it hands an invocation that names a server to
/// its sibling `bdconvert-dav` (``ServerSibling``), which passes BDConvertServerCLI's backend to
/// ``CommandLineTool/main(_:environment:server:)``.
public protocol ServerBackend: Sendable {
  /// Why `url` may not be used (plain HTTP to another host than a loopback address, or with
  /// `allowingPrivateHTTP` than a private network's; not http(s)), or `nil` when it may.
  func refusal(of url: URL, allowingPrivateHTTP: Bool) -> String?

  /// A client for the server of `login.url`, with the credentials found for its host. Nothing is
  /// sent yet.
  /// - Throws: ``ServerFailure`` of kind ``ServerFailure/Kind/credentials`` when the password
  ///   cannot be read.
  func connect(_ login: ServerLogin) throws(ServerFailure) -> any ServerConnection
}

/// What ``ServerBackend/connect(_:)`` needs: the URL, where the credentials come from, and how
/// long to wait.
public struct ServerLogin: Sendable {
  /// The URL given, without user info (its host chooses the `~/.netrc` entry; requests go only
  /// to its origin, and to what discovery admits from it).
  public var url: URL
  /// `--user`, or the user named in the URL (`http://alice@host/`).
  public var user: String?
  /// `--password-file`.
  public var passwordFile: String?
  /// The process environment (`BDCONVERT_PASSWORD`, `HOME`).
  public var environment: [String: String]
  /// Seconds for one exchange, the whole answer included, before it counts as timed out.
  public var timeout: Double
  /// Seconds the run may talk to servers in all (`--max-time`).
  package var maximumTime: Double
  /// Seconds the run may wait before retries in all (`--max-wait`).
  package var maximumWait: Double
  /// The `User-Agent` header.
  public var userAgent: String
  /// `--ca-file`: certificates (PEM) trusted besides the system's.
  public var caFile: String? = nil
  /// `--pin-sha256`: the base64 SHA-256 of the only public key accepted.
  public var pinnedKey: String? = nil
  /// Whether plain HTTP may go to a private network's address (`--allow-http`).
  public var allowsPrivateHTTP = false
  /// Called before each wait for a retry, with the URL, the reason and the delay in seconds.
  public var onRetry: @Sendable (String, String, Double) -> Void
  /// Called with a warning: an href of the server's answers that is not used, a password file
  /// others can read.
  package var onWarning: @Sendable (String) -> Void = { _ in }
}
