import Foundation
import Testing

/// `--group`, `--exclude`, `--exclude-from`, `--memorials` through the command line.
@Suite struct ChoosingContactsCommandTests {
  static let cards =
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Grandpa Joe\r\nBDAY:19300105\r\nDEATHDATE:20200310\r\n"
    + "CATEGORIES:Family\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nUID:jane-1\r\nBDAY:1985-04-12\r\n"
    + "CATEGORIES:Friends,Work\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob Work\r\nBDAY:1985-04-13\r\nCATEGORIES:Work\r\n"
    + "END:VCARD\r\n"

  static func convert(_ options: [String]) throws -> (summaries: [String], stderr: String) {
    let folder = try TemporaryDirectory()
    let input = try folder.write("in.vcf", cards)
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess(["vcf-to-ics", input, "-o", output] + options)
    #expect(result.status == 0)
    let text = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    let summaries = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
    return (summaries.map { String($0.dropFirst(8)) }, result.stderr)
  }

  @Test func deceasedAreLeftOutUnlessMemorials() throws {
    let plain = try Self.convert([])
    #expect(plain.summaries == ["Birthday: Jane Doe", "Birthday: Bob Work"])
    #expect(
      plain.stderr
        == "bdconvert: converted 2 events from 3 cards (1 deceased without an event, see --memorials)\n"
    )
    let memorials = try Self.convert(["--memorials"])
    #expect(memorials.summaries.first == "In memory of Grandpa Joe")
    #expect(memorials.stderr.contains("(2 birthdays, 1 memorial)"))
  }

  @Test func groupsAndExclusions() throws {
    let family = try Self.convert(["--group", "family", "--group", "Friends", "--memorials"])
    #expect(family.summaries == ["In memory of Grandpa Joe", "Birthday: Jane Doe"])
    #expect(family.stderr.contains("1 not chosen by --group/--exclude"))
    let folder = try TemporaryDirectory()
    let list = try folder.write("exclude.txt", "# colleagues\n*work\n\njane-?\n")
    let excluded = try Self.convert(["--exclude-from", list])
    #expect(excluded.summaries.isEmpty)
    #expect(runInProcess(["vcf-to-ics", "--exclude-from", "/nonexistent/x"]).status == 66)
  }

  @Test(arguments: [
    // Apple's group vCard, after its members (as Contacts.app exports).
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:family-group\r\nFN:Family\r\n"
      + "X-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:JANE-1\r\n"
      + "END:VCARD\r\n",
    // vCard 4 KIND:group with MEMBER (RFC 6350 §6.6.5).
    "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Family\r\nMEMBER:urn:uuid:jane-1\r\n"
      + "END:VCARD\r\n",
  ])
  func groupCardsChooseTheirMembers(groupCard: String) throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("in.vcf", Self.cards + groupCard)
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = runInProcess(["vcf-to-ics", input, "-o", output, "--group", "family"])
    #expect(result.status == 0)
    let text = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(
      text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") } == [
        "SUMMARY:Birthday: Jane Doe"
      ])
    let upcoming = runInProcess([
      "upcoming", input, "--today", "2027-04-12", "--days", "2", "--group", "Family",
    ])
    #expect(upcoming.stdout == "2027-04-12\tMon\ttoday\tJane Doe\t42\tbirthday\n")
    // Without --group a group card is one more card without a date.
    let all = runInProcess(["vcf-to-ics", input, "-o", output])
    #expect(
      all.stderr
        == "bdconvert: converted 2 events from 4 cards (1 without a date, 1 deceased without an event, see --memorials)\n"
    )
  }

  @Test func upcomingRemembersTheDeceased() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("in.vcf", Self.cards)
    let plain = runInProcess(["upcoming", input, "--today", "2027-01-05", "--days", "1"])
    #expect(plain.stdout.isEmpty)  // no birthday for Grandpa Joe
    let memorial = runInProcess([
      "upcoming", input, "--today", "2027-03-10", "--days", "1", "--memorials",
    ])
    #expect(memorial.stdout == "2027-03-10\tWed\ttoday\tGrandpa Joe\t7\tmemorial\n")
  }

  @Test func otherDatesAreEventsAndUpcoming() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(
      "in.vcf",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nitem1.X-ABDATE:2007-06-30\r\n"
        + "item1.X-ABLABEL:Graduation\r\nEND:VCARD\r\n")
    let output = folder.url.appendingPathComponent("out.ics").path
    #expect(
      runInProcess(["vcf-to-ics", input, "-o", output]).stderr.contains("converted 0 events"))
    #expect(runInProcess(["vcf-to-ics", input, "--other-dates", "-o", output]).status == 0)
    let text = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(text.contains("SUMMARY:Graduation: Jane Doe\r\n"))
    let upcoming = runInProcess([
      "upcoming", input, "--other-dates", "--today", "2027-06-29", "--days", "2",
    ])
    #expect(upcoming.stdout == "2027-06-30\tWed\ttomorrow\tJane Doe\t20\tGraduation\n")
  }
}
