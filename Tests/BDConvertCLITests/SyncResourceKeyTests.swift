import Foundation
import TestSupport
import Testing

/// `sync` keys a contact without a UID by the name of its own file first (a `.vcf` of a vdir
/// folder given as a source; a CardDAV resource, in ServerResourceKeyTests), and rewrites an
/// event whose contact's key changed (a new e-mail address alone), so that a later rename still
/// pairs (issue 30 item 1). Through the binary.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncResourceKeyTests: SyncRunning {
  func card(_ given: String, _ family: String, _ day: String, extra: String = "") -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(given) \(family)\r\nN:\(family);\(given);;;\r\n"
      + "BDAY:\(day)\r\n\(extra)END:VCARD\r\n"
  }

  @Test func aRenamedAndRedatedContactInAVdirSourceIsOneUpdate() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("book"), withIntermediateDirectories: true)
    try folder.write("book/4f1c.vcf", card("Peggy", "Smith", "1980-03-14"))
    try folder.write("book/9a2e.vcf", card("Anna", "Weber", "1975-07-01"))
    let source = folder.url.appendingPathComponent("book").path
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    // Neither the name nor the date is close: only the file name says it is Peggy.
    try folder.write("book/4f1c.vcf", card("Margaret", "Jones", "1980-03-15"))
    let second = try sync([source, "--to", target, "--json"], epoch: 1_767_830_400)
    #expect(second.status == 0, "\(second.stderr)")
    let lines = try plan(second.stdout)
    #expect(lines.map(\.op) == ["replace"])
    #expect(lines.first?.summary == "Birthday: Margaret Jones")
    #expect(lines.first?.notes == ["paired: same vCard file"])
    let again = try sync([source, "--to", target], epoch: 1_768_435_200)
    #expect(again.stdout == "")
    let calendar = text(folder.read("b.ics"))
    #expect(events(calendar) == 2)
    #expect(!calendar.contains("Peggy"))
  }

  @Test func aFileOfSeveralCardsInAFolderKeysNoOne() throws {
    // An export of many in the folder: its name is not one person's, so nothing pairs by it.
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("book"), withIntermediateDirectories: true)
    try folder.write(
      "book/all.vcf", card("Peggy", "Smith", "1980-03-14") + card("Anna", "Weber", "1975-07-01"))
    let source = folder.url.appendingPathComponent("book").path
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    #expect(!text(folder.read("b.ics")).contains("KEY:file-"))
  }

  @Test func aNewEmailAloneRewritesTheKeySoThatALaterRenamePairs() throws {
    let folder = try TemporaryDirectory()
    let header = "First Name,Last Name,Birthday,E-mail 1 - Value\n"
    let anna = "Anna,Weber,1975-07-01,\n"
    let source = try folder.write(
      "google.csv", header + "Peggy,Smith,1980-03-14,peggy@example.com\n" + anna)
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([source, "--to", target]).status == 0)

    // Only the e-mail address changes: one update of the key, no removal or addition.
    try folder.write("google.csv", header + "Peggy,Smith,1980-03-14,peggy@example.org\n" + anna)
    let moved = try sync([source, "--to", target], epoch: 1_767_830_400)
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout == "~ Birthday: Peggy Smith  contact key\n")
    #expect(moved.stderr.contains("0 added, 1 updated, 0 removed, 1 unchanged"))
    let again = try sync([source, "--to", target], epoch: 1_768_000_000)
    #expect(again.stdout == "")
    #expect(again.stderr.contains("0 added, 0 updated, 0 removed, 2 unchanged"))

    // Then renamed and re-dated: paired by the new address.
    try folder.write("google.csv", header + "Margaret,Jones,1980-03-15,peggy@example.org\n" + anna)
    let renamed = try sync([source, "--to", target, "--json"], epoch: 1_768_435_200)
    #expect(renamed.status == 0, "\(renamed.stderr)")
    let lines = try plan(renamed.stdout)
    #expect(lines.map(\.op) == ["replace"])
    #expect(lines.first?.notes == ["paired: same e-mail address"])
  }

  @Test func aVCardsAppleIdKeepsItsEventThroughARenameAndANewDate() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.write(
      "apple.vcf", card("Peggy", "Smith", "1980-03-14", extra: "X-ABUID:5D3F-11:ABPerson\r\n"))
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    try folder.write(
      "apple.vcf",
      card("Margaret", "Jones", "1980-03-15", extra: "X-ABUID:5D3F-11:ABPerson\r\n"))
    let second = try sync([source, "--to", target, "--json"], epoch: 1_767_830_400)
    #expect(second.status == 0, "\(second.stderr)")
    // The same UID (made from X-ABUID): an update with no pairing needed.
    let lines = try plan(second.stdout)
    #expect(lines.map(\.op) == ["replace"])
    #expect(lines.first?.notes == [])
  }
}
