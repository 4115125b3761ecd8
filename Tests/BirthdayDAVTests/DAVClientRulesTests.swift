import Foundation
import Testing

@testable import BirthdayDAV

@Suite struct DAVClientRulesTests {
  @Test(arguments: [
    ("http://127.0.0.1:8080/cal/", true), ("http://127.1.2.3/", true), ("http://localhost/", true),
    ("http://[::1]:5232/", true), ("https://dav.example.com/", true),
    ("http://dav.example.com/", false), ("http://127.0.0.1.example.com/", false),
    ("ftp://127.0.0.1/", false), ("http://10.0.0.1/", false),
  ])
  func plainHTTPOnlyToLoopback(_ text: String, _ allowed: Bool) {
    let url = URL(string: text)!
    if allowed {
      #expect(throws: Never.self) { try DAVClient.checkURL(url) }
    } else {
      #expect(throws: DAVError.self) { try DAVClient.checkURL(url) }
    }
  }

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

  @Test func thePasswordFileWinsAndThePasswordIsNeverDescribed() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-pw-\(UUID().uuidString)")
    try Data("s3cret\nsecond line\n".utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let credentials = try DAVCredentials.resolve(
      user: "alice", passwordFile: path.path, environment: ["BDCONVERT_PASSWORD": "other"],
      host: "h")
    #expect(credentials?.password == "s3cret")
    #expect(credentials.map { "\($0)" }?.contains("s3cret") == false)
    #expect(throws: CredentialError.self) {
      try DAVCredentials.resolve(
        user: nil, passwordFile: nil, environment: ["BDCONVERT_PASSWORD": "x"], host: "h")
    }
    #expect(
      try DAVCredentials.resolve(user: "a", passwordFile: nil, environment: [:], host: "h") == nil)
  }

  @Test func xmlTextIsEscaped() {
    #expect(DAVRequestBody.escaped("a<b>&\"'\u{1}") == "a&lt;b&gt;&amp;&quot;&apos;\u{FFFD}")
    let body = String(decoding: DAVRequestBody.eventsWithUID("x</c:text-match>"), as: UTF8.self)
    #expect(body.contains("x&lt;/c:text-match&gt;</c:text-match>"))
  }
}
