import BDConvertCLI
import BirthdayDAV
import Foundation

/// Where the server commands find a password: the command line's policy, so it lives here and
/// BirthdayDAV takes the ``DAVCredentials`` it gives.
enum CredentialLookup {
  /// The credentials for `host` the way the command line documents it: the user from
  /// `user` (or the `.netrc` entry), the password from `passwordFile`, else from
  /// `BDCONVERT_PASSWORD`, else from `$HOME/.netrc`.
  /// A password file or `.netrc` that other users can read is used, with a warning to `warn`
  /// (as ssh and ftp say it of keys and `.netrc`): refusing it would break a working cron job.
  /// - Returns: `nil` when there is no password anywhere (the server may not need one).
  /// - Throws: a ``ServerFailure`` of kind `credentials` when the password file cannot be read
  ///   or a password has no user.
  static func resolve(
    user: String?, passwordFile: String?, environment: [String: String], host: String,
    warn: (String) -> Void = { _ in }
  ) throws(ServerFailure) -> DAVCredentials? {
    if let passwordFile {
      guard let data = FileManager.default.contents(atPath: passwordFile) else {
        throw ServerFailure(.credentials, "cannot read the password file '\(passwordFile)'")
      }
      if let exposure = exposure(passwordFile) {
        warn("the password file '\(passwordFile)' \(exposure)")
      }
      var text = String(decoding: data, as: UTF8.self)
      if let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
        text = String(text[..<end])
      }
      guard let user else {
        throw ServerFailure(.credentials, "--password-file needs --user NAME")
      }
      return DAVCredentials(
        user: user, password: text, source: "password from --password-file '\(passwordFile)'")
    }
    if let password = environment["BDCONVERT_PASSWORD"] {
      guard let user else {
        throw ServerFailure(.credentials, "BDCONVERT_PASSWORD is set but --user NAME is not")
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
