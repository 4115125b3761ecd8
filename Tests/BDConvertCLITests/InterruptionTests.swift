import Foundation
import TestSupport
import Testing

/// An interrupted run (SIGINT, SIGTERM) never damages the file it was rewriting and leaves no
/// temporary file behind.
@Suite(.tags(.slow), .slowTimeLimit) struct InterruptionTests {
  /// A calendar large enough that rewriting it takes a while in a debug build.
  static func largeCalendar() -> [UInt8] {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for index in 0..<60_000 {
      text +=
        "BEGIN:VEVENT\r\nUID:event-\(index)\r\nDTSTAMP:19700101T000000Z\r\nDTSTART;VALUE=DATE:19850412\r\nSUMMARY:Event \(index)\r\nEND:VEVENT\r\n"
    }
    return Array((text + "END:VCALENDAR\r\n").utf8)
  }

  // The binary is started with no signal blocked (``SignalableChild``) and stopped once it
  // writes, so that each signal arrives while it writes.
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func interruptedInPlaceDeleteKeepsTheOriginal(signal: Int32) throws {
    let folder = try TemporaryDirectory()
    let original = Self.largeCalendar()
    let path = try folder.write("calendar.ics", original)
    let child = try SignalableChild(
      bdconvertBinary.path, ["delete", "--uid", "event-59999", "--in-place", path])
    #expect(
      child.stopOnceItOpens(in: folder) {
        !["calendar.ics", ".calendar.ics.bdconvert-lock"].contains($0)
      },
      "the delete finished before it was stopped")
    kill(child.pid, signal)
    kill(child.pid, SIGCONT)
    #expect(child.wait().signal == signal)
    #expect(folder.read("calendar.ics") == original, "an interrupted run changed the original")
    #expect(
      folder.listing() == [".calendar.ics.bdconvert-lock", "calendar.ics"],
      "a temporary file was left behind")
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func interruptedConversionLeavesNoPartialOutput(signal: Int32) throws {
    let folder = try TemporaryDirectory()
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
    let input = try folder.write("contacts.vcf", String(repeating: card, count: 100_000))
    let output = try folder.write("birthdays.ics", "previous")
    let child = try SignalableChild(
      bdconvertBinary.path, ["vcf-to-ics", input, "-o", output, "--threads", "1"])
    #expect(
      child.stopOnceItOpens(in: folder) { !["contacts.vcf", "birthdays.ics"].contains($0) },
      "the conversion finished before it was stopped")
    kill(child.pid, signal)
    kill(child.pid, SIGCONT)
    #expect(child.wait().signal == signal)
    #expect(folder.read("birthdays.ics") == Array("previous".utf8))
    #expect(folder.listing() == ["birthdays.ics", "contacts.vcf"])
  }
}
