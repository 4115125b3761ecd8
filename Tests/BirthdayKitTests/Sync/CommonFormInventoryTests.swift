import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// The common-form reading of a calendar file's inventory (``CommonFormInventory``) must give
/// exactly what the general scanner gives, and must leave every file it cannot read with
/// certainty (every one the scanner refuses among them) to the scanner.
@Suite struct CommonFormInventoryTests {
  static let set = "birthdays"

  /// Checks one calendar, read in blocks of `blockSize` bytes; returns whether the common form
  /// read it.
  @discardableResult
  static func check(_ calendar: [UInt8], _ comment: Comment? = nil, blockSize: Int = 1 << 20)
    throws -> Bool
  {
    let general: SyncInventory?
    do {
      general = try FileSyncTarget.inventory(
        of: MemoryByteSource(calendar), fileName: "t.ics", set: set,
        expectedCount: calendar.count / 400)
    } catch is InputFormatError {
      general = nil
    }
    let common = try CommonFormInventory.read(
      MemoryRandomAccessSource(calendar), set: set, expectedCount: calendar.count / 400,
      blockSize: blockSize)
    guard let common else { return false }
    let scanned = try #require(general, "the common form read a calendar the scanner refuses")
    #expect(try common.matches(scanned), comment)
    return true
  }

  static func event(_ uid: String, _ lines: String = "") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:19700101T000000Z\r\nX-BDCONVERT-SET:birthdays\r\n"
      + "DTSTART;VALUE=DATE:19850412\r\nSUMMARY:Birthday: \(uid)\r\n\(lines)END:VEVENT\r\n"
  }

  static func calendar(_ events: String...) -> [UInt8] {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n" + events.joined() + "END:VCALENDAR\r\n")
        .utf8)
  }

  @Test func commonCalendarsAreReadAsTheScannerReadsThem() throws {
    let cases: [[UInt8]] = [
      Self.calendar(),
      Self.calendar(Self.event("a"), Self.event("b")),
      // Folded lines, escapes, an alarm, an override away from its master, a second copy, other
      // components, another set, a user's event without a mark, a SEQUENCE, lower-case names.
      Self.calendar(
        Self.event("x\\,y", "DESCRIPTION:Born 1985-04-12\r\nSEQUENCE:3\r\n"),
        "BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\nBEGIN:STANDARD\r\nTZOFFSETTO:+0100\r\n"
          + "END:STANDARD\r\nEND:VTIMEZONE\r\n",
        Self.event(
          "long",
          "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:a very\r\n  long\r\n\ttext\r\n"
            + "TRIGGER:-PT16H\r\nEND:VALARM\r\n"),
        "begin:vevent\r\nuid:mine\r\nsummary:my own\r\nend:vevent\r\n",
        Self.event("a").replacingOccurrences(of: "birthdays", with: "work"),
        Self.event("long", "RECURRENCE-ID;VALUE=DATE:20300412\r\n"),
        Self.event("a"), Self.event("a"),
        "BEGIN:VTODO\r\nUID:todo\r\nEND:VTODO\r\n",
        "BEGIN:VEVENT\r\nSUMMARY:no uid\r\nEND:VEVENT\r\n"),
    ]
    for (index, calendar) in cases.enumerated() {
      #expect(try Self.check(calendar, "case \(index)"))
    }
  }

  /// Files whose lines go across the blocks the file is read in, folded lines too: blocks of
  /// 232 to 264 bytes put block ends at many offsets of every kind of line of a 17 KB file.
  @Test func blockBoundariesDoNotMatter() throws {
    var events = ""
    for index in 0..<90 {
      let fold =
        index % 3 == 0
        ? "DESCRIPTION:" + String(repeating: "x", count: 70) + "\r\n "
          + String(repeating: "y", count: index % 90) + "\r\n" : ""
      events += Self.event("uid-\(index)", fold)
    }
    let calendar = Self.calendar(events)
    #expect(calendar.count > 16_000)
    for blockSize in 232...264 {
      #expect(try Self.check(calendar, "blocks of \(blockSize) bytes", blockSize: blockSize))
    }
  }

  /// What is left to the scanner: other line endings, a byte order mark, blank lines, trailing
  /// data, a second calendar, and everything the scanner refuses.
  @Test(arguments: [
    "BEGIN:VCALENDAR\nEND:VCALENDAR\n",
    "BEGIN:VCALENDAR\r\nEND:VCALENDAR",
    "\u{FEFF}BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\n\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\ntrailing\r\n",
    "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nBEGIN:\r\nEND:\r\nEND:VCALENDAR\r\n",
    "BEGIN:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VCALENDAR\r\n",
    "shopping list\r\n", "", "END:VCALENDAR\r\n",
  ])
  func otherFilesAreLeftToTheScanner(text: String) throws {
    #expect(try !Self.check(Array(text.utf8)))
  }

  /// Every calendar of the fuzz corpora: read alike, or left to the scanner.
  @Test(.tags(.slow), .slowTimeLimit) func fuzzCorporaAreReadAsTheScannerReadsThem() throws {
    var read = 0
    for (name, bytes) in try TestCorpus.files(in: ["Fuzz/Corpus/sync", "Fuzz/Corpus/ics"]) {
      var calendar = bytes
      if name.hasPrefix("Fuzz/Corpus/sync/") {  // two bytes of length, the calendar, the contacts
        guard bytes.count >= 2 else { continue }
        let split = min(Int(bytes[0]) | Int(bytes[1]) << 8, bytes.count - 2)
        calendar = Array(bytes[2..<(2 + split)])
      }
      if try Self.check(calendar, "\(name)") { read += 1 }
    }
    #expect(read > 50)
  }
}
