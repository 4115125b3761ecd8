import Foundation
import TestSupport
import Testing

/// `list` and `delete` reading standard input from a pipe, which cannot be rewound.
@Suite(.tags(.slow), .slowTimeLimit) struct PipedListAndDeleteTests {
  /// About 10 MB: more than `delete` keeps of a pipe in memory (8 MiB).
  static let largeCalendar: String = {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n"
    for index in 0..<24_000 {
      let uid = "uid-\(index % 15_000)@example.com"  // repeated masters
      let override = index % 7 == 3 ? "RECURRENCE-ID;VALUE=DATE:20270101\r\n" : ""
      text +=
        "BEGIN:VEVENT\r\nUID:\(uid)\r\n\(override)SUMMARY:Birthday: Person \(index)\r\n"
        + "DTSTART;VALUE=DATE:19\(50 + index % 50)0\(1 + index % 9)1\(index % 9)\r\n"
        + "RRULE:FREQ=YEARLY\r\nDESCRIPTION:\(String(repeating: "Some text\\, like real ones. ", count: 6))\r\n"
        + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Reminder\r\n"
        + "END:VALARM\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }()

  @Test func listReadsAPipeWithoutTouchingTheDisk() throws {
    let input = Array(DeleteAndListCommandTests.calendar.utf8)
    // A small calendar is sorted in memory: an unusable TMPDIR does not matter.
    let result = try runBDConvertFromPipe(
      ["list", "--today", "2027-01-01"], input: input,
      environment: ["TMPDIR": "/nonexistent/bdconvert-test"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout
        == "2027-03-02\t1972-02-29\tgone\tLeap \"quoted\"\n2027-07-04\t1990-07-04\tkeep\tTom\n")
  }

  @Test func largeCalendarThroughAPipeListsAndDeletesAsFromTheFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", Self.largeCalendar)
    let spill = try TemporaryDirectory()
    let input = Array(Self.largeCalendar.utf8)
    #expect(input.count > 8 << 20)

    let listing = ["list", "--today", "2026-06-15"]
    let listedFromFile = try runBDConvert(listing + [path])
    let listedFromPipe = try runBDConvertFromPipe(
      listing, input: input, environment: ["TMPDIR": spill.url.path])
    #expect(listedFromFile.status == 0 && listedFromPipe.status == 0)
    #expect(listedFromPipe.stdout == listedFromFile.stdout)
    #expect(listedFromPipe.stdout.split(separator: "\n").count == 15_000)

    let gone = "uid-42@example.com"
    let fromFile = try runBDConvert(["delete", "--uid", gone, path])
    let fromPipe = try runBDConvertFromPipe(
      ["delete", "--uid", gone], input: input, environment: ["TMPDIR": spill.url.path])
    #expect(fromFile.status == 0 && fromPipe.status == 0)
    #expect(fromPipe.stdoutBytes == fromFile.stdoutBytes)
    #expect(fromPipe.stdoutBytes.count < input.count)
    #expect(!fromPipe.stdout.contains("UID:\(gone)\r\n"))
    #expect(fromPipe.stderr.hasSuffix("bdconvert: removed 1 event\n"))
    #expect(spill.listing() == [])  // the copy of standard input had no name
  }

  @Test func deleteFromALargePipeNeedsATemporaryFolder() throws {
    let result = try runBDConvertFromPipe(
      ["delete", "--uid", "uid-1@example.com"], input: Array(Self.largeCalendar.utf8),
      environment: ["TMPDIR": "/nonexistent/bdconvert-test"])
    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "bdconvert: error: cannot create a temporary file in '/nonexistent/bdconvert-test': "
        + "No such file or directory\n")
  }

  @Test func deleteIntoAFileReadsALargePipeOnceWithoutACopy() throws {
    // The output is a temporary file renamed on success, so the calendar is not checked on a
    // first pass and the pipe needs no copy: an unusable TMPDIR does not matter.
    let folder = try TemporaryDirectory()
    let input = Array(Self.largeCalendar.utf8)
    let out = folder.url.appendingPathComponent("out.ics").path
    let result = try runBDConvertFromPipe(
      ["delete", "--uid", "uid-1@example.com", "-o", out], input: input,
      environment: ["TMPDIR": "/nonexistent/bdconvert-test"])
    #expect(result.status == 0)
    #expect(result.stderr == "bdconvert: removed 1 event\n")
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
    #expect(written.count < input.count)
    #expect(!String(decoding: written, as: UTF8.self).contains("UID:uid-1@example.com\r\n"))
  }

  @Test func deleteOfAMalformedPipeIntoAFileLeavesNoFile() throws {
    let folder = try TemporaryDirectory()
    let out = folder.url.appendingPathComponent("out.ics").path
    let input = Array((Self.largeCalendar.dropLast(15) + "BEGIN:VEVENT\r\n").utf8)
    let result = try runBDConvertFromPipe(
      ["delete", "--uid", "uid-1@example.com", "-o", out], input: input)
    #expect(result.status == 65)
    #expect(folder.listing() == [])
  }
}
