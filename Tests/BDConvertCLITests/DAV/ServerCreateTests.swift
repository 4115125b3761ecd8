import BirthdayDAV
import Foundation
import TestSupport
import Testing

/// `sync --create` says what it made and names it, and an address book is chosen by name from a
/// server URL (issue 34 item 5). Radicale on 127.0.0.1, started by the test.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerCreateTests {
  /// The display name the server keeps for the collection at `url`.
  func displayName(_ url: String, _ dav: DAVFixture) throws -> String {
    let client = DAVClient(credentials: dav.server.credentials)
    let body =
      #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop>"#
      + "</d:propfind>"
    let answer = try client.send(
      "PROPFIND", try #require(URL(string: url)),
      headers: ["Depth": "0", "Content-Type": "application/xml"], body: Data(body.utf8))
    let text = String(decoding: answer.body, as: UTF8.self)
    guard let start = text.range(of: "displayname>")?.upperBound,
      let end = text[start...].range(of: "</")?.lowerBound
    else { return "" }
    return String(text[start..<end])
  }

  @Test func createPrintsTheNewCalendarsURLAndNamesIt() throws {
    let dav = try DAVFixture(.radicale)
    let server = dav.server
    let file = try dav.contacts()
    let named = server.root + "alice/family/"
    let made = try runBDConvert(
      ["sync", file, "--to", named, "--create", "--calendar-name", "Family Birthdays"]
        + server.userArguments, environment: server.environment)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      made.stderr.contains("bdconvert: created the calendar at \(named) "), "\(made.stderr)")
    #expect(try displayName(named, dav) == "Family Birthdays")
    // Again: nothing made, nothing said.
    let again = try runBDConvert(
      ["sync", file, "--to", named, "--create", "--calendar-name", "Family Birthdays"]
        + server.userArguments, environment: server.environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stderr.contains("created"))

    // Without --calendar-name, a second calendar is named by its URL, not "Birthdays" again.
    let work = server.root + "alice/work-birthdays/"
    let second = try runBDConvert(
      ["sync", file, "--to", work, "--create", "-q"] + server.userArguments,
      environment: server.environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.isEmpty, "\(second.stderr)")  // -q: no line
    #expect(try displayName(work, dav) == "work-birthdays")
  }

  @Test func anAddressBookIsChosenByNameFromTheServerRoot() throws {
    let dav = try DAVFixture(.radicale)
    let server = dav.server
    _ = try dav.addressBook([("Ann", "1985-04-12")])
    // A second address book, "Work", with Bob.
    _ = try dav.addressBook([("Bob", "1990-01-02")], at: server.root + "alice/work/", named: "Work")

    let unchosen = try runBDConvert(
      ["upcoming", server.root, "--today", "2026-01-01"] + server.userArguments,
      environment: server.environment)
    #expect(unchosen.status == 66, "\(unchosen.stderr)")
    #expect(unchosen.stderr.contains("--address-book NAME"), "\(unchosen.stderr)")
    let chosen = try runBDConvert(
      ["upcoming", server.root, "--address-book", "Work", "--today", "2026-01-01"]
        + server.userArguments, environment: server.environment)
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(chosen.stdout.contains("\tBob\t36\tbirthday"), "\(chosen.stdout)")
    #expect(!chosen.stdout.contains("Ann"))
    let target = dav.folder.url.path + "/work.ics"
    let synced = try runBDConvert(
      ["sync", server.root, "--address-book", "work", "--to", target] + server.userArguments,
      environment: server.environment)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("sync: 1 added"), "\(synced.stderr)")
  }
}
