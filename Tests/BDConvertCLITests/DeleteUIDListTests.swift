import Foundation
import TestSupport
import Testing

/// `delete` with a UID list that may be empty (issue 12, item 23), and its summary in events.
@Suite struct DeleteUIDListTests {
  static let calendar = DeleteAndListCommandTests.calendar

  @Test(.tags(.slow), .slowTimeLimit) func emptyListFromAPipeIsNothingToDelete() throws {
    // The README's pipeline when grep matches nothing: exit 0, and the calendar stays as it was.
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", Self.calendar)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      "\"$0\" list \"$1\" | grep Nobody | cut -f3 | \"$0\" delete --uids-from - \"$1\" --in-place",
      bdconvertBinary.path, path,
    ]
    process.environment = bdconvertEnvironment([:])
    process.standardInput = FileHandle.nullDevice
    let result = try runCollectingOutput(process, in: folder)
    #expect(result.status == 0)
    #expect(result.stderr == "bdconvert: nothing to delete (no UID in standard input)\n")
    #expect(folder.read("cal.ics") == Array(Self.calendar.utf8))
  }

  @Test(.tags(.slow), .slowTimeLimit) func emptyListStillCopiesTheCalendarToTheOutput() throws {
    // `delete ... > new.ics && mv new.ics cal.ics` must not lose the calendar.
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", Self.calendar)
    let uids = try folder.write("uids.txt", "\n\n")
    let result = try runBDConvert(["delete", "--uids-from", uids, path])
    #expect(result.status == 0)
    #expect(result.stdout == Self.calendar)
    #expect(result.stderr == "bdconvert: nothing to delete (no UID in '\(uids)')\n")
    let fromStdin = try runBDConvert(
      ["delete", "--uids-from", "-", path, "-o", folder.url.path + "/out.ics"], stdin: [])
    #expect(fromStdin.status == 0)
    #expect(folder.read("out.ics") == Array(Self.calendar.utf8))
  }

  @Test(.tags(.slow), .slowTimeLimit) func emptyListOnAMalformedCalendarIsStillADataError() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n")
    let result = try runBDConvert(["delete", "--uids-from", "-", path, "--in-place"], stdin: [])
    #expect(result.status == 65)
  }

  @Test func noUIDOptionAtAllIsStillAUsageError() {
    let result = runInProcess(["delete", "cal.ics"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("no UID given"))
  }

  @Test func summaryCountsEventsNotComponents() throws {
    // 'gone' is a master and one RECURRENCE-ID override: one event, two components.
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", Self.calendar)
    let output = folder.url.path + "/out.ics"
    let one = runInProcess(["delete", "--uid", "gone", path, "-o", output])
    #expect(one.status == 0)
    #expect(one.stderr == "bdconvert: removed 1 event\n")
    let two = runInProcess(["delete", "--uid", "gone", "--uid", "keep", path, "-o", output])
    #expect(two.stderr == "bdconvert: removed 2 events\n")
  }
}
