import Foundation
import TestSupport
import Testing

/// `csv-to-ics` end to end through the built binary.
@Suite(.tags(.slow), .slowTimeLimit) struct CSVCommandTests {
  @Test func windows1252FileWithEmbeddedNewlines() throws {
    let folder = try TemporaryDirectory()
    // Outlook-style: quoted, Windows-1252 (ü = FC, € = 80), a note spanning two lines.
    let bytes =
      Array("\"First Name\",\"Last Name\",\"Notes\",\"Birthday\"\r\n\"J".utf8) + [0xFC]
      + Array("rgen\",\"M".utf8) + [0xFC] + Array("ller\",\"costs 5 ".utf8) + [0x80]
      + Array("\r\nnext line\",\"1985-04-12\"\r\n\"Ann\",\"Lee\",\"\",\"1990-01-02\"\r\n".utf8)
    let input = try folder.write("outlook.csv", bytes)
    let result = try runBDConvert(["csv-to-ics", input])
    #expect(result.status == 0)
    #expect(result.stdout.contains("SUMMARY:Birthday: Jürgen Müller\r\n"))
    #expect(result.stdout.contains("SUMMARY:Birthday: Ann Lee\r\n"))
    #expect(
      result.stderr == """
        \(input):2: warning: the file is not valid UTF-8; reading it as Windows-1252
        bdconvert: converted 2 events from 2 rows

        """)
  }

  @Test func missingBirthdayColumnExits65WithTheHeaders() throws {
    let result = try runBDConvert(
      ["csv-to-ics"], stdin: Array("First Name,E-mail\nJane,j@x\n".utf8))
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "<stdin>:1: error: no birthday column: the header row has 'First Name', 'E-mail'; map one with --column birthday=HEADER\n"
    )
    #expect(result.stdout.isEmpty || !result.stdout.contains("VEVENT"))
  }

  @Test func ambiguousDatesExit65UntilTheOrderIsGiven() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("team.csv", "Name;Geburtstag\nA;5/10/1971\nB;6/11/1972\n")
    let output = folder.url.appendingPathComponent("out.ics").path
    let ambiguous = try runBDConvert([
      "csv-to-ics", input, "--column", "birthday=Geburtstag", "-o", output,
    ])
    #expect(ambiguous.status == 65)
    #expect(ambiguous.stderr.contains("use --date-order mdy or --date-order dmy"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let ordered = try runBDConvert([
      "csv-to-ics", input, "--column", "birthday=Geburtstag", "--date-order", "dmy", "--delimiter",
      ";", "-o", output,
    ])
    #expect(ordered.status == 0)
    let calendar = try String(contentsOfFile: output, encoding: .utf8)
    #expect(calendar.contains("DTSTART;VALUE=DATE:19721005\r\n"))  // born 1971: starts in 1972
    #expect(calendar.contains("DTSTART;VALUE=DATE:19721106\r\n"))
  }

  @Test func sameContactGetsTheSameUIDFromVCardAndCSV() throws {
    let vcard = try runBDConvert(
      ["vcf-to-ics"],
      stdin: Array(
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ola Nordmann\r\nBDAY:--1224\r\nEND:VCARD\r\n".utf8))
    let csv = try runBDConvert(
      ["csv-to-ics"], stdin: Array("First Name,Last Name,Birthday\nOla,Nordmann,--12-24\n".utf8))
    let uid = { (text: String) in
      text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }
    }
    #expect(uid(vcard.stdout) != nil)
    #expect(uid(vcard.stdout) == uid(csv.stdout))
  }

  @Test func strictFailsOnAnInvalidDateAndWritesNothing() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("in.csv", "Name,Birthday\nA,1985-02-30\nB,1985-01-01\n")
    let output = folder.url.appendingPathComponent("out.ics").path
    let result = try runBDConvert(["csv-to-ics", input, "--strict", "-o", output])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("\(input):2:3: error: column 'Birthday': invalid date '1985-02-30'"))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(folder.listing() == ["in.csv"])
  }
}
