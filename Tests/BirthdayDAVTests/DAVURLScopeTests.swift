import Foundation
import Testing

@testable import BirthdayDAV

/// The normaliser and the containment rule of issue 31: only a direct member of the collection,
/// on its origin, is ever requested.
@Suite struct DAVURLScopeTests {
  static let collection = URL(string: "http://127.0.0.1:5232/cal/")!

  static func member(_ href: String, base: URL = collection) -> Result<URL, DAVURLScope.Refusal> {
    DAVURLScope(collection: collection)!.member(href, base: base)
  }

  @Test(arguments: [
    ("/cal/a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("./a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("http://127.0.0.1:5232/cal/a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("HTTP://127.0.0.1:5232/cal/a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("//127.0.0.1:5232/cal/a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("http://127.0.0.1.:5232/cal/a.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("/cal/%61.ics", "http://127.0.0.1:5232/cal/a.ics"),
    ("/c%61l/b.ics", "http://127.0.0.1:5232/cal/b.ics"),
    ("/cal/%7euser.ics", "http://127.0.0.1:5232/cal/~user.ics"),
    ("/cal/jane%20doe.ics", "http://127.0.0.1:5232/cal/jane%20doe.ics"),
    ("/cal/jane doe.ics", "http://127.0.0.1:5232/cal/jane%20doe.ics"),
    ("/cal/a%2bb.ics", "http://127.0.0.1:5232/cal/a%2Bb.ics"),
    ("/cal/é.ics", "http://127.0.0.1:5232/cal/%C3%A9.ics"),
    ("/cal//b.ics", "http://127.0.0.1:5232/cal/b.ics"),
    ("/cal/x/../c.ics", "http://127.0.0.1:5232/cal/c.ics"),
    ("/other/../cal/c.ics", "http://127.0.0.1:5232/cal/c.ics"),
    ("/cal/a.ics#part", "http://127.0.0.1:5232/cal/a.ics"),
  ])
  func membersAreNormalised(_ href: String, _ expected: String) throws {
    let url = try Self.member(href).get()
    #expect(url.absoluteString == expected)
    #expect(url.host == "127.0.0.1" && url.port == 5232)
  }

  @Test(arguments: [
    ("/other/a.ics", DAVURLScope.Refusal.outside),
    ("/cal/../secret/b.ics", .outside),
    ("/cal/%2E%2E/secret/b.ics", .outside),
    ("/cal/%2e%2e", .outside),
    ("../x.ics", .outside),
    ("/cal/sub/a.ics", .outside),
    ("/cal/sub/", .outside),
    ("/", .outside),
    ("http://127.0.0.1:5233/cal/c.ics", .otherOrigin("http://127.0.0.1:5233")),
    ("//127.0.0.1:5233/cal/c.ics", .otherOrigin("http://127.0.0.1:5233")),
    ("https://127.0.0.1:5232/cal/c.ics", .otherOrigin("https://127.0.0.1:5232")),
    ("http://localhost:5232/cal/c.ics", .otherOrigin("http://localhost:5232")),
    ("http://[::1]:5232/cal/c.ics", .otherOrigin("http://[::1]:5232")),
    ("http://127.0.0.1/cal/c.ics", .otherOrigin("http://127.0.0.1")),
    ("/cal/", .collectionItself),
    ("/cal", .collectionItself),
    ("/cal/./", .collectionItself),
    ("/cal//", .collectionItself),
    ("/cal/x/../", .collectionItself),
    ("/cal/%2e/", .collectionItself),
    ("/CAL/../cal/.", .collectionItself),
    ("", .collectionItself),
    (".", .collectionItself),
    ("/cal/a.ics?x=1", .query),
    ("http://u:p@127.0.0.1:5232/cal/a.ics", .userInfo),
    ("http://127.0.0.1:5232@127.0.0.2:5232/cal/a.ics", .userInfo),
    ("/cal/..%2Fsecret%2Fe.ics", .badName),
    ("/cal/a%2fb.ics", .badName),
    ("/cal/a%5Cb.ics", .badName),
    ("/cal/a\\b.ics", .badName),
    ("/cal/a%00.ics", .badName),
    ("/cal/a\n.ics", .badName),
    ("/cal/a%zz.ics", .notAURL),
    ("/cal/a%4", .notAURL),
    ("javascript:alert(1)", .notAURL),
    ("file:///etc/passwd", .notAURL),
    ("http:/cal/a.ics", .notAURL),
    ("http://127.0.0.1:99999/cal/a.ics", .notAURL),
    ("http://127.0.0.1:0/cal/a.ics", .notAURL),
    ("http://exa%6Dple.com/cal/a.ics", .notAURL),
    ("http://ex ample.com/cal/a.ics", .notAURL),
    ("http://127..1:5232/cal/a.ics", .notAURL),
  ])
  func otherHrefsAreRefused(_ href: String, _ refusal: DAVURLScope.Refusal) {
    #expect(Self.member(href) == .failure(refusal), "\(href)")
  }

  @Test func relativeHrefsResolveAgainstTheRequestURL() throws {
    let base = URL(string: "http://127.0.0.1:5232/cal/old.ics")!
    #expect(try Self.member("new.ics", base: base).get().absoluteString.hasSuffix("/cal/new.ics"))
    let deeper = URL(string: "http://127.0.0.1:5232/cal/sub/")!
    #expect(try Self.member("../a.ics", base: deeper).get().path == "/cal/a.ics")
    #expect(Self.member("a.ics", base: deeper) == .failure(.outside))
  }

  @Test func defaultPortsAndCaseAreOneOrigin() throws {
    let scope = try #require(
      DAVURLScope(collection: URL(string: "HTTPS://Dav.Example.com:443/Cal")!))
    #expect(scope.text == "https://dav.example.com/Cal/")
    let member = try scope.member(
      "https://DAV.example.COM/Cal/x.ics", base: URL(string: scope.text)!
    ).get()
    #expect(member.absoluteString == "https://dav.example.com/Cal/x.ics")
    // Paths keep their case.
    #expect(scope.member("/cal/x.ics", base: URL(string: scope.text)!) == .failure(.outside))
  }

  @Test func collectionsInAHomeMayEndInASlash() throws {
    let home = URL(string: "https://dav.example.com/home/")!
    let scope = try #require(DAVURLScope(collection: home))
    #expect(
      try scope.member("/home/birthdays/", base: home, allowsCollection: true).get()
        .absoluteString == "https://dav.example.com/home/birthdays/")
    #expect(scope.member("/home/birthdays/", base: home) == .failure(.outside))
  }

  @Test func encodedPathsComeBackAsTheSameMember() throws {
    for href in ["/cal/jane%20doe.ics", "/cal/%C3%A9.ics", "/cal/a%25b.ics", "/cal/a%2Bb.ics"] {
      let url = try Self.member(href).get()
      #expect(try Self.member(url.path(percentEncoded: true)).get() == url, "\(href)")
    }
  }

  @Test(arguments: [
    ("caldav.icloud.com", "p42-caldav.icloud.com", true),
    ("icloud.com", "p42-caldav.icloud.com", true),
    ("dav.example.co.uk", "x.example.co.uk", true),
    ("a.co.uk", "b.co.uk", false),
    ("co.uk", "x.co.uk", false),
    ("dav.example.com", "dav.example.org", false),
    ("evil-icloud.com", "caldav.icloud.com", false),
    ("caldav.icloud.com.evil.net", "caldav.icloud.com", false),
    ("127.0.0.1", "127.0.0.2", false),
    ("10.0.0.1", "10.0.0.1", false),
    ("localhost", "localhost", false),
    ("[::1]", "[::1]", false),
  ])
  func registrableDomainsWithoutTheSuffixList(_ a: String, _ b: String, _ same: Bool) {
    #expect(DAVURLScope.sameRegistrableDomain(a, b) == same)
  }

  @Test func printedURLsNeverCarryUserInfo() {
    #expect(DAVURLScope.printable("http://me:S3cr3t@h:1/x@y") == "http://h:1/x@y")
    #expect(DAVURLScope.printable("/cal/\u{1B}[31ma.ics") == "/cal/\\u{1b}[31ma.ics")
    #expect(DAVURLScope.printable(String(repeating: "a", count: 400)).count == 301)
  }

  @Test func theClientAdmitsOnlyTheOriginAndHostsOfItsDomainOverHTTPS() {
    let client = DAVClient(credentials: nil, origin: URL(string: "https://caldav.icloud.com/")!)
    let start = URL(string: "https://caldav.icloud.com/123/principal/")!
    #expect(client.admits(start))
    #expect(!client.admits(URL(string: "https://p42-caldav.icloud.com/")!))
    #expect(!client.admit(URL(string: "http://p42-caldav.icloud.com/")!, namedBy: start))
    #expect(!client.admit(URL(string: "https://evil.example/")!, namedBy: start))
    #expect(
      !client.admit(
        URL(string: "https://p1.icloud.com/")!, namedBy: URL(string: "https://x.icloud.com/")!))
    #expect(
      client.admit(URL(string: "https://p42-caldav.icloud.com/123/calendars/")!, namedBy: start))
    #expect(client.admits(URL(string: "https://p42-caldav.icloud.com:443/other")!))
    #expect(!client.admits(URL(string: "https://p42-caldav.icloud.com:8443/")!))
  }

  @Test func aURLWithUserInfoIsNeverSent() {
    for text in ["http://me@127.0.0.1:9/cal/", "http://me:S3cr3t@127.0.0.1:9/cal/"] {
      #expect(throws: DAVError.self) { try DAVClient.checkURL(URL(string: text)!) }
      do {
        try DAVClient.checkURL(URL(string: text)!)
      } catch {
        #expect(!error.description.contains("S3cr3t") && !error.description.contains("me@"))
      }
    }
  }

  @Test func requestsToAnotherOriginAreRefusedBeforeSending() {
    let client = DAVClient(credentials: nil, origin: URL(string: "http://127.0.0.1:9/")!)
    #expect(throws: DAVError.self) {
      try client.send("PROPFIND", URL(string: "http://127.0.0.1:10/cal/")!)
    }
    #expect(client.requestTotal == 0)
  }
}
