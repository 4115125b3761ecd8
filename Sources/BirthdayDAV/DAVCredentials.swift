import Foundation

/// A user name and password for HTTP Basic authentication, and where the password came from.
///
/// The caller finds them (the command line: its options, the environment, `~/.netrc`) and says
/// where from in ``source``; BirthdayDAV only sends them.
///
/// Never printed: ``description`` names the source only, so that a message can say which
/// credential was refused without showing it.
public struct DAVCredentials: Sendable, CustomStringConvertible {
  /// The user name.
  public var user: String
  /// The password.
  var password: String
  /// Where the password came from: `password from BDCONVERT_PASSWORD`.
  public var source: String

  /// Creates credentials.
  public init(user: String, password: String, source: String) {
    self.user = user
    self.password = password
    self.source = source
  }

  public var description: String { "user '\(user)', \(source)" }

  /// The `Authorization` header value.
  var basicAuthorization: String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }
}
