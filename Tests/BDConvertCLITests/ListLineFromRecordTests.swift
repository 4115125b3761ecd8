import BirthdayKit
import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// `list` writes its lines from the sorted records' bytes; they must be exactly the lines of the
/// ``CalendarEvent`` the public API builds from the same records (whose `String`s repair invalid
/// UTF-8).
@Suite struct ListLineFromRecordTests {
  static let today = CivilDate(year: 2026, month: 11, day: 26)!

  /// The text and JSON lines of every event of `input`, from the records and from the events.
  static func lines(_ input: [UInt8]) -> (fromRecords: [String], fromEvents: [String]) {
    var fromRecords: [String] = []
    var fromEvents: [String] = []
    let inputs = [(source: MemoryByteSource(input), fileName: "c.ics")]
    do {
      try CalendarLister.forEachRecord(in: inputs, today: today) { record, bytes in
        let text = OutputBuffer()
        record.appendTextLine(from: bytes, to: text)
        let json = OutputBuffer()
        record.appendJSONLine(from: bytes, to: json)
        fromRecords.append(text.utf8String)
        fromRecords.append(json.utf8String)
        #expect(isValidUTF8(text.bytes.span) && isValidUTF8(json.bytes.span))
      }
      try CalendarLister.forEachEvent(in: inputs, today: today) { event in
        fromEvents.append(event.textLine)
        fromEvents.append(event.jsonLine)
      }
    } catch {
      fromRecords.append("error \(error)")
      fromEvents.append("error \(error)")
    }
    return (fromRecords, fromEvents)
  }

  static func calendar(_ events: String...) -> [UInt8] {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bdconvert//Birthdays//EN\r\n"
        + events.map { "BEGIN:VEVENT\r\n\($0)END:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n")
        .utf8)
  }

  @Test(arguments: [
    calendar(
      "UID:a\r\nDTSTART;VALUE=DATE:19720412\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:Birthday: Tom\r\n"
        + "DESCRIPTION:Born 1985-04-12\r\n",
      "UID:q\"b\\\\s\\n\r\nSUMMARY:Zoé\\n\\t\u{01}\u{7F} \"é\" 😀 e\u{301}\r\nDTSTART:20300101\r\n",
      "SUMMARY:no uid, no start\r\n",
      "UID:once\r\nDTSTART:19990101\r\nRRULE:FREQ=DAILY;COUNT=2\r\n",
      "UID:far\r\nDTSTART:99991231\r\n"),
    // Invalid UTF-8 in the UID, the summary and the RRULE: repaired as `String` repairs it.
    calendar(
      "UID:x\u{FF}y\r\nSUMMARY:a\u{C3}\r\nDTSTART:20300101\r\nRRULE:FREQ=YEARLY;X=\u{E0}\r\n"
    )
    .map { $0 == 0xC3 ? 0xFF : $0 },
    // A truncated pair, a surrogate, past U+10FFFF, an overlong form, a cut-off emoji.
    Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a".utf8)
      + [0xC3, 0x28, 0x62, 0xED, 0xA0, 0x80, 0x63, 0xF4, 0x90, 0x80, 0x80]
      + Array("\r\nSUMMARY:".utf8) + [0xE0, 0x80, 0xAF, 0xF0, 0x9F, 0x98]
      + Array("\r\nDTSTART:20300101\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8),
  ])
  func handMadeCalendarsGiveTheEventsLines(input: [UInt8]) {
    let (fromRecords, fromEvents) = Self.lines(input)
    #expect(!fromRecords.isEmpty)
    #expect(fromRecords == fromEvents)
  }

  /// The lines against their definition, written with `String`s: the text line's fields with
  /// control characters as spaces, and the JSON line read back by a JSON parser. Dates of every
  /// width, escapes and non-ASCII in the UID and summary, with and without an RRULE.
  @Test func linesAreTheirDefinition() throws {
    let events: [CalendarEvent] = [
      CalendarEvent(
        uid: "a", summary: "Birthday: Tom", date: CivilDate(year: 1985, month: 4, day: 12),
        rrule: "FREQ=YEARLY", next: CivilDate(year: 2027, month: 4, day: 12), lineNumber: 1),
      CalendarEvent(
        uid: "q\"b\\s\n\u{1}x\u{7F}", summary: "Zoé \"é\"\t😀 e\u{301} 0123456789abcdef",
        date: CivilDate(month: 2, day: 29), rrule: nil, next: nil, lineNumber: 2),
      CalendarEvent(
        uid: "", summary: "", date: nil, rrule: "FREQ=DAILY;X=\"\\",
        next: CivilDate(year: 9999, month: 12, day: 31), lineNumber: 3),
      CalendarEvent(
        uid: "y", summary: "far", date: CivilDate(year: 12345, month: 1, day: 2), rrule: nil,
        next: CivilDate(year: 7, month: 1, day: 2), lineNumber: 4),
    ]
    for event in events {
      func field(_ text: String) -> String {
        String(
          String.UnicodeScalarView(
            text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
      }
      let expected = [
        event.next?.description ?? "-", event.date?.description ?? "-", field(event.uid),
        field(event.summary),
      ].joined(separator: "\t")
      #expect(event.textLine == expected)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(event.jsonLine.utf8)) as? [String: Any])
      #expect(object["uid"] as? String == event.uid)
      #expect(object["summary"] as? String == event.summary)
      #expect((object["date"] as? String) == event.date?.description)
      #expect((object["next"] as? String) == event.next?.description)
      #expect((object["rrule"] as? String) == event.rrule)
      #expect(object.count == 5)
    }
  }

  /// Every input of the `ics` and `sync` fuzz corpora and every calendar fixture.
  @Test(.tags(.slow), .slowTimeLimit) func fuzzCorporaAndFixturesGiveTheEventsLines() throws {
    let inputs = try TestCorpus.calendars()
    for (name, input) in inputs {
      let (fromRecords, fromEvents) = Self.lines(input)
      #expect(fromRecords == fromEvents, "\(name)")
    }
    #expect(inputs.count > 500)
  }

  /// The UTF-8 check against `String`'s own repair: valid exactly when decoding keeps the bytes.
  @Test(.tags(.slow), .slowTimeLimit) func utf8CheckAgreesWithStringRepair() {
    var generator = SystemRandomNumberGenerator()
    var samples: [[UInt8]] = []
    for first in 0...255 {
      for second in 0...255 { samples.append([UInt8(first), UInt8(second)]) }
    }
    let interesting: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
      0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for a in interesting {
      for b in interesting {
        for c in interesting {
          samples.append([a, b, c])
          for d in [UInt8(0x80), 0xBF, 0x41] { samples.append([a, b, c, d]) }
        }
      }
    }
    for _ in 0..<20_000 {
      samples.append(
        (0..<Int.random(in: 1...12, using: &generator)).map { _ in
          interesting.randomElement(using: &generator)!
        })
    }
    for sample in samples {
      let repaired = Array(String(decoding: sample, as: UTF8.self).utf8)
      #expect(isValidUTF8(sample.span) == (repaired == sample), "\(sample)")
    }
  }
}
