import Foundation
import TestSupport
import Testing

/// End-to-end tests of `delete` and `list` through the built binary.
@Suite(.tags(.slow), .slowTimeLimit) struct DeleteAndListCommandTests {
  static let calendar =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nX-WR-CALNAME:Mixed\r\n"
    + "BEGIN:VEVENT\r\nUID:keep\r\nSUMMARY:Tom\r\nDTSTART;VALUE=DATE:19900704\r\n"
    + "RRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
    + "BEGIN:VEVENT\nUID:gone\nSUMMARY:Leap \"quoted\"\nDTSTART;VALUE=DATE:19720229\n"
    + "RRULE:FREQ=YEARLY;BYYEARDAY=60\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:PT8H\nEND:VALARM\n"
    + "END:VEVENT\n"
    + "BEGIN:VEVENT\r\nUID:gone\r\nRECURRENCE-ID;VALUE=DATE:20270301\r\nDTSTART;VALUE=DATE:20270302\r\n"
    + "END:VEVENT\r\n"
    + "END:VCALENDAR\r\n"
  static let withoutGone =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nX-WR-CALNAME:Mixed\r\n"
    + "BEGIN:VEVENT\r\nUID:keep\r\nSUMMARY:Tom\r\nDTSTART;VALUE=DATE:19900704\r\n"
    + "RRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
    + "END:VCALENDAR\r\n"

  @Test func deleteInPlaceRewritesOnlyTheMatchingComponents() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", Self.calendar)
    let result = try runBDConvert(["delete", "--uid", "gone", "--uid", "nope", path, "--in-place"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "bdconvert: warning: UID 'nope' not found in the calendar\nbdconvert: removed 1 event\n"
    )
    #expect(folder.read("cal.ics") == Array(Self.withoutGone.utf8))
    #expect(folder.listing() == [".cal.ics.bdconvert-lock", "cal.ics"])  // the lock, as sync's
  }

  @Test func deleteFromStandardInputWithUIDsFromFile() throws {
    let folder = try TemporaryDirectory()
    let uids = try folder.write("uids.txt", "gone\r\n\r\n")
    let result = try runBDConvert(
      ["delete", "--uids-from", uids], stdin: Array(Self.calendar.utf8))
    #expect(result.status == 0)
    #expect(result.stdout == Self.withoutGone)
  }

  @Test func malformedCalendarWritesNothing() throws {
    let folder = try TemporaryDirectory()
    let broken = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:gone\r\nEND:VCALENDAR\r\n"
    let path = try folder.write("cal.ics", broken)
    for arguments in [[path, "--in-place"], [path, "-o", folder.url.path + "/out.ics"], [path]] {
      let result = try runBDConvert(["delete", "--uid", "gone"] + arguments)
      #expect(result.status == 65)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == "\(path):4: error: END:VCALENDAR does not match BEGIN:VEVENT on line 2\n")
    }
    let piped = try runBDConvert(["delete", "--uid", "gone"], stdin: Array(broken.utf8))
    #expect(piped.status == 65 && piped.stdout.isEmpty)
    #expect(folder.read("cal.ics") == Array(broken.utf8))
    #expect(folder.listing() == [".cal.ics.bdconvert-lock", "cal.ics"])
  }

  @Test func inPlaceOntoAnUncreatableOutputKeepsTheOriginal() throws {
    // A FIFO or folder cannot be replaced; -o into a missing folder cannot be created.
    let folder = try TemporaryDirectory()
    let path = try folder.write("cal.ics", Self.calendar)
    let result = try runBDConvert(
      ["delete", "--uid", "gone", path, "-o", folder.url.path + "/missing/out.ics"])
    #expect(result.status == 73)
    #expect(folder.read("cal.ics") == Array(Self.calendar.utf8))
    #expect(folder.listing() == ["cal.ics"])
    let onto = try runBDConvert(["delete", "--uid", "gone", path, "-o", path])
    #expect(onto.status == 64)
    #expect(folder.read("cal.ics") == Array(Self.calendar.utf8))
  }

  @Test func missingInputIsNoInput() throws {
    #expect(try runBDConvert(["delete", "--uid", "a", "/nonexistent/a.ics"]).status == 66)
    #expect(try runBDConvert(["list", "/nonexistent/a.ics"]).status == 66)
  }

  @Test func listTextAndJSON() throws {
    let input = Array(Self.calendar.utf8)
    let text = try runBDConvert(["list", "--today", "2027-01-01"], stdin: input)
    #expect(text.status == 0)
    // The override of "gone" moved its 1 March 2027 to 2 March.
    #expect(
      text.stdout
        == "2027-03-02\t1972-02-29\tgone\tLeap \"quoted\"\n2027-07-04\t1990-07-04\tkeep\tTom\n")
    let json = try runBDConvert(["list", "-", "--json", "--today=2028-03-01"], stdin: input)
    #expect(
      json.stdout
        == "{\"uid\":\"keep\",\"summary\":\"Tom\",\"date\":\"1990-07-04\",\"next\":\"2028-07-04\",\"rrule\":\"FREQ=YEARLY\"}\n"
        + "{\"uid\":\"gone\",\"summary\":\"Leap \\\"quoted\\\"\",\"date\":\"1972-02-29\",\"next\":\"2029-03-01\",\"rrule\":\"FREQ=YEARLY;BYYEARDAY=60\"}\n"
    )
  }

}
