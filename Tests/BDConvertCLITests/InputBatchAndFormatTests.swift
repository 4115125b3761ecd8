import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// Inputs that cannot be used: the wrong format for the command (issue 12, item 12), and one bad
/// input among several (item 10).
@Suite struct InputBatchAndFormatTests {
  static let card = ConvertCommandTests.card
  static let csv = "Name,Birthday\nAnn Lee,1990-01-02\n"
  static let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"

  @Test(arguments: [
    ("BEGIN:VCARD\r\nVERSION:3.0\r\n", InputFile.ContentKind.vCard),
    ("ENCODING:UTF-8\r\nBEGIN:VCARD\r\n", .vCard),  // Tine 2.0 writes a line before the card
    ("Exported by Example, version 2\n\n  begin:vcard\n", .vCard),
    ("\u{FEFF}BEGIN:VCALENDAR\r\nBEGIN:VCARD\r\n", .iCalendar),
    ("Name,Birthday\n", .csv),
    ("First Name;Birthday\n", .csv),
    ("Name\tBirthday\n", .csv),
    ("<!DOCTYPE html>\n<html>\n", .unknown),
    ("Birthday\n", .unknown),
    ("\u{01}\u{02},;\u{7F}\n", .unknown),  // binary, not a header row
    ("", .unknown),
  ])
  func contentKindOfTheFirstBytes(start: String, kind: InputFile.ContentKind) {
    #expect(InputFile.kind(ofStart: Array(start.utf8)) == kind)
  }

  @Test(arguments: [
    (
      "csv-to-ics", "a.vcf",
      "is a vCard file: use vcf-to-ics (or convert, which tells the formats apart)"
    ),
    (
      "csv-to-ics", "a.ics",
      "is an iCalendar file, not an address book (see 'bdconvert list' and 'bdconvert merge')"
    ),
    (
      "vcf-to-ics", "a.csv",
      "is a CSV file: use csv-to-ics (or convert, which tells the formats apart)"
    ),
    (
      "vcf-to-ics", "a.ics",
      "is an iCalendar file, not an address book (see 'bdconvert list' and 'bdconvert merge')"
    ),
  ])
  func wrongFormatStopsBeforeAnythingIsWritten(command: String, input: String, message: String)
    throws
  {
    let folder = try TemporaryDirectory()
    try folder.write("a.vcf", String(repeating: Self.card, count: 50))
    try folder.write("a.csv", Self.csv)
    try folder.write("a.ics", Self.calendar)
    let output = try folder.write("out.ics", "previous")
    let path = folder.url.path + "/" + input
    let result = runInProcess([command, path, "-o", output])
    #expect(result.status == 65)
    #expect(result.stderr == "bdconvert: error: '\(path)' \(message)\n")
    #expect(folder.read("out.ics") == Array("previous".utf8))
  }

  @Test(.tags(.slow), .slowTimeLimit) func wrongFormatOnAPipeWritesNothingOnStandardOutput() throws
  {
    let result = try runBDConvertFromPipe(
      ["csv-to-ics"], input: Array(String(repeating: Self.card, count: 200).utf8))
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "bdconvert: error: '<stdin>' is a vCard file: use vcf-to-ics (or convert, which tells "
        + "the formats apart)\n")
  }

  @Test func contentThatIsNeitherIsLeftToTheReader() throws {
    // Not CSV-looking: vcf-to-ics reads it and its reader says what it found.
    let folder = try TemporaryDirectory()
    let page = try folder.write("page.vcf", "<!DOCTYPE html>\n<html>\n")
    let result = runInProcess(["vcf-to-ics", page, "-o", folder.url.path + "/out.ics"])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("not a vCard file: expected BEGIN:VCARD, found '<!DOCTYPE html>'"))
  }

  @Test func anUnusableInputAmongSeveralIsLeftOutAndTheRestIsWritten() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.write("good.csv", Self.csv)
    let noBirthday = try folder.write("no-birthday.csv", "Name,Phone\nBob,123\n")
    let output = folder.url.path + "/out.ics"
    let result = runInProcess(["csv-to-ics", good, noBirthday, "-o", output])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(noBirthday):1: error: no birthday column"))
    #expect(result.stderr.contains("bdconvert: converted 1 event from 1 row"))
    let written = String(decoding: folder.read("out.ics") ?? [], as: UTF8.self)
    #expect(written.contains("SUMMARY:Birthday: Ann Lee\r\n"))
  }

  @Test func theFirstFailingInputGivesTheStatus() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.write("a.vcf", Self.card)
    let missing = folder.url.path + "/missing.vcf"
    let csv = try folder.write("b.csv", Self.csv)
    let output = folder.url.path + "/out.ics"
    let result = runInProcess(["vcf-to-ics", good, missing, csv, folder.url.path, "-o", output])
    #expect(result.status == 66)
    #expect(result.stderr.contains("cannot open '\(missing)': No such file or directory"))
    #expect(result.stderr.contains("'\(csv)' is a CSV file: use csv-to-ics"))
    #expect(result.stderr.contains("cannot read '\(folder.url.path)': it is a folder"))
    #expect(String(decoding: folder.read("out.ics") ?? [], as: UTF8.self).contains("Jane Doe"))
    let reversed = runInProcess(["vcf-to-ics", csv, good, missing, "-o", output])
    #expect(reversed.status == 65)
  }

  @Test(.tags(.slow), .slowTimeLimit) func underStrictAnUnusableInputWritesNothing() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.write("a.vcf", Self.card)
    let output = try folder.write("out.ics", "previous")
    for bad in [folder.url.path + "/missing.vcf", try folder.write("b.csv", Self.csv)] {
      let result = runInProcess(["convert", good, bad, "--strict", "-o", output])
      #expect(result.status == (bad.hasSuffix(".csv") ? 0 : 66))
    }
    let noBirthday = try folder.write("c.csv", "Name,Phone\nBob,123\n")
    let strict = runInProcess(["convert", good, noBirthday, "--strict", "-o", output])
    #expect(strict.status == 65)
    let piped = try runBDConvert(["convert", good, noBirthday, "--strict"])
    #expect(piped.status == 65 && piped.stdout.isEmpty)
    #expect(folder.listing().filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test func whenNoInputCanBeUsedNothingIsWritten() throws {
    let folder = try TemporaryDirectory()
    let output = try folder.write("out.ics", "previous")
    let noBirthday = try folder.write("c.csv", "Name,Phone\nBob,123\n")
    let missing = folder.url.path + "/missing.csv"
    let result = runInProcess(["csv-to-ics", missing, noBirthday, "-o", output])
    #expect(result.status == 66)
    #expect(
      result.stderr.hasSuffix(
        "bdconvert: error: no input could be used; '\(output)' was not written\n"))
    #expect(folder.read("out.ics") == Array("previous".utf8))
    let single = runInProcess(["csv-to-ics", noBirthday, "-o", output])
    #expect(single.status == 65)
    #expect(!single.stderr.contains("no input could be used"))
    #expect(folder.read("out.ics") == Array("previous".utf8))
  }

  @Test func recordsOfALeftOutInputAreNotCounted() throws {
    // Its first row (no date) was read before the file turned out to be unusable.
    let folder = try TemporaryDirectory()
    let good = try folder.write("good.csv", Self.csv)
    let ambiguous = try folder.write("dates.csv", "Name,Birthday\nNo Date,\nAmy,5/10/1971\n")
    let result = runInProcess([
      "csv-to-ics", good, ambiguous, "-o", folder.url.path + "/out.ics", "--summary-json", "-",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("use --date-order"))
    #expect(result.stderr.contains("bdconvert: converted 1 event from 1 row"))
    let start = try #require(result.stderr.range(of: "{\n"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stderr[start.lowerBound...].utf8))
        as? [String: Any])
    #expect(json["status"] as? Int == 65)
    let calendar = try #require((json["calendars"] as? [[String: Any]])?.first)
    #expect(calendar["records"] as? Int == 1)
    #expect(calendar["status"] as? Int == 65)
    let unusable = try #require(calendar["unusableInputs"] as? [[String: Any]])
    #expect(unusable.count == 1)
    #expect(unusable.first?["input"] as? String == ambiguous)
    #expect(unusable.first?["status"] as? Int == 65)
  }
}
