import Foundation
import Testing

@testable import BirthdayKit

/// Bytes of a fixture under `Resources/ics/`.
func icsFixture(_ name: String) throws -> [UInt8] {
  let url = try #require(
    Bundle.module.url(forResource: name, withExtension: "ics", subdirectory: "Resources/ics"))
  return Array(try Data(contentsOf: url))
}

/// Runs a deletion over `input` in memory.
func deleting(_ uids: [String], from input: [UInt8], chunkFile: String = "in.ics") throws
  -> ([UInt8], DeletionReport)
{
  var sink = MemoryByteSink()
  let report = try CalendarEditor.delete(
    uids: uids, from: MemoryByteSource(input), fileName: chunkFile, to: &sink)
  return (sink.bytes, report)
}

private let googleUID = "5m2ke0t1c9r8o4a6b3vq0nq8gd@google.com"
private let outlookUID = "040000008200E00074C5B7101A82E0080000000000;Outlook,1"

@Suite struct CalendarEditorTests {
  @Test(arguments: [
    ("google", [googleUID], 3),  // master (UID after VALARM) + 2 overrides
    ("apple", ["9F6A1C2E-8B4D-4E7A-9C3B-1D2E3F4A5B6C"], 1),  // UID folded; VALARM has its own UID
    ("outlook", [outlookUID], 2),  // escaped UID; VEVENT + VTODO
    ("bare-lf", ["lf-1"], 1),  // bare LF, trailing data, no final newline
    ("bom", ["bom-1"], 1),  // BOM kept, CR-only lines
  ])
  func deletionKeepsEveryOtherByte(fixture: String, uids: [String], removed: Int) throws {
    let input = try icsFixture(fixture)
    let expected = try icsFixture(fixture + ".expected")
    let (output, report) = try deleting(uids, from: input)
    #expect(output == expected)
    #expect(report.totalRemoved == removed)
    #expect(report.notFound.isEmpty)
  }

  @Test(arguments: ["bom", "bare-lf"])
  func oneByteReadsGiveTheSameBytes(fixture: String) throws {
    // Every chunk boundary, including between a CR and its LF.
    let input = try icsFixture(fixture)
    var sink = MemoryByteSink()
    _ = try CalendarEditor.delete(
      uids: ["bom-1", "lf-1"], from: OneByteSource(bytes: input), fileName: "o.ics", to: &sink)
    #expect(sink.bytes == (try icsFixture(fixture + ".expected")))
  }

  @Test(arguments: ["google", "apple", "outlook", "bare-lf", "bom"])
  func unknownUIDLeavesBytesUnchanged(fixture: String) throws {
    let input = try icsFixture(fixture)
    let (output, report) = try deleting(["no-such-uid", "A0000000"], from: input)
    #expect(output == input)
    #expect(report.notFound == ["no-such-uid", "A0000000"])
  }

  @Test func severalUIDsAtOnceReportPerUID() throws {
    let input = try icsFixture("bare-lf")
    let (output, report) = try deleting(["lf-2", "missing", "lf-1", "lf-2"], from: input)
    #expect(
      String(decoding: output, as: UTF8.self)
        == "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\n"
        + "END:VCALENDAR\n\ntrailing junk")
    #expect(report.removed.map(\.count) == [1, 0, 1])
    #expect(report.notFound == ["missing"])
  }

  @Test func escapedFormOfUIDDoesNotMatch() throws {
    // The UID is compared after unescaping: the escaped spelling is a different UID.
    let input = try icsFixture("outlook")
    let (output, report) = try deleting(
      ["040000008200E00074C5B7101A82E0080000000000\\;Outlook\\,1"], from: input)
    #expect(output == input)
    #expect(report.totalRemoved == 0)
  }

  @Test func uidLengthsOutsideTheWantedOnesAreKeptButEscapesStillShortenIntoOne() throws {
    // Values shorter or (without a backslash) longer than every wanted UID skip the lookup;
    // `a\,b\,c` is longer than `a,b,c` as written and must still match it.
    let input = Array(
      ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:ab\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:a\\,b\\,c\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:abcdefgh\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    let (output, report) = try deleting(["a,b,c", "abc"], from: input)
    #expect(
      String(decoding: output, as: UTF8.self)
        == "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:ab\r\nEND:VEVENT\r\n"
        + "BEGIN:VEVENT\r\nUID:abcdefgh\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    #expect(report.removed.map(\.count) == [1, 0])
  }

  @Test(arguments: [
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VCALENDAR\r\n",
      "m.ics:4: error: END:VCALENDAR does not match BEGIN:VEVENT on line 2"
    ),  // wrong END
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\n",
      "m.ics:4: error: missing END:VCALENDAR for BEGIN:VCALENDAR on line 1"
    ),  // unbalanced at EOF
    (
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VEVENT\r\n",
      "m.ics:3: error: 'END:VEVENT' outside VCALENDAR"
    ),  // END without BEGIN
    (
      "BEGIN:VEVENT\r\nEND:VEVENT\r\n",
      "m.ics:1: error: not an iCalendar file: expected BEGIN:VCALENDAR, found 'BEGIN:VEVENT'"
    ),  // content outside VCALENDAR
    (
      "\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n",
      "m.ics:2: error: not an iCalendar file: expected BEGIN:VCALENDAR, found 'BEGIN:VCARD'"
    ),  // a vCard
    ("", "m.ics:1: error: not an iCalendar file: no BEGIN:VCALENDAR"),  // empty file
    (
      "BEGIN:VCALENDAR\nBEGIN:VCALENDAR\n",
      "m.ics:2: error: BEGIN:VCALENDAR inside BEGIN:VCALENDAR on line 1"
    ),  // nested calendar
  ])
  func malformedInputIsRejectedWithLine(input: String, message: String) throws {
    #expect {
      try CalendarEditor.validate(MemoryByteSource(input), fileName: "m.ics")
    } throws: { error in
      (error as? InputFormatError)?.description == message
    }
  }

  @Test func componentNamesIgnoreCaseAndTrailingBlanks() throws {
    let input = "BEGIN:VCALENDAR\nbegin:vevent \nUID:u\nEnd:VEvent\nEND:VCALENDAR\n"
    let (output, report) = try deleting(["u"], from: Array(input.utf8))
    #expect(String(decoding: output, as: UTF8.self) == "BEGIN:VCALENDAR\nEND:VCALENDAR\n")
    #expect(report.totalRemoved == 1)
  }

  @Test func deepNestingInsideAnEventBalances() throws {
    var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n"
    for _ in 0..<2000 { text += "BEGIN:X-LEVEL\r\n" }
    for _ in 0..<2000 { text += "END:X-LEVEL\r\n" }
    text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
    let (output, report) = try deleting(["x"], from: Array(text.utf8))
    #expect(String(decoding: output, as: UTF8.self) == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    #expect(report.totalRemoved == 1)
  }

  @Test func onlyEventsToDosAndJournalsAreRemoved() throws {
    // Free/busy and X- components that carry the UID stay byte for byte (issue 18, item 6).
    let kept =
      "BEGIN:VFREEBUSY\r\nUID:u\r\nFREEBUSY:20270101T100000Z/PT1H\r\nEND:VFREEBUSY\r\n"
      + "BEGIN:X-VENDOR\r\nUID:u\r\nBEGIN:X-LEVEL\r\nEND:X-LEVEL\r\nEND:X-VENDOR\r\n"
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nEND:VEVENT\r\n" + kept
      + "BEGIN:VTODO\r\nUID:u\r\nEND:VTODO\r\nbegin:vjournal\r\nUID:u\r\nend:vjournal\r\n"
      + "END:VCALENDAR\r\n"
    let (output, report) = try deleting(["u"], from: Array(text.utf8))
    #expect(
      String(decoding: output, as: UTF8.self)
        == "BEGIN:VCALENDAR\r\n" + kept + "END:VCALENDAR\r\n")
    #expect(report.totalRemoved == 3)
  }

  @Test func readerKeepsOriginalBytesOfFoldedLines() throws {
    let input = Array(
      "\u{FEFF}BEGIN:VCALENDAR\r\nX-A;P=\"a:b;c,d\";Q=e:v\r\n \t1\n\talue\r\nEND:VCALENDAR".utf8)
    var reader = ICalendarReader(MemoryByteSource(input), fileName: "r.ics")
    var lines: [CalendarLine] = []
    while let line = try reader.next() { lines.append(line) }
    #expect(lines.flatMap(\.raw) == input)
    #expect(lines.map(\.lineNumber) == [1, 2, 5])
    #expect(String(decoding: lines[1].value, as: UTF8.self) == "v\t1alue")
    #expect(lines[1].parameter("P").map { String(decoding: $0, as: UTF8.self) } == "a:b;c,d")
    #expect(lines[1].parameter("Q").map { String(decoding: $0, as: UTF8.self) } == "e")
    #expect(lines[0].kind == .begin && lines[1].kind == .property && lines[2].kind == .end)
  }
}
