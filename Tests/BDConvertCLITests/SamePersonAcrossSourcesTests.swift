import Foundation
import TestSupport
import Testing

/// One person in two sources (issue 30, item 3): `convert`, `sync` and `upcoming` select the
/// same events, one per person, through ``CelebrationSelection``. Through the binary.
@Suite(.tags(.slow), .slowTimeLimit) struct SamePersonAcrossSourcesTests {
  static let vcard =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:anna-1\r\nFN:Anna Weber\r\nBDAY:1975-07-01\r\nEND:VCARD\r\n"
    + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bo-1\r\nFN:Bo Lind\r\nBDAY:1980-01-05\r\nEND:VCARD\r\n"
  static let csv = "First Name,Last Name,Birthday\nAnna,Weber,1975-07-01\nCy,Ray,1970-07-03\n"

  func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

  func summaries(_ calendar: String) -> [String] {
    calendar.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
  }

  @Test func aPersonWithAUIDInOneSourceAndNoneInTheOtherIsOneEvent() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("contacts.vcf", Self.vcard)
    let csv = try folder.write("google.csv", Self.csv)
    let converted = try runBDConvert(["convert", vcf, csv])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(
      summaries(converted.stdout) == [
        "SUMMARY:Birthday: Anna Weber", "SUMMARY:Birthday: Bo Lind", "SUMMARY:Birthday: Cy Ray",
      ])
    #expect(!converted.stderr.contains("warning"), "same name, same date: nothing to say")
    // Either order: the first source's event.
    let reversed = try runBDConvert(["convert", csv, vcf])
    #expect(summaries(reversed.stdout).count == 3)
    // sync of the same sources: one event each.
    let target = folder.url.appendingPathComponent("b.ics").path
    let synced = try runBDConvert(["sync", vcf, csv, "--to", target])
    #expect(synced.status == 0)
    #expect(summaries(text(folder.read("b.ics"))).count == 3)
    // upcoming agrees: Anna once.
    let upcoming = try runBDConvert([
      "upcoming", vcf, csv, "--today", "2026-06-30", "--days", "10",
    ])
    #expect(upcoming.status == 0)
    #expect(upcoming.stdout.components(separatedBy: "Anna Weber").count == 2, "\(upcoming.stdout)")
    #expect(upcoming.stdout.contains("Cy Ray"))
  }

  @Test func aBackupWithTheSameUIDAndAnotherDateNamesBothDatesAndFiles() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("contacts.vcf", Self.vcard)
    let backup = try folder.write(
      "backup.vcf", Self.vcard.replacingOccurrences(of: "1975-07-01", with: "1975-07-02"))
    let converted = try runBDConvert(["convert", vcf, backup])
    #expect(converted.status == 0)
    #expect(summaries(converted.stdout).count == 2)
    #expect(converted.stdout.contains("DTSTART;VALUE=DATE:19750701"))
    #expect(!converted.stdout.contains("DTSTART;VALUE=DATE:19750702"))
    #expect(
      converted.stderr.contains("'Anna Weber' (birthday) is in two sources with the same UID"))
    #expect(converted.stderr.contains("1975-07-02 here, 1975-07-01 at \(vcf):1"))
    #expect(converted.stderr.contains("kept 1975-07-01 (the source given first wins)"))
    #expect(!converted.stderr.contains("Bo Lind"), "the same UID and date: nothing to say")
    // upcoming lists the date convert kept, not the other.
    let upcoming = try runBDConvert([
      "upcoming", vcf, backup, "--today", "2026-06-30", "--days", "5",
    ])
    #expect(upcoming.stdout.components(separatedBy: "Anna Weber").count == 2, "\(upcoming.stdout)")
    #expect(upcoming.stdout.contains("2026-07-01"))
    #expect(!upcoming.stdout.contains("2026-07-02"))
  }

  @Test func theSameNameWithAnotherDateInAnotherSourceIsOneEventWithAWarning() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("contacts.vcf", Self.vcard)
    let csv = try folder.write(
      "google.csv", Self.csv.replacingOccurrences(of: "1975-07-01", with: "1976-07-01"))
    let converted = try runBDConvert(["convert", vcf, csv])
    #expect(summaries(converted.stdout).count == 3)
    #expect(converted.stderr.contains("is in two sources with the same name"))
    #expect(converted.stderr.contains("1976-07-01 here, 1975-07-01 at \(vcf):1"))
    // Within one file, two people of one name stay two.
    let one = try folder.write(
      "one.csv", "First Name,Last Name,Birthday\nJo,Li,1970-01-01\nJo,Li,1990-05-05\n")
    #expect(summaries(try runBDConvert(["convert", one]).stdout).count == 2)
  }
}
