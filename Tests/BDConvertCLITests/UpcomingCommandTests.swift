import BirthdayKit
import Foundation
import Testing

@testable import BDConvertCLI

/// `upcoming` from vCard, CSV and calendars, in process.
@Suite struct UpcomingCommandTests {
  static let cards =
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jane Doe\r\nBDAY:19960229\r\nANNIVERSARY:20110302\r\n"
    + "END:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nBDAY:--01-02\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve\r\nBDAY:1990-12-31\r\nEND:VCARD\r\n"
  static let rows = "Name,Birthday\r\nEve,1990-12-31\r\nBob,--01-02\r\nJane Doe,1996-02-29\r\n"

  @Test(arguments: [("in.vcf", cards), ("in.csv", rows)])
  func contactsAcrossTheYearEnd(file: String, contents: String) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(file, contents)
    let result = runInProcess(["upcoming", path, "--today", "2026-12-30", "--days", "5"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(
      result.stdout
        == "2026-12-31\tThu\ttomorrow\tEve\t36\tbirthday\n2027-01-02\tSat\tin 3 days\tBob\t\tbirthday\n"
    )
  }

  @Test func leapDayAnniversariesAndJSON() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("in.vcf", Self.cards)
    let result = runInProcess([
      "upcoming", path, "--today", "2027-02-27", "--days", "4", "--anniversaries", "--json",
      "--leap-day", "mar1",
    ])
    let objects = try result.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["date"] as? String } == ["2027-03-01", "2027-03-02"])
    #expect(objects.map { $0["kind"] as? String } == ["birthday", "anniversary"])
    #expect(objects.map { $0["age"] as? Int } == [31, 16])
    #expect(objects.map { $0["days"] as? Int } == [2, 3])
  }

  /// A calendar is followed by its own rules: one bdconvert wrote (with ages and overrides)
  /// gives the same dates and ages as the address book.
  @Test func fromACalendar() throws {
    let folder = try TemporaryDirectory()
    let cards = try folder.write("in.vcf", Self.cards)
    let calendar = folder.url.appendingPathComponent("out.ics").path
    #expect(
      runInProcess([
        "vcf-to-ics", cards, "--anniversaries", "--summary", "{name} ({age})", "--today",
        "2027-01-01", "-o", calendar,
      ]).status == 0)
    let result = runInProcess(["upcoming", calendar, "--today", "2027-02-27", "--days", "4"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "2027-02-28\tSun\ttomorrow\tJane Doe\t31\tbirthday\n"
        + "2027-03-02\tTue\tin 3 days\tJane Doe\t16\tanniversary\n")
  }

  @Test(arguments: [
    (["--days", "0"], "invalid --days '0'"),
    (["--today", "2027-02-29"], "invalid --today '2027-02-29'"),
    (["--leap-day", "x"], "invalid --leap-day 'x'"),
  ])
  func usageErrors(options: [String], message: String) {
    let result = runInProcess(["upcoming", "x.vcf"] + options)
    #expect(result.status == 64 && result.stderr.contains(message))
  }

  @Test func aFolderOfVCardsIsReadAsItsFiles() throws {
    let folder = try TemporaryDirectory()
    for name in ["book", "empty"] {
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    _ = try folder.write(
      "book/eve.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve\r\nBDAY:1990-12-31\r\nEND:VCARD\r\n")
    _ = try folder.write(
      "book/bob.VCF", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nBDAY:--01-02\r\nEND:VCARD\r\n")
    _ = try folder.write("book/notes.txt", "BDAY:--12-31\n")
    let result = runInProcess([
      "upcoming", folder.url.path + "/book", "--today", "2026-12-30", "--days", "5",
    ])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(
      result.stdout
        == "2026-12-31\tThu\ttomorrow\tEve\t36\tbirthday\n2027-01-02\tSat\tin 3 days\tBob\t\tbirthday\n"
    )
    _ = try folder.write("empty/readme.txt", "nothing here\n")
    let empty = runInProcess(["upcoming", folder.url.path + "/empty"])
    #expect(empty.status == 66 && empty.stderr.contains("holds no .vcf files"))
  }

  @Test func missingSourceExits66() {
    #expect(runInProcess(["upcoming", "/nonexistent/contacts.vcf"]).status == 66)
  }

  @Test func terminalTableHasAHeader() {
    let table = UpcomingCommand.table([
      .init(
        date: CivilDateArgument.date("2026-12-31"), days: 1, uid: "u", name: "Eve", kind: .birthday,
        age: 36)
    ])
    #expect(
      table == "DATE        DAY  WHEN      NAME  AGE  KIND\n"
        + "2026-12-31  Thu  tomorrow  Eve   36   birthday\n")
  }
}

/// `YYYY-MM-DD` for the table test.
enum CivilDateArgument {
  static func date(_ text: String) -> BirthdayKit.CivilDate { try! ValueParser.isoDate.parse(text) }
}
