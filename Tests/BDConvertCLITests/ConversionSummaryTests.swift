import Foundation
import Testing

/// The summary line and `--summary-json` tell records without a date from records with
/// problems, and stay coherent with anniversaries and merged duplicates (issue 12, item 18).
@Suite struct ConversionSummaryTests {
  /// Five cards: a birthday and an anniversary, no date at all, an invalid birthday, a valid
  /// birthday with an invalid anniversary, and the first card again (its events are duplicates).
  static let cards = [
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Amy Ames\r\nBDAY:19800322\r\nANNIVERSARY:20110113\r\nEND:VCARD\r\n",
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:No Date\r\nEND:VCARD\r\n",
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Bad Date\r\nBDAY:1985-02-30\r\nEND:VCARD\r\n",
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Half Bad\r\nBDAY:19900101\r\nANNIVERSARY:soon\r\nEND:VCARD\r\n",
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Amy Ames\r\nBDAY:19800322\r\nANNIVERSARY:20110113\r\nEND:VCARD\r\n",
  ].joined()

  @Test(arguments: [
    (
      false,
      "converted 2 events from 5 cards (1 without a date, 2 with problems, 1 duplicate merged)"
    ),
    (
      true,
      "converted 3 events (2 birthdays, 1 anniversary) from 5 cards (1 without a date, "
        + "2 with problems, 2 duplicates merged)"
    ),
  ])
  func summaryLineSaysWhatHappenedToEachCard(anniversaries: Bool, summary: String) throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("cards.vcf", Self.cards)
    let json = folder.url.path + "/summary.json"
    let result = runInProcess(
      ["vcf-to-ics", input, "-o", folder.url.path + "/out.ics", "--summary-json", json]
        + (anniversaries ? ["--anniversaries"] : []))
    #expect(result.status == 0)
    #expect(result.stderr.hasSuffix("bdconvert: \(summary)\n"), "\(result.stderr)")

    let data = try #require(FileManager.default.contents(atPath: json))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let calendar = try #require((object["calendars"] as? [[String: Any]])?.first)
    #expect(calendar["records"] as? Int == 5)
    #expect(calendar["events"] as? Int == (anniversaries ? 3 : 2))
    #expect(calendar["anniversaries"] as? Int == (anniversaries ? 1 : 0))
    #expect(calendar["withoutDate"] as? Int == 1)
    #expect(calendar["withProblems"] as? Int == 2)
    #expect(calendar["duplicatesMerged"] as? Int == (anniversaries ? 2 : 1))
  }

  @Test func aCleanRunSaysOnlyWhatItConverted() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(
      "team.csv", "Name,Birthday,Anniversary\nAnn Lee,1990-01-02,\nBob Roe,,\n")
    let result = runInProcess(["csv-to-ics", input, "-o", folder.url.path + "/out.ics"])
    #expect(result.stderr == "bdconvert: converted 1 event from 2 rows (1 without a date)\n")
  }
}
