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
  /// A password file or `.netrc` that other users can read is used, with a warning to `warn`
  /// (as ssh and ftp say it of keys and `.netrc`): refusing it would break a working cron job.
  /// - Returns: `nil` when there is no password anywhere (the server may not need one).
  /// - Throws: ``CredentialError`` when the password file cannot be read or a password has no
  ///   user.
  public static func resolve(
    user: String?, passwordFile: String?, environment: [String: String], host: String,
    warn: (String) -> Void = { _ in }
  ) throws(CredentialError) -> DAVCredentials? {
    if let passwordFile {
      guard let data = FileManager.default.contents(atPath: passwordFile) else {
        throw CredentialError(message: "cannot read the password file '\(passwordFile)'")
      }
      if let exposure = exposure(passwordFile) {
        warn("the password file '\(passwordFile)' \(exposure)")
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
      if let exposure = exposure(home + "/.netrc") { warn("\(home)/.netrc \(exposure)") }
      return DAVCredentials(
        user: entry.login, password: entry.password, source: "password from ~/.netrc (\(host))")
    }
    return nil
  }
}

extension DAVCredentials {
  /// `can be read by other users (mode 0644); chmod 600 FILE`, or `nil` when only its owner
  /// can read `path`.
  static func exposure(_ path: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o044 != 0
    else { return nil }
    let octal = String(mode & 0o7777, radix: 8)
    return
      "can be read by other users (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)); "
      + "chmod 600 '\(path)'"
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
    let words = Self.tokens(text)
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

  /// The words of a `.netrc`, split at white space; a word in double quotes may hold white
  /// space and the escapes `\"`, `\\`, `\n`, `\r`, `\t` (curl's syntax, `password "a b\"c"`).
  static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var characters = text.makeIterator()
    var pending = characters.next()
    while let first = pending {
      if first.isWhitespace {
        pending = characters.next()
        continue
      }
      var token = ""
      if first == "\"" {
        while let character = characters.next(), character != "\"" {
          guard character == "\\", let escaped = characters.next() else {
            token.append(character)
            continue
          }
          switch escaped {
          case "n": token.append("\n")
          case "r": token.append("\r")
          case "t": token.append("\t")
          default: token.append(escaped)
          }
        }
        pending = characters.next()
      } else {
        token.append(first)
        pending = characters.next()
        while let character = pending, !character.isWhitespace {
          token.append(character)
          pending = characters.next()
        }
      }
      tokens.append(token)
    }
    return tokens
  }

  /// The entry for `host` (and `login` when given), else the `default` entry.
  func entry(host: String, login: String?) -> Entry? {
    let fits = { (entry: Entry) in login == nil || entry.login == login }
    return entries.first { $0.machine?.lowercased() == host.lowercased() && fits($0) }
      ?? entries.first { $0.machine == nil && fits($0) }
  }
}
