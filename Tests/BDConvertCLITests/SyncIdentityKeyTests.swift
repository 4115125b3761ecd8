import Foundation
import TestSupport
import Testing

/// `sync` pairs a contact without a UID by what its export carries (an e-mail address, a phone
/// number, an entry id), written hashed as `X-BDCONVERT-KEY` on the events sync writes: renamed
/// and re-dated at once, or renamed to a name that is not close, it is still one update (issue
/// 30 item 1). Through the binary, each failing on the code before.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncIdentityKeyTests: SyncRunning {
  /// Syncs `before` into a new calendar, then `after`: returns the second plan and the calendar,
  /// and checks that a third sync finds nothing to do.
  func resync(_ name: String, before: String, after: String) throws -> (
    lines: [(op: String, summary: String, notes: [String])], calendar: String
  ) {
    let folder = try TemporaryDirectory()
    let source = try folder.write(name, before)
    let target = folder.url.appendingPathComponent("b.ics").path
    let first = try sync([source, "--to", target])
    #expect(first.status == 0, "\(first.stderr)")
    try folder.write(name, after)
    let second = try sync([source, "--to", target, "--json"], epoch: 1_767_830_400)
    #expect(second.status == 0, "\(second.stderr)")
    let calendar = text(folder.read("b.ics"))
    let again = try sync([source, "--to", target], epoch: 1_768_435_200)
    #expect(again.status == 0)
    #expect(again.stdout == "")
    #expect(again.stderr.contains("0 added, 0 updated, 0 removed"), "\(again.stderr)")
    return (try plan(second.stdout), calendar)
  }

  @Test func aGoogleContactRenamedAndRedatedWithTheSameEmailIsOneUpdate() throws {
    let header = "First Name,Last Name,Birthday,E-mail 1 - Value,Phone 1 - Value\n"
    let anna = "Anna,Weber,1975-07-01,,\n"
    let (lines, calendar) = try resync(
      "google.csv",
      before: header + "Peggy,Smith,1980-03-14,Peggy.Smith@Example.com ::: p@example.org,\n" + anna,
      after: header + "Margaret,Jones,1980-03-15,peggy.smith@example.com,\n" + anna)
    #expect(lines.map(\.op) == ["replace"])
    #expect(lines.first?.summary == "Birthday: Margaret Jones")
    #expect(events(calendar) == 2)
    #expect(!calendar.contains("Peggy"))
    // The key is a hash: no address book detail reaches the calendar.
    #expect(calendar.contains("X-BDCONVERT-KEY:email-"))
    #expect(!calendar.lowercased().contains("example.com"))
  }

  @Test func aPhoneNumberPairsWhenThereIsNoEmail() throws {
    let header = "First Name,Last Name,Birthday,E-mail 1 - Value,Phone 1 - Value\n"
    let (lines, calendar) = try resync(
      "google.csv",
      before: header + "Bob,Stone,1970-01-02,,+49 (30) 1234-567\n",
      after: header + "Robert,Steen,1970-02-01,,+49 30 1234567\n")
    #expect(lines.map(\.op) == ["replace"])
    #expect(events(calendar) == 1)
    #expect(!calendar.contains("1234"))
  }

  @Test func anOutlookEntryIdPairs() throws {
    let header = "First Name,Last Name,Birthday,Entry ID\n"
    let (lines, calendar) = try resync(
      "outlook.csv",
      before: header + "Peggy,Smith,3/14/1980,00000000ABCDEF0123\n",
      after: header + "Margaret,Jones,3/15/1980,00000000ABCDEF0123\n")
    #expect(lines.map(\.op) == ["replace"])
    #expect(events(calendar) == 1)
    #expect(calendar.contains("SUMMARY:Birthday: Margaret Jones\r\n"))
  }

  @Test func aVCardWithoutUIDPairsByItsEmail() throws {
    func card(_ given: String, _ family: String, _ day: String) -> String {
      "BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\n"
        + "EMAIL;TYPE=INTERNET:\(given == "Peggy" ? "PEGGY" : "peggy")@example.com\r\n"
        + "TEL:+1 555 0100\r\nBDAY:1980-03-\(day)\r\nEND:VCARD\r\n"
    }
    let (lines, calendar) = try resync(
      "c.vcf", before: card("Peggy", "Smith", "14"), after: card("Margaret", "Jones", "15"))
    #expect(lines.map(\.op) == ["replace"])
    #expect(events(calendar) == 1)
  }

  @Test func differentKeysAreNotPaired() throws {
    // Another name, date and e-mail address: another person, not an update.
    let header = "First Name,Last Name,Birthday,E-mail 1 - Value\n"
    let (lines, calendar) = try resync(
      "google.csv",
      before: header + "Peggy,Smith,1980-03-14,a@example.com\n",
      after: header + "Margaret,Jones,1981-05-20,b@example.com\n")
    #expect(lines.map(\.op).sorted() == ["add", "remove"])
    #expect(events(calendar) == 1)
  }

  @Test func aPairedReplacementInAVdirIsNamedByTheNewUID() throws {
    let folder = try TemporaryDirectory()
    let header = "First Name,Last Name,Birthday,E-mail 1 - Value\n"
    let source = try folder.write("g.csv", header + "Peggy,Smith,1980-03-14,p@example.com\n")
    let target = folder.url.appendingPathComponent("cal").path + "/"
    #expect(try sync([source, "--to", target]).status == 0)
    let before = try FileManager.default.contentsOfDirectory(atPath: target)
    try folder.write("g.csv", header + "Margaret,Jones,1980-03-15,p@example.com\n")
    let result = try sync([source, "--to", target, "--json"], epoch: 1_767_830_400)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try plan(result.stdout).map(\.op) == ["replace"])
    let after = try FileManager.default.contentsOfDirectory(atPath: target).filter {
      !$0.hasPrefix(".")
    }
    #expect(after.count == 1)
    #expect(after != before.filter { !$0.hasPrefix(".") })
    let file = try #require(after.first)
    let event = text(FileManager.default.contents(atPath: target + file).map { Array($0) })
    #expect(event.contains("UID:\(file.dropLast(4))\r\n"))
    #expect(event.contains("Margaret Jones"))
  }

  @Test func convertWritesNoKey() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.write(
      "google.csv", "First Name,Last Name,Birthday,E-mail 1 - Value\nPeggy,Smith,1980-03-14,a@b.c\n"
    )
    let result = try runBDConvert(["convert", source, "-o", "-"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("X-BDCONVERT-KEY"))
  }
}
