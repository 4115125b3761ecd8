import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// `bdconvert` runs a command that names a server in its sibling `bdconvert-dav` (found next to
/// its own executable, links resolved), so that it starts without the network and XML libraries.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerSiblingTests {
  /// The built sibling, next to the binary under test.
  static let sibling = bdconvertBinary.deletingLastPathComponent().appendingPathComponent(
    ServerSibling.name)

  /// A closed port on the loopback address: the sibling reports it as unreachable (69).
  static let closedURL = "http://127.0.0.1:9/cal/"

  @Test func theCommandsThatNameAServerAreHandedToTheSibling() {
    let none = ["XDG_CONFIG_HOME": "/nonexistent"]
    func needed(_ arguments: [String]) -> Bool {
      ServerSibling.isNeeded(for: arguments, environment: none)
    }
    #expect(needed(["list", "https://example.com/cal/"]))
    #expect(needed(["list", "--json", "HTTPS://example.com/cal/"]))
    #expect(needed(["delete", "--uid", "x", "https://example.com/cal/"]))
    #expect(needed(["upcoming", "a.vcf", "https://example.com/book/"]))
    #expect(needed(["sync", "a.vcf", "--to", "https://example.com/cal/"]))
    #expect(needed(["sync", "a.vcf", "--to=https://example.com/cal/"]))
    #expect(needed(["sync", "https://example.com/book/", "--to", "b.ics"]))
    #expect(!needed(["sync", "a.vcf", "--to", "b.ics"]))
    #expect(!needed(["list", "b.ics"]))
    #expect(!needed(["list", "--", "b.ics"]))
    #expect(!needed(["convert", "https://example.com/a.vcf"]))  // convert reads files only
    #expect(!needed(["sync", "--help", "--to", "https://example.com/cal/"]))  // help is local
    #expect(!needed(["list", "--bogus", "https://example.com/cal/"]))  // the usage error is too
    #expect(!needed(["--version"]))
    #expect(!needed([]))
  }

  @Test func aURLTargetInTheConfigFileIsHandedToTheSibling() throws {
    let home = try configHome(to: Self.closedURL)
    let environment = ["XDG_CONFIG_HOME": home.url.path]
    #expect(ServerSibling.isNeeded(for: ["sync", "a.vcf"], environment: environment))
    #expect(
      !ServerSibling.isNeeded(for: ["sync", "a.vcf", "--to", "b.ics"], environment: environment))
    #expect(
      !ServerSibling.isNeeded(for: ["sync", "a.vcf", "--no-config"], environment: environment))

    // Through the binary: the sibling reports the server (not this program's missing client).
    let result = try runBDConvert(
      ["sync", "-"], stdin: Array("BEGIN:VCARD\r\nEND:VCARD\r\n".utf8), environment: environment)
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("cannot reach http://127.0.0.1:9/"), "\(result.stderr)")
  }

  /// A config folder whose file sets `to = url`.
  private func configHome(to url: String) throws -> TemporaryDirectory {
    let home = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    _ = try home.write("bdconvert/config", "to = \(url)\n")
    return home
  }

  @Test func inProcessWithoutAClientAServerCommandFailsWith69() {
    let result = runInProcess(["list", Self.closedURL])
    #expect(result.status == 69)
    #expect(result.stderr.contains("this program has no CalDAV/CardDAV client"), "\(result.stderr)")
  }

  @Test func theSiblingRunsAsBDConvert() throws {
    let result = try run(Self.sibling, ["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("bdconvert "))
    let help = try runBDConvert(["sync", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--password-file"))  // the server options, without the sibling
  }

  @Test func aServerCommandPassesStandardInputOutputAndStatusThrough() throws {
    let dav = try DAVFixture(.radicale)
    let contacts = Array(DAVFixture.contacts(DAVFixture.people).utf8)
    let synced = try runBDConvert(
      ["sync", "-", "--to", dav.server.calendar, "--create"] + dav.server.userArguments,
      stdin: contacts,
      environment: dav.server.environment.merging(["SOURCE_DATE_EPOCH": "1767225600"]) { $1 })
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("sync: 3 added"), "\(synced.stderr)")
    #expect(synced.stdout.split(separator: "\n").filter { $0.hasPrefix("+ ") }.count == 3)

    let listed = try runBDConvert(
      ["list", dav.server.calendar, "--today", "2026-01-01"] + dav.server.userArguments,
      environment: dav.server.environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("Ann"), "\(listed.stdout)")
    #expect(listed.stdout.split(separator: "\n").count == 3)

    let refused = try runBDConvert(
      ["list", dav.server.calendar] + dav.server.userArguments,
      environment: ["BDCONVERT_PASSWORD": "wrong"])
    #expect(refused.status == 77, "\(refused.stderr)")
    #expect(refused.stderr.contains("refused the credentials"))
  }

  @Test func aLinkToBDConvertFindsTheSiblingWhereTheLinkPoints() throws {
    let folder = try TemporaryDirectory()
    let link = folder.url.appendingPathComponent("bdconvert")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: bdconvertBinary)
    let result = try run(link, ["list", Self.closedURL])
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("cannot reach http://127.0.0.1:9/"), "\(result.stderr)")
  }

  @Test func withoutTheSiblingAServerCommandNamesThePathLookedFor() throws {
    let folder = try TemporaryDirectory()
    let copy = folder.url.appendingPathComponent("bdconvert")
    try FileManager.default.copyItem(at: bdconvertBinary, to: copy)
    let result = try run(copy, ["list", Self.closedURL])
    #expect(result.status == 69)
    let expected = folder.url.resolvingSymlinksInPath().appendingPathComponent("bdconvert-dav")
    #expect(result.stderr.contains("'\(expected.path)' cannot be run"), "\(result.stderr)")
    #expect(result.stderr.contains("swift build"))
    // A command without a server still runs alone.
    #expect(try run(copy, ["--version"]).status == 0)
  }

  #if os(Linux)
    @Test func bdconvertLoadsNoNetworkOrXMLLibrary() throws {
      let env = URL(fileURLWithPath: "/usr/bin/env")
      let libraries = try run(env, ["ldd", bdconvertBinary.path]).stdout
      // A static build has no dynamic Swift libraries at all; ldd still lists the C ones.
      for library in ["libcurl", "libxml2", "FoundationNetworking", "FoundationXML"] {
        #expect(!libraries.contains(library), "\(libraries)")
      }
      let siblings = try run(env, ["ldd", Self.sibling.path]).stdout
      #expect(siblings.contains("libcurl"), "\(siblings)")
    }
  #endif

  /// Runs `executable` with `arguments` and the tests' environment.
  private func run(_ executable: URL, _ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = bdconvertEnvironment([:])
    return try runCollectingOutput(process, in: try TemporaryDirectory())
  }
}
