import Foundation

/// A user name and password for HTTP Basic authentication, and where the password came from.
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

  /// Finds the credentials for `host` the way the command line documents it: the user from
  /// `user` (or the `.netrc` entry), the password from `passwordFile`, else from
  /// `BDCONVERT_PASSWORD`, else from `$HOME/.netrc`.
  /// - Returns: `nil` when there is no password anywhere (the server may not need one).
  /// - Throws: ``CredentialError`` when the password file cannot be read or a password has no
  ///   user.
  public static func resolve(
    user: String?, passwordFile: String?, environment: [String: String], host: String
  ) throws(CredentialError) -> DAVCredentials? {
    if let passwordFile {
      guard let data = FileManager.default.contents(atPath: passwordFile) else {
        throw CredentialError(message: "cannot read the password file '\(passwordFile)'")
      }
      var text = String(decoding: data, as: UTF8.self)
      if let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
        text = String(text[..<end])
      }
      guard let user else {
        throw CredentialError(message: "--password-file needs --user NAME")
      }
      return DAVCredentials(
        user: user, password: text, source: "password from --password-file '\(passwordFile)'")
    }
    if let password = environment["BDCONVERT_PASSWORD"] {
      guard let user else {
        throw CredentialError(message: "BDCONVERT_PASSWORD is set but --user NAME is not")
      }
      return DAVCredentials(
        user: user, password: password, source: "password from BDCONVERT_PASSWORD")
    }
    if let home = environment["HOME"],
      let data = FileManager.default.contents(atPath: home + "/.netrc"),
      let entry = Netrc(String(decoding: data, as: UTF8.self)).entry(host: host, login: user)
    {
      return DAVCredentials(
        user: entry.login, password: entry.password, source: "password from ~/.netrc (\(host))")
    }
    return nil
  }
}

/// Credentials that cannot be assembled (exit 64 or 66 in the CLI, before any request).
public struct CredentialError: Error, Sendable, Equatable {
  /// What is wrong, never containing the password.
  public var message: String
}

/// The entries of a `.netrc` file (`machine HOST login NAME password SECRET`, `default ...`).
struct Netrc {
  struct Entry {
    var machine: String?
    var login = ""
    var password = ""
  }
  private(set) var entries: [Entry] = []

  init(_ text: String) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .map(String.init)
    var index = 0
    var current: Entry?
    func value() -> String {
      index += 1
      return index < words.count ? words[index] : ""
    }
    while index < words.count {
      switch words[index] {
      case "machine":
        if let current { entries.append(current) }
        current = Entry(machine: value())
      case "default":
        if let current { entries.append(current) }
        current = Entry(machine: nil)
      case "login": current?.login = value()
      case "password": current?.password = value()
      case "account", "port": _ = value()
      case "macdef":  // a macro runs to the next blank line; no credential inside
        if let current { entries.append(current) }
        current = nil
      default: break
      }
      index += 1
    }
    if let current { entries.append(current) }
  }

  /// The entry for `host` (and `login` when given), else the `default` entry.
  func entry(host: String, login: String?) -> Entry? {
    let fits = { (entry: Entry) in login == nil || entry.login == login }
    return entries.first { $0.machine?.lowercased() == host.lowercased() && fits($0) }
      ?? entries.first { $0.machine == nil && fits($0) }
  }
}
