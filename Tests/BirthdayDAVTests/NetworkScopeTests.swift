import Foundation
import Testing

@testable import BirthdayDAV

/// Which hosts `--allow-http` lets plain HTTP go to (issue 34 item 2): a table of names and
/// addresses, judged as written (nothing is resolved or sent).
@Suite struct NetworkScopeTests {
  @Test(arguments: [
    ("localhost", NetworkScope.loopback), ("127.0.0.1", .loopback), ("127.200.3.4", .loopback),
    ("::1", .loopback), ("[::1]", .loopback), ("LOCALHOST", .loopback),
    ("10.0.0.1", .privateNetwork), ("10.255.255.255", .privateNetwork),
    ("172.16.0.1", .privateNetwork), ("172.31.255.254", .privateNetwork),
    ("192.168.1.10", .privateNetwork), ("169.254.10.20", .privateNetwork),
    ("fd12:3456:789a::1", .privateNetwork), ("[fc00::5]", .privateNetwork),
    ("fe80::1", .privateNetwork), ("fe80::1%eth0", .privateNetwork),
    ("febf::1", .privateNetwork), ("::ffff:192.168.0.2", .privateNetwork),
    ("raspberrypi.local", .privateNetwork), ("NAS.Local", .privateNetwork),
    ("dav.home.arpa", .privateNetwork), ("dav.home.arpa.", .privateNetwork),
    ("172.15.0.1", .other), ("172.32.0.1", .other), ("192.169.1.1", .other),
    ("11.0.0.1", .other), ("100.64.0.1", .other), ("8.8.8.8", .other), ("169.255.0.1", .other),
    ("2001:db8::1", .other), ("fec0::1", .other), ("::ffff:8.8.8.8", .other),
    ("dav.example.com", .other), ("raspberrypi", .other), ("nas.lan", .other),
    ("local", .other), ("evil-local", .other), ("home.arpa.example.com", .other),
    ("192.168.1.10.example.com", .other), ("10.0.0.1.nip.io", .other), ("0x0a.0.0.1", .other),
    ("010.0.0.1", .other), ("10.0.1", .other), ("127.0.0.1.example.com", .other),
  ])
  func hostsAreJudgedByNameOrAddress(_ host: String, _ scope: NetworkScope) {
    #expect(NetworkScope(host: host) == scope, "\(host)")
  }

  @Test(arguments: [
    ("http://192.168.1.10:5232/cal/", false, true), ("http://[fd00::2]:5232/", false, true),
    ("http://nas.local/dav/", false, true), ("http://dav.example.com/", false, false),
    ("http://8.8.8.8/", false, false), ("http://127.0.0.1/", true, true),
    ("https://dav.example.com/", true, true),
  ])
  func plainHTTPToAPrivateNetworkOnlyWhenAllowed(
    _ text: String, _ allowedWithout: Bool, _ allowedWith: Bool
  ) throws {
    let url = try #require(URL(string: text))
    #expect(((try? DAVClient.checkURL(url)) != nil) == allowedWithout, "\(text)")
    #expect(
      ((try? DAVClient.checkURL(url, allowingPrivateHTTP: true)) != nil) == allowedWith, "\(text)")
  }

  /// The refusals name the rule, and say by a hint what may be done about it: the command line
  /// words the hint in its options, BirthdayDAV names none.
  @Test func theRefusalsNameTheRuleAndHintAtTheRemedy() throws {
    let privateURL = try #require(URL(string: "http://192.168.1.10:5232/cal/"))
    #expect {
      try DAVClient.checkURL(privateURL)
    } throws: { error in
      let error = try #require(error as? DAVError)
      return "\(error)".contains("only to a loopback address") && error.hint == .allowPrivateHTTP
    }
    let publicURL = try #require(URL(string: "http://dav.example.com/cal/"))
    #expect {
      try DAVClient.checkURL(publicURL)
    } throws: { error in
      let error = try #require(error as? DAVError)
      return "\(error)".contains("only to a loopback address") && error.hint == nil
    }
    #expect {
      try DAVClient.checkURL(publicURL, allowingPrivateHTTP: true)
    } throws: { error in
      let error = try #require(error as? DAVError)
      return "\(error)".contains("plain HTTP is allowed only to a private network (10/8, ")
        && error.hint == .privateHTTPOnly(host: "dav.example.com")
    }
    for (url, allowing) in [(privateURL, false), (publicURL, false), (publicURL, true)] {
      #expect {
        try DAVClient.checkURL(url, allowingPrivateHTTP: allowing)
      } throws: { error in
        !"\(error)".contains("--")
      }
    }
  }
}
