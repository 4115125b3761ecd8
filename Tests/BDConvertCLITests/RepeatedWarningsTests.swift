import BirthdayKit
import Foundation
import Testing

@testable import BDConvertCLI

/// After 20 warnings of one kind the others are counted in one line (issue 12, item 19).
@Suite struct RepeatedWarningsTests {
  static func badCards(_ count: Int) -> String {
    (0..<count).map {
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \($0)\r\nBDAY:\(10 + $0 % 2).02.1985\r\nEND:VCARD\r\n"
    }.joined()
  }
  static let duplicates = String(
    repeating: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Twin\r\nBDAY:1990-01-01\r\nEND:VCARD\r\n",
    count: 4)

  @Test(arguments: [
    (
      "invalid BDAY value '1985-02-30' (expected YYYY-MM-DD, YYYYMMDD or --MM-DD)",
      "invalid BDAY value '…' (expected YYYY-MM-DD, YYYYMMDD or --MM-DD)"
    ),
    (
      "duplicate event UID 2f1c0e4a-1b2c-5d3e-8f40-0a1b2c3d4e5f for 'Miles O'Brien' (birthday); kept the earlier one",
      "duplicate event UID … for '…' (birthday); kept the earlier one"
    ),
    (
      "missing END:VCARD for the card that begins on line 12; a new card begins here",
      "missing END:VCARD for the card that begins on line …; a new card begins here"
    ),
    ("row has 3 fields, the header has 5", "row has … fields, the header has …"),
    (
      "column 'Date of birth': invalid date 'next tuesday' (expected YYYY-MM-DD)",
      "column '…': invalid date '…' (expected YYYY-MM-DD)"
    ),
    (
      "text outside BEGIN:VCARD/END:VCARD skipped: 'it''",
      "text outside BEGIN:VCARD/END:VCARD skipped: '…'"
    ),
  ])
  func heldBackKindsAreNamedByTheMessageWithItsValuesMasked(message: String, key: String) {
    #expect(DiagnosticKind.pattern(of: Diagnostic(message, at: nil)) == key)
  }

  /// Diagnostics are grouped by their kind, not by their wording: two messages of one kind with
  /// different words are one group, and the same words of two kinds are two.
  @Test func groupsAreTheDiagnosticKinds() throws {
    let printer = DiagnosticPrinter(strict: false)
    let report = printer.handler
    let output = OutputCapture()
    StandardStreams.$capture.withValue(output) {
      for index in 0..<25 {
        report(
          Diagnostic(
            Diagnostic.Message(
              .vCardInvalidDate, "invalid \(index % 2 == 0 ? "BDAY" : "X-DAY") \(index)"),
            at: nil))
        report(Diagnostic(Diagnostic.Message(.csvInvalidDate, "invalid BDAY \(index)"), at: nil))
      }
      printer.finish()
    }
    #expect(output.error.contains("5 more warnings like \"invalid BDAY …\""))
    #expect(output.error.components(separatedBy: "more warnings like").count == 3)
  }

  /// Runs of held-back diagnostics of one kind, between runs of another, are counted to their
  /// own kind (the printer counts a run without looking its kind up again).
  @Test func runsOfHeldBackKindsAreCountedToTheirKind() {
    let printer = DiagnosticPrinter(strict: false)
    let report = printer.handler
    let output = OutputCapture()
    let runs: [(Diagnostic.Kind, Int)] = [
      (.vCardInvalidDate, 23), (.csvInvalidDate, 21), (.vCardInvalidDate, 4), (.csvInvalidDate, 2),
      (.vCardInvalidDate, 1),
    ]
    StandardStreams.$capture.withValue(output) {
      for (kind, count) in runs {
        for index in 0..<count {
          report(Diagnostic(Diagnostic.Message(kind, "invalid date \(index)"), at: nil))
        }
      }
      printer.finish()
    }
    let notes = output.error.split(separator: "\n").filter { $0.contains("more warnings like") }
    #expect(notes.count == 2)
    #expect(notes.first?.contains(" 8 more warnings like \"invalid date …\" not shown") == true)
    #expect(notes.last?.contains(" 3 more warnings like \"invalid date …\" not shown") == true)
  }

  @Test func moreThanTwentyOfOneKindAreCountedInOneLine() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("cards.vcf", Self.badCards(25) + Self.duplicates)
    let json = folder.url.path + "/summary.json"
    let result = runInProcess([
      "vcf-to-ics", input, "-o", folder.url.path + "/out.ics", "--summary-json", json,
    ])
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.filter { $0.contains("warning: invalid BDAY value") }.count == 20)
    #expect(lines.filter { $0.contains("warning: duplicate event UID") }.count == 3)
    #expect(
      lines.suffix(2) == [
        "bdconvert: note: 5 more warnings like \"invalid BDAY value '…' (expected YYYY-MM-DD, "
          + "YYYYMMDD or --MM-DD)\" not shown (--verbose shows all)",
        "bdconvert: converted 1 event from 29 cards (25 with problems, 3 duplicates merged)",
      ])
    // The JSON summary keeps every one of them.
    let data = try #require(FileManager.default.contents(atPath: json))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let calendar = try #require((object["calendars"] as? [[String: Any]])?.first)
    #expect((calendar["problems"] as? [[String: Any]])?.count == 28)
  }

  /// `--quiet` promises no notes: the warnings still print, the count of the others does not.
  @Test func quietPrintsTheWarningsWithoutTheNote() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("cards.vcf", Self.badCards(25))
    for flag in ["--quiet", "-q"] {
      let result = runInProcess(["vcf-to-ics", input, "-o", folder.url.path + "/out.ics", flag])
      #expect(result.status == 0)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.filter { $0.contains("warning: invalid BDAY value") }.count == 20)
      #expect(lines.filter { $0.contains("note:") || $0.contains("converted") }.isEmpty)
    }
  }

  @Test func verboseShowsThemAll() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("cards.vcf", Self.badCards(25))
    for flag in ["--verbose", "-v"] {
      let result = runInProcess(["vcf-to-ics", input, "-o", folder.url.path + "/out.ics", flag])
      #expect(result.stderr.split(separator: "\n").filter { $0.contains("warning:") }.count == 25)
      #expect(!result.stderr.contains("not shown"))
    }
  }

  @Test func underStrictTheyAreErrorsAndStillCounted() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("cards.vcf", Self.badCards(22))
    let result = runInProcess(["vcf-to-ics", input, "-o", folder.url.path + "/out.ics", "--strict"])
    #expect(result.status == 65)
    #expect(
      result.stderr.split(separator: "\n").filter { $0.contains(": error: invalid") }.count == 20)
    #expect(result.stderr.contains("bdconvert: note: 2 more errors like \"invalid BDAY value"))
    #expect(
      result.stderr.hasSuffix(
        "bdconvert: error: 22 input problems under --strict; '\(folder.url.path)/out.ics' was not written\n"
      ))
  }

  @Test func listCutsRepeatedWarningsShortToo() throws {
    let folder = try TemporaryDirectory()
    let events = (0..<23).map {
      "BEGIN:VEVENT\r\nUID:e\($0)\r\nDTSTART;VALUE=DATE:20200101\r\nRRULE:RSCALE=HEBREW;FREQ=YEARLY\r\nEND:VEVENT\r\n"
    }.joined()
    let input = try folder.write("cal.ics", "BEGIN:VCALENDAR\r\n" + events + "END:VCALENDAR\r\n")
    let result = runInProcess(["list", input, "--today", "2027-01-01"])
    #expect(result.status == 0)
    #expect(result.stderr.split(separator: "\n").filter { $0.contains("warning:") }.count == 20)
    #expect(result.stderr.hasSuffix("(--verbose shows all)\n"))
    #expect(result.stderr.contains("bdconvert: note: 3 more warnings like"))
    let verbose = runInProcess(["list", input, "--today", "2027-01-01", "-v"])
    #expect(verbose.stderr.split(separator: "\n").count == 23)
  }
}
