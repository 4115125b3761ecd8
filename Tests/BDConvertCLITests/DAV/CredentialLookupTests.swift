import BDConvertCLI
import Foundation
import Testing

@testable import BDConvertServerCLI
@testable import BirthdayDAV

/// Where the server commands find a password (the command line's order: --password-file, then
/// BDCONVERT_PASSWORD, then ~/.netrc), handed to BirthdayDAV as a value.
@Suite struct CredentialLookupTests {
  @Test func netrcEntriesByHostAndLogin() {
    let netrc = Netrc(
      """
      machine dav.example.com login alice password one
      machine dav.example.com
        login bob
        password two
      default login anon password three
      """)
    #expect(netrc.entry(host: "DAV.example.com", login: nil)?.password == "one")
    #expect(netrc.entry(host: "dav.example.com", login: "bob")?.password == "two")
    #expect(netrc.entry(host: "other.example.com", login: nil)?.login == "anon")
    #expect(netrc.entry(host: "other.example.com", login: "carol") == nil)
  }

  @Test func netrcReadsCurlsQuotedWords() {
    let netrc = Netrc(
      #"""
      machine a.example login "me too" password "a b\"c\\d\te"
      machine b.example login plain password "#not a comment"
      """#)
    #expect(netrc.entry(host: "a.example", login: nil)?.login == "me too")
    #expect(netrc.entry(host: "a.example", login: nil)?.password == "a b\"c\\d\te")
    #expect(netrc.entry(host: "b.example", login: nil)?.password == "#not a comment")
  }

  @Test func aPasswordFileOthersCanReadIsUsedWithAWarning() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-pw-\(UUID().uuidString)")
    try Data("s3cret\n".utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    for (mode, warned) in [(0o644, true), (0o640, true), (0o604, true), (0o600, false)] {
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path.path)
      var warnings: [String] = []
      let credentials = try CredentialLookup.resolve(
        user: "alice", passwordFile: path.path, environment: [:], host: "h",
        warn: { warnings.append($0) })
      #expect(credentials?.password == "s3cret")
      #expect(warnings.count == (warned ? 1 : 0), "\(String(mode, radix: 8))")
      #expect(warnings.allSatisfy { !$0.contains("s3cret") && $0.contains("chmod 600") })
    }
  }

  @Test func thePasswordFileWinsAndThePasswordIsNeverDescribed() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-pw-\(UUID().uuidString)")
    try Data("s3cret\nsecond line\n".utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let credentials = try CredentialLookup.resolve(
      user: "alice", passwordFile: path.path, environment: ["BDCONVERT_PASSWORD": "other"],
      host: "h")
    #expect(credentials?.password == "s3cret")
    #expect(credentials.map { "\($0)" }?.contains("s3cret") == false)
    #expect(throws: ServerFailure.self) {
      try CredentialLookup.resolve(
        user: nil, passwordFile: nil, environment: ["BDCONVERT_PASSWORD": "x"], host: "h")
    }
    #expect(
      try CredentialLookup.resolve(user: "a", passwordFile: nil, environment: [:], host: "h") == nil
    )
  }
}

/// BirthdayDAV reports a failure with a hint; the command line says the hint in its options, and
/// the messages are the ones users saw when BirthdayDAV named the options itself.
@Suite struct DAVErrorWordsTests {
  @Test func eachHintIsSaidInTheCommandLinesWords() {
    let url = "https://dav.example.com/cal/"
    let cases: [(DAVError, String)] = [
      (
        .untrusted(url: url, reason: "self-signed certificate", hint: .trustTheCertificate),
        "\(url): the server's certificate is not trusted: self-signed certificate; use "
          + "--ca-file FILE or --pin-sha256 HASH"
      ),
      (
        .untrusted(url: url, reason: DAVClient.pinnedKeyDiffers, hint: .pinnedKeyDiffers),
        "\(url): the server's certificate is not trusted: its public key does not match "
          + "--pin-sha256"
      ),
      (
        .notACalendar(url: url, reason: "no such collection (HTTP 404)", hint: .createTheCalendar),
        "\(url): no such collection (HTTP 404); 'sync --create' makes the calendar"
      ),
      (
        .notACalendar(url: url, reason: "several calendars, none chosen", hint: .chooseACalendar),
        "\(url): several calendars, none chosen; give the collection URL, --calendar-name NAME, "
          + "or --create"
      ),
      (
        .notACalendar(url: url, reason: "no address book", hint: .chooseAnAddressBook),
        "\(url): no address book; give the address book's URL, or --address-book NAME"
      ),
      (
        .unauthorized(
          url: url, status: 401, source: "no credentials were given", hint: .giveCredentials),
        "\(url): the server refused the credentials (HTTP 401); no credentials were given "
          + "(--user with BDCONVERT_PASSWORD, --password-file or ~/.netrc)"
      ),
      (
        .unreachable(url: url, reason: "Connection refused"),
        "cannot reach \(url): Connection refused"
      ),
    ]
    for (error, words) in cases {
      #expect(error.commandLineText == words)
      #expect(!error.description.contains("--"), "\(error.description)")
    }
  }

  @Test func plainHTTPRefusalsAreSaidAsBefore() throws {
    let privateURL = try #require(URL(string: "http://192.168.1.10:5232/cal/"))
    #expect(
      DAVServerBackend().refusal(of: privateURL, allowingPrivateHTTP: false)
        == "refusing http://192.168.1.10:5232/cal/: plain HTTP is allowed only to a loopback "
        + "address; use https://, or --allow-http for this address of a private network (the "
        + "password and the data then travel in clear on it)")
    let publicURL = try #require(URL(string: "http://dav.example.com/cal/"))
    #expect(
      DAVServerBackend().refusal(of: publicURL, allowingPrivateHTTP: true)
        == "refusing http://dav.example.com/cal/: --allow-http allows plain HTTP only to a "
        + "private network (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10, "
        + "names ending .local or .home.arpa), and 'dav.example.com' is not one; use https://")
    #expect(
      DAVServerBackend().refusal(of: publicURL, allowingPrivateHTTP: false)
        == "refusing http://dav.example.com/cal/: plain HTTP is allowed only to a loopback "
        + "address; use https://")
  }
}
