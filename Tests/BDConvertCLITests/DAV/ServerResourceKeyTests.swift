import Foundation
import TestSupport
import Testing

/// A contact without a UID on a CardDAV source is keyed by its resource's name: renamed and
/// re-dated on the server, it is one update (issue 30 item 1). RFC 6352 wants a UID on every
/// card, and Radicale, Xandikos and sabre/dav refuse or complete a card without one, so the
/// address book is served by the scripted server on 127.0.0.1 (a server that stores cards as
/// they come does serve them so).
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerResourceKeyTests {
  static let environment = ["BDCONVERT_PASSWORD": "hunter2", "SOURCE_DATE_EPOCH": "1767225600"]

  static func card(_ given: String, _ family: String, _ day: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(given) \(family)\r\nN:\(family);\(given);;;\r\n"
      + "BDAY:\(day)\r\nEND:VCARD\r\n"
  }

  /// The address book at /book/ on A: Ann (with a UID) and the card at peggy-0001.vcf, whose
  /// first REPORT answer is `before` and later ones `after`.
  static func server(before: String, after: String) throws -> ScriptedDAVServer {
    let ann = DAVFixture.card("Ann", "1985-04-12")
    return try ScriptedDAVServer(
      ScriptedDAVServer.addressBookAtA(
        ["/book/ann.vcf", "/book/peggy-0001.vcf"], reports: [[ann, before], [ann, after]]))
  }

  @Test func aContactWithoutUIDRenamedOnTheServerIsOneUpdate() throws {
    let server = try Self.server(
      before: Self.card("Peggy", "Smith", "1980-03-14"),
      after: Self.card("Margaret", "Jones", "1980-03-15"))
    let folder = try TemporaryDirectory()
    let target = folder.url.path + "/birthdays.ics"
    func sync() throws -> CommandResult {
      try runBDConvert(
        ["sync", server.url("/book/"), "--to", target, "--user", "me"],
        environment: Self.environment)
    }
    let first = try sync()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("sync: 2 added"), "\(first.stderr)")

    // Neither the name nor the date is close: only the resource's name says it is Peggy.
    let second = try sync()
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("sync: 0 added, 1 updated, 0 removed, 1 unchanged"))
    let lines = second.stdout.split(separator: "\n")
    #expect(lines.count == 1, "\(second.stdout)")
    #expect(lines.first?.hasPrefix("~ Birthday: Margaret Jones  ") == true)
    #expect(lines.first?.contains("(paired: same vCard file)") == true, "\(second.stdout)")
    let again = try sync()
    #expect(again.stderr.contains("sync: 0 added, 0 updated, 0 removed, 2 unchanged"))
    #expect(!(try String(contentsOfFile: target, encoding: .utf8)).contains("Peggy"))
  }
}
