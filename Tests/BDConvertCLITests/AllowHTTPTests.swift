import Foundation
import TestSupport
import Testing

/// `--allow-http` (and its config key) lets plain HTTP go to a private network's address, with a
/// warning on every run, and never to a public one (issue 34 item 2). Through the binary; no
/// packet leaves 127.0.0.0/8: an accepted URL fails on its unreadable password file, which is
/// read before anything is sent.
@Suite(.tags(.slow), .slowTimeLimit) struct AllowHTTPTests {
  static let privateURL = "http://192.168.1.10:5232/cal/"
  static let noPassword = ["--user", "me", "--password-file", "/nonexistent/bdconvert-password"]

  @Test func plainHTTPToAPrivateAddressIsRefusedWithAHint() throws {
    let result = try runBDConvert(["list", Self.privateURL] + Self.noPassword)
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "plain HTTP is allowed only to a loopback address; use https://, or --allow-http"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("password file"))
  }

  @Test(arguments: ["list", "sync", "upcoming", "delete"])
  func allowHTTPPassesAPrivateAddressWithAWarning(_ command: String) throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write(
      "a.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n")
    let arguments: [String]
    switch command {
    case "sync": arguments = ["sync", contacts, "--to", Self.privateURL]
    case "delete": arguments = ["delete", "--uid", "x", Self.privateURL]
    default: arguments = [command, Self.privateURL]
    }
    let result = try runBDConvert(arguments + Self.noPassword + ["--allow-http"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "warning: plain HTTP to '192.168.1.10' (--allow-http): the password and the data "
          + "travel in clear"), "\(result.stderr)")
    #expect(result.stderr.contains("cannot read the password file"), "\(result.stderr)")
    #expect(!result.stderr.contains("refusing"))
  }

  @Test func theConfigKeyAllowsItToo() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    try folder.write("bdconvert/config", "allow-http\n")
    let result = try runBDConvert(
      ["list", "http://[fd00::10]:5232/cal/"] + Self.noPassword,
      environment: ["XDG_CONFIG_HOME": folder.url.path])
    #expect(result.stderr.contains("cannot read the password file"), "\(result.stderr)")
    #expect(result.stderr.contains("(--allow-http): the password and the data travel in clear"))
  }

  @Test(arguments: ["http://dav.example.com/cal/", "http://8.8.8.8/cal/", "http://100.64.1.1/"])
  func neverToAPublicAddress(_ url: String) throws {
    let result = try runBDConvert(["list", url, "--allow-http"] + Self.noPassword)
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("--allow-http allows plain HTTP only to a private network"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("travel in clear"))
  }
}
