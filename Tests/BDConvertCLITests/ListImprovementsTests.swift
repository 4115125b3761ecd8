import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// `list`: anniversaries keep their year, aligned columns on a terminal, several files
/// (issue 12, item 21).
@Suite struct ListImprovementsTests {
  @Test func anniversariesKeepTheirYear() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(
      "cards.vcf",
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann Lee\r\nANNIVERSARY:19980523\r\nEND:VCARD\r\n"
        + "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Old Pair\r\nBDAY:--0101\r\nANNIVERSARY:19650612\r\nEND:VCARD\r\n"
    )
    let calendar = folder.url.path + "/cal.ics"
    #expect(runInProcess(["vcf-to-ics", input, "--anniversaries", "-o", calendar]).status == 0)
    let written = String(decoding: folder.read("cal.ics") ?? [], as: UTF8.self)
    #expect(written.contains("DTSTART;VALUE=DATE:19980523\r\n"))
    #expect(written.contains("DESCRIPTION:Since 1998-05-23\r\n"))
    let result = runInProcess(["list", calendar, "--today", "2027-01-01"])
    #expect(result.status == 0)
    let dates = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
    #expect(dates == ["--01-01", "1998-05-23", "1965-06-12"])
  }

  @Test func severalFilesAreListedAsOneFirstFileWins() throws {
    let folder = try TemporaryDirectory()
    func calendar(_ events: [(String, String, String)]) -> String {
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n"
        + events.map { uid, summary, date in
          "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(summary)\r\nDTSTART;VALUE=DATE:\(date)\r\n"
            + "RRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
        }.joined() + "END:VCALENDAR\r\n"
    }
    let family = try folder.write(
      "family.ics", calendar([("a", "Ann", "19900301"), ("shared", "From family", "19800601")]))
    let work = try folder.write(
      "work.ics", calendar([("shared", "From work", "19800601"), ("b", "Bob", "19700201")]))
    let result = runInProcess(["list", family, work, "--today", "2027-01-01"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "2027-02-01\t1970-02-01\tb\tBob\n2027-03-01\t1990-03-01\ta\tAnn\n"
        + "2027-06-01\t1980-06-01\tshared\tFrom family\n")
    let reversed = runInProcess(["list", work, family, "--today", "2027-01-01"])
    #expect(reversed.stdout.contains("\tshared\tFrom work\n"))
    let missing = runInProcess(["list", family, folder.url.path + "/none.ics"])
    #expect(missing.status == 66 && missing.stdout.isEmpty)
    let twice = runInProcess(["list", "-", "-"])
    #expect(twice.status == 64)
  }

  @Test func severalFilesNameTheFileInWarnings() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.write(
      "good.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;VALUE=DATE:20200101\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    let odd = try folder.write(
      "odd.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:y\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    let result = runInProcess(["list", good, odd, "--today", "2027-01-01"])
    #expect(result.stderr == "\(odd):2: warning: VEVENT 'y' has no DTSTART\n")
  }

  @Test func tableAlignsColumnsUnderAHeader() {
    let capture = OutputCapture()
    StandardStreams.$capture.withValue(capture) {
      var table = ListTable()
      table.add("2027-02-28\t1972-02-29\tlong-uid-1234\tBirthday: Jane Doe")
      table.add("-\t--05-23\tu\tAnniversary: Ann\tand a tab")
      table.finish()
    }
    #expect(
      capture.output == """
        NEXT        DATE        UID            SUMMARY
        2027-02-28  1972-02-29  long-uid-1234  Birthday: Jane Doe
        -           --05-23     u              Anniversary: Ann\tand a tab

        """)
  }

  @Test(
    .tags(.slow), .slowTimeLimit,
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script") || isCI,
      "needs script(1) from util-linux for a pseudo-terminal"))
  func terminalGetsTheTablePipesKeepTabs() throws {
    let folder = try TemporaryDirectory()
    let calendar = try folder.write("cal.ics", DeleteAndListCommandTests.calendar)
    let command = "'\(bdconvertBinary.path)' list '\(calendar)' --today 2027-01-01"
    let terminal = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"])
    #expect(terminal.status == 0)
    #expect(
      terminal.stdout
        == "NEXT        DATE        UID   SUMMARY\r\n"
        + "2027-03-02  1972-02-29  gone  Leap \"quoted\"\r\n"
        + "2027-07-04  1990-07-04  keep  Tom\r\n")
    let piped = try runProcess("/bin/sh", ["-c", command + " | cat"])
    #expect(
      piped.stdout
        == "2027-03-02\t1972-02-29\tgone\tLeap \"quoted\"\n2027-07-04\t1990-07-04\tkeep\tTom\n")
  }
}
