import Foundation
import Testing

/// An interrupted run (SIGINT, SIGTERM) never damages the file it was rewriting and leaves no
/// temporary file behind.
@Suite struct InterruptionTests {
  /// A calendar large enough that rewriting it takes a while in a debug build.
  static func largeCalendar() -> [UInt8] {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for index in 0..<60_000 {
      text +=
        "BEGIN:VEVENT\r\nUID:event-\(index)\r\nDTSTAMP:19700101T000000Z\r\nDTSTART;VALUE=DATE:19850412\r\nSUMMARY:Event \(index)\r\nEND:VEVENT\r\n"
    }
    return Array((text + "END:VCALENDAR\r\n").utf8)
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func interruptedInPlaceDeleteKeepsTheOriginal(signal: Int32) throws {
    let folder = try TemporaryDirectory()
    let original = Self.largeCalendar()
    let path = try folder.write("calendar.ics", original)
    let process = Process()
    process.executableURL = bdconvertBinary
    process.arguments = ["delete", "--uid", "event-59999", "--in-place", path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(30_000)  // let it start reading and writing
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let after = folder.read("calendar.ics") ?? []
    if process.terminationReason == .uncaughtSignal {
      #expect(process.terminationStatus == signal)
      #expect(after == original, "an interrupted run changed the original")
    } else {
      // It finished before the signal arrived: then the edit must be complete.
      #expect(process.terminationStatus == 0)
      #expect(after.count < original.count && after.starts(with: Array("BEGIN:VCALENDAR".utf8)))
    }
    #expect(
      folder.listing() == [".calendar.ics.bdconvert-lock", "calendar.ics"],
      "a temporary file was left behind")
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func interruptedConversionLeavesNoPartialOutput(signal: Int32) throws {
    let folder = try TemporaryDirectory()
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
    let input = try folder.write("contacts.vcf", String(repeating: card, count: 100_000))
    let output = try folder.write("birthdays.ics", "previous")
    let process = Process()
    process.executableURL = bdconvertBinary
    process.arguments = ["vcf-to-ics", input, "-o", output, "--threads", "1"]
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(30_000)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let result = String(decoding: folder.read("birthdays.ics") ?? [], as: UTF8.self)
    if process.terminationReason == .uncaughtSignal {
      #expect(result == "previous")
    } else {
      #expect(result.hasSuffix("END:VCALENDAR\r\n"))
    }
    #expect(folder.listing() == ["birthdays.ics", "contacts.vcf"])
  }
}
