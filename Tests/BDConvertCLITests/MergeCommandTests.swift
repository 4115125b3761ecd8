import Foundation
import Testing

/// `merge`, in process with files.
@Suite struct MergeCommandTests {
  static func calendar(_ events: String, name: String = "Birthdays") -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//\(name)//EN\r\nX-WR-CALNAME:\(name)\r\n"
      + events + "END:VCALENDAR\r\n"
  }

  static func event(_ uid: String, _ summary: String, stamp: String = "20260101T000000Z")
    -> String
  {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:\(stamp)\r\nDTSTART;VALUE=DATE:19850412\r\n"
      + "SUMMARY:\(summary)\r\nEND:VEVENT\r\n"
  }

  static let zone =
    "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
    + "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"

  @Test func sameUIDTwiceIsOneEventAndADifferenceIsAWarning() throws {
    let folder = try TemporaryDirectory()
    let first = try folder.write(
      "a.ics",
      Self.calendar(Self.zone + Self.event("x", "Jane") + Self.event("y", "Tom"), name: "First"))
    let second = try folder.write(
      "b.ics",
      Self.calendar(
        Self.zone + Self.event("x", "Jane", stamp: "20270101T000000Z")
          + Self.event("y", "Thomas") + Self.event("z", "Zoe"), name: "Second"))
    let output = folder.url.path + "/all.ics"
    let result = runInProcess(["merge", first, second, "-o", output])
    #expect(result.status == 0)
    #expect(
      result.stderr == "\(second):19: warning: UID 'y' differs from the one in \(first):19; "
        + "kept that one\n"
        + "bdconvert: merged 2 calendars: 4 components, left out 3 duplicates (1 differing)\n")
    let merged = String(decoding: folder.read("all.ics") ?? [], as: UTF8.self)
    #expect(
      merged
        == Self.calendar(
          Self.zone + Self.event("x", "Jane") + Self.event("y", "Tom") + Self.event("z", "Zoe"),
          name: "First"))
  }

  @Test func overridesOfOneUIDStayTogether() throws {
    let folder = try TemporaryDirectory()
    let override =
      "BEGIN:VEVENT\r\nUID:x\r\nRECURRENCE-ID;VALUE=DATE:20270412\r\nSUMMARY:Jane 42\r\n"
      + "END:VEVENT\r\n"
    let first = try folder.write("a.ics", Self.calendar(Self.event("x", "Jane") + override))
    let second = try folder.write("b.ics", Self.calendar(Self.event("x", "Jane") + override))
    let output = folder.url.path + "/all.ics"
    let result = runInProcess(["merge", first, second, "-o", output, "-q"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(folder.read("all.ics") == folder.read("a.ics"))
  }

  @Test func malformedInputWritesNothingAndOutputOntoAnInputIsRefused() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.write("a.ics", Self.calendar(Self.event("x", "Jane")))
    let bad = try folder.write("b.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n")
    let output = folder.url.path + "/all.ics"
    let malformed = runInProcess(["merge", good, bad, "-o", output])
    #expect(malformed.status == 65)
    #expect(malformed.stderr.hasPrefix("\(bad):3: error: END:VCALENDAR does not match"))
    let onto = runInProcess(["merge", good, bad, "-o", good])
    #expect(onto.status == 64)
    #expect(folder.listing() == ["a.ics", "b.ics"])
    let missing = runInProcess(["merge", good, folder.url.path + "/none.ics", "-o", output])
    #expect(missing.status == 66)
  }
}
