import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// `convert` (format from the content), `--output-dir` and `--summary-json`, in process with
/// files; standard input through a real pipe with the binary.
@Suite struct ConvertBatchAndSummaryTests {
  static let card = ConvertCommandTests.card
  static let csv = "Name,Birthday\nAnn Lee,1990-01-02\nBad Date,1985-02-30\n"

  @Test(arguments: [
    ("a.vcf", "\u{FEFF}\r\n  begin:vcard\r\n", InputFormat?.some(.vCard)),
    ("b", "BEGIN:VCARD\nVERSION:3.0\n", .some(.vCard)),
    ("c.vcf", "Name,Birthday\n", .some(.csv)),  // the content decides, not the name
    ("d", "\u{FEFF}First Name;Birthday\n", .some(.csv)),
    ("e", "", .some(.csv)),
    ("f", "BEGIN:VCALENDAR\r\n", nil),
  ])
  func formatIsDetectedFromTheContent(name: String, start: String, format: InputFormat?) {
    #expect(InputFile.format(ofStart: Array(start.utf8)) == format)
  }

  @Test func utf16WithByteOrderMarkIsDetected() {
    let text = "BEGIN:VCARD\r\n"
    let units: [UInt8] = text.utf16.flatMap { unit -> [UInt8] in
      [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let utf16: [UInt8] = [0xFF, 0xFE] + units
    #expect(InputFile.format(ofStart: utf16) == .vCard)
    // Without a byte order mark, by the NUL bytes (issue 12, item 6).
    #expect(InputFile.format(ofStart: units) == .vCard)
    let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(InputFile.format(ofStart: bigEndian) == .vCard)
  }

  @Test func convertGivesWhatTheExplicitCommandsGive() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("people.txt", Self.card)
    let csv = try folder.write("people.vcf", Self.csv)  // misleading names on purpose
    for (input, explicit) in [(vcf, "vcf-to-ics"), (csv, "csv-to-ics")] {
      let detected = runInProcess(["convert", input, "-o", folder.url.path + "/d.ics"])
      let named = runInProcess([explicit, input, "-o", folder.url.path + "/e.ics"])
      #expect(detected.status == 0 && named.status == 0)
      #expect(detected.stderr == named.stderr)
      #expect(folder.read("d.ics") == folder.read("e.ics"))
    }
  }

  @Test func mixedInputsMergeIntoOneCalendarCountingRecords() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("a.vcf", Self.card)
    let csv = try folder.write("b.csv", Self.csv)
    let result = runInProcess(["convert", vcf, csv, "-o", folder.url.path + "/all.ics"])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasSuffix("bdconvert: converted 2 events from 3 records (1 with problems)\n"))
    #expect(result.stderr.contains("\(csv):3:10: warning:"))
  }

  @Test func aCalendarGivenToConvertIsADataError() throws {
    let folder = try TemporaryDirectory()
    let ics = try folder.write("x.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    let result = runInProcess(["convert", ics, "-o", folder.url.path + "/out.ics"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("'\(ics)' is an iCalendar file, not an address book"))
    #expect(folder.listing() == ["x.ics"])
  }

  @Test(.tags(.slow), .slowTimeLimit, arguments: ["vcard", "csv"])
  func convertDetectsTheFormatOfAPipe(kind: String) throws {
    // A pipe cannot be re-read: the bytes read to detect the format must be served again.
    let big = String(repeating: kind == "vcard" ? Self.card : "Zed Z,2001-03-04\n", count: 400)
    let input = kind == "vcard" ? big : "Name,Birthday\n" + big
    let piped = try runBDConvertFromPipe(
      ["convert"], input: Array(input.utf8), environment: ["SOURCE_DATE_EPOCH": "0"])
    let named = try runBDConvert(
      [kind == "vcard" ? "vcf-to-ics" : "csv-to-ics"], stdin: Array(input.utf8))
    #expect(piped.status == 0)
    #expect(piped.stdoutBytes == named.stdoutBytes)
    #expect(piped.stderr == named.stderr)
  }

  @Test func outputDirWritesOneCalendarPerInputAndNamesEach() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("family.vcf", Self.card)
    let csv = try folder.write("team.csv", Self.csv)
    let out = folder.url.path + "/calendars/2026"  // created with its parent
    let result = runInProcess(["convert", vcf, csv, "--output-dir", out])
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "bdconvert: \(vcf) -> \(out)/family.ics: converted 1 event from 1 card\n"))
    #expect(
      result.stderr.contains(
        "bdconvert: \(csv) -> \(out)/team.ics: converted 1 event from 2 rows (1 with problems)\n"))
    let listing = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(listing == ["family.ics", "team.ics"])
    let single = runInProcess(["vcf-to-ics", vcf, "-o", folder.url.path + "/single.ics"])
    #expect(single.status == 0)
    #expect(
      FileManager.default.contents(atPath: out + "/family.ics")
        == FileManager.default.contents(atPath: folder.url.path + "/single.ics"))
  }

  @Test func outputDirGoesOnAfterAnInputThatCannotBeRead() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("a.vcf", Self.card)
    let missing = folder.url.path + "/missing.vcf"
    let result = runInProcess(["convert", missing, vcf, "--output-dir", folder.url.path + "/out"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("cannot open '\(missing)'"))
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.url.path + "/out")
    #expect(listing == ["a.ics"])
  }

  @Test func outputDirThatIsAFileExits73() throws {
    let folder = try TemporaryDirectory()
    let vcf = try folder.write("a.vcf", Self.card)
    let file = try folder.write("plain", "x")
    let result = runInProcess(["convert", vcf, "--output-dir", file])
    #expect(result.status == 73)
  }

  @Test func summaryJSONHasCountsAndSkippedRecordsWithReasons() throws {
    let folder = try TemporaryDirectory()
    let csv = try folder.write("team.csv", Self.csv)
    let summary = folder.url.path + "/summary.json"
    let result = runInProcess([
      "convert", csv, "-o", folder.url.path + "/out.ics", "--summary-json", summary,
    ])
    #expect(result.status == 0)
    let data = try #require(FileManager.default.contents(atPath: summary))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["status"] as? Int == 0)
    #expect(json["version"] as? String == Version.number)
    let calendars = try #require(json["calendars"] as? [[String: Any]])
    #expect(calendars.count == 1)
    let calendar = calendars[0]
    #expect(calendar["inputs"] as? [String] == [csv])
    #expect(calendar["output"] as? String == folder.url.path + "/out.ics")
    #expect(calendar["records"] as? Int == 2)
    #expect(calendar["events"] as? Int == 1)
    #expect(calendar["skipped"] as? Int == 1)
    let problems = try #require(calendar["problems"] as? [[String: Any]])
    #expect(problems.count == 1)
    #expect(problems[0]["file"] as? String == csv)
    #expect(problems[0]["line"] as? Int == 3)
    #expect(problems[0]["dropped"] as? Bool == true)
    #expect(problems[0]["severity"] as? String == "warning")
    #expect((problems[0]["message"] as? String)?.contains("invalid date '1985-02-30'") == true)
  }

  @Test func summaryJSONOnStandardErrorAlsoForAFailedRun() throws {
    let folder = try TemporaryDirectory()
    let csv = try folder.write("team.csv", Self.csv)
    let result = runInProcess([
      "convert", csv, "--strict", "-o", folder.url.path + "/out.ics", "--summary-json", "-",
    ])
    #expect(result.status == 65)
    let start = try #require(result.stderr.range(of: "{\n"))
    let end = try #require(result.stderr.range(of: "\n}\n", options: .backwards))
    let text = String(result.stderr[start.lowerBound..<end.upperBound])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["status"] as? Int == 65)
    let calendar = try #require((json["calendars"] as? [[String: Any]])?.first)
    #expect((calendar["error"] as? String)?.contains("under --strict") == true)
    #expect((calendar["problems"] as? [[String: Any]])?.first?["severity"] as? String == "error")
  }
}
