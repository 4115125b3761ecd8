import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// `delete` takes lines in the common form in blocks (``ICalendarScanner/nextCommonFormLines``)
/// and everything else through the general line reader, on the same state: the output, the
/// report and the error must be exactly those of the general reader alone, wherever the reads
/// cut the input.
@Suite struct CommonFormDeletionTests {
  /// What one deletion gives: the bytes and the report, or the error's text.
  struct Outcome: Equatable, CustomStringConvertible {
    var bytes: [UInt8] = []
    var removed: [Int] = []
    var notFound: [String] = []
    var error: String?

    /// Short: a failure shows sizes and the start of the bytes, not megabytes of them.
    var description: String {
      "\(bytes.count) bytes \(String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription)"
        + " removed \(removed) not found \(notFound) error \(error ?? "none")"
    }
  }

  static func outcome(
    _ uids: [String], _ input: [UInt8], commonForm: Bool, step: Int? = nil
  ) -> Outcome {
    var sink = MemoryByteSink()
    let source =
      step.map { AnyByteSource(TrickleByteSource(input, step: $0)) }
      ?? AnyByteSource(MemoryByteSource(input))
    do {
      let report = try CalendarEditor.delete(
        uids: uids, from: source, fileName: "c.ics", to: &sink, commonForm: commonForm)
      return Outcome(
        bytes: sink.bytes, removed: report.removed.map(\.count), notFound: report.notFound)
    } catch {
      return Outcome(error: "\(error)")
    }
  }

  /// Checks `input` with `uids`, in one read and in reads of the given sizes.
  static func check(
    _ input: [UInt8], _ uids: [String], steps: [Int] = [1, 2, 3, 7, 64],
    _ comment: Comment? = nil
  ) {
    let general = outcome(uids, input, commonForm: false)
    #expect(outcome(uids, input, commonForm: true) == general, comment)
    for step in steps {
      #expect(outcome(uids, input, commonForm: true, step: step) == general, comment)
    }
  }

  static func event(_ uid: String, _ lines: String = "") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART;VALUE=DATE:19850412\r\nSUMMARY:Birthday: \(uid)\r\n"
      + "\(lines)END:VEVENT\r\n"
  }

  static func calendar(_ parts: String...) -> [UInt8] {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n" + parts.joined() + "END:VCALENDAR\r\n")
        .utf8)
  }

  @Test(
    arguments: [
      calendar(),
      calendar(event("a"), event("b"), event("a")),
      // Folded UID and BEGIN lines, lower-case names, parameters on BEGIN and UID, escapes, an
      // alarm before the UID, a UID in the alarm only, nested components, other components.
      calendar(
        "BEGIN:VEVENT\r\nUI\r\n D:a\r\nEND:VEVENT\r\n",
        "BEG\r\n\tIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\n",
        "begin:vevent\r\nuid:a\r\nend:vevent\r\n",
        "BEGIN;X=1:VEVENT\r\nUID;X=\"q:r\":a\r\nEND;Y=2:VEVENT\r\n",
        event("a\\,b"), event("a\\;b"),
        "BEGIN:VEVENT\r\nBEGIN:VALARM\r\nUID:a\r\nEND:VALARM\r\nUID:b\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nBEGIN:VALARM\r\nUID:a\r\nEND:VALARM\r\nEND:VEVENT\r\n",
        "BEGIN:VTIMEZONE\r\nTZID:x\r\nBEGIN:STANDARD\r\nUID:a\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n",
        "BEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\nBEGIN:X-THING\r\nUID:a\r\nEND:X-THING\r\n",
        "BEGIN:VEVENT\r\nSUMMARY:no uid\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT \r\nUID:b \r\nEND:VEVENT\t\r\n",
        "Begin:VEvent\r\nUID:a\r\nUID:b\r\nEnd:VEvent\r\n"),
      // Lines the common form leaves to the general reader, between common ones.
      calendar(event("a"), "X-LF:lf\nX-CR:cr\r", event("b"), "\r\n", event("a"), " \r\n"),
      calendar(event("a"), "BEGIN:VEVENT\nUID:a\r\nEND:VEVENT\r\n", event("b")),
      calendar(event("a"), "no colon\r\nBEGIN\r\nEND\r\nUID\r\n", event("b")),
      Array(("\u{FEFF}" + String(decoding: calendar(event("a")), as: UTF8.self)).utf8),
      calendar(event("a")) + Array("trailing\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8),
      calendar(event("a")).dropLast(2) + [],
      calendar(event("a")).dropLast(1) + [],
      // Errors in the middle and at the end.
      calendar(event("a"), "BEGIN:VEVENT\r\nUID:b\r\nEND:VTODO\r\n", event("c")),
      calendar(event("a"), "BEGIN:VEVENT\r\nBEGIN:VCALENDAR\r\n"),
      calendar(event("a"), "BEGIN:\r\n"),
      Array("BEGIN:VCALENDAR\r\n\(event("a"))BEGIN:VEVENT\r\nUID:b\r\n".utf8),
      Array("BEGIN:VCALENDAR\r\n\(event("a"))END:VCALENDAR\r\nEND:VEVENT\r\n".utf8),
    ].map(TestCalendar.init))
  func handMadeCalendarsAreEditedAsTheGeneralReaderEditsThem(input: TestCalendar) {
    for uids in [["a"], ["b"], ["a", "b", "zz"], ["a,b"], ["a;b", "c"], ["absent"]] {
      Self.check(input.bytes, uids)
    }
  }

  /// The common form takes every line after the first of a calendar as bdconvert writes it,
  /// hands out only the lines asked for, and stops before a line it leaves to the general reader.
  @Test func commonFormTakesCommonLinesAndStopsBeforeOthers() throws {
    let input = Self.calendar(Self.event("a"), "X-LF:lf\n", Self.event("b"))
    var scanner = ICalendarScanner(AnyByteSource(MemoryByteSource(input)), fileName: "c.ics")
    #expect(
      try scanner.nextCommonFormLines(classifying: CommonFormLetters("U")) { _, _, _ in } == 0)
    #expect(try scanner.nextLine { line, _, _ in line.lineNumber } == 1)
    var handed: [String] = []
    let taken = try scanner.nextCommonFormLines(classifying: CommonFormLetters("U")) {
      block, event, _ in
      if case .line(let start, let end, let view) = event {
        handed.append(ByteKernel.string(decoding: block.extracting(start..<end)) + "\(view.depth)")
      }
    }
    #expect(taken == 7)  // VERSION, PRODID, the first event's five lines
    #expect(
      handed == [
        "BEGIN:VEVENT\r\n2", "UID:a\r\n2", "END:VEVENT\r\n2",
      ])
    // X-LF, read by the general reader.
    #expect(try scanner.nextLine { line, _, _ in line.lineNumber } == 9)
    #expect(try scanner.nextCommonFormLines(classifying: CommonFormLetters("")) { _, _, _ in } == 6)
    #expect(try scanner.nextLine { _, _, _ in } == nil)
  }

  /// A calendar much larger than the read buffer, so that lines cross block boundaries at every
  /// offset of a fold, a CRLF and a deleted event.
  @Test func largeCalendarsAcrossBlocks() {
    var parts: [String] = []
    for number in 0..<1500 {
      let long = String(repeating: "x", count: number % 97)
      parts.append(
        Self.event(
          "uid-\(number % 700)",
          "DESCRIPTION:\(long)\r\n \(long)\r\nBEGIN:VALARM\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\n"))
      if number % 250 == 0 { parts.append("X-LF:odd\n") }
    }
    let input = Self.calendar(parts.joined())
    #expect(input.count > 4 << 16)
    Self.check(input, ["uid-3", "uid-699", "uid-70"], steps: [4093, 65537])
    Self.check(input, ["absent"], steps: [1000])
  }

  /// Every input of the `ics` and `sync` fuzz corpora and every calendar fixture, with a UID it
  /// holds and one it does not.
  @Test(.tags(.slow), .slowTimeLimit) func fuzzCorporaAndFixturesAreEditedAlike() throws {
    let inputs = try TestCorpus.calendars()
    #expect(inputs.count > 500)
    for (name, input) in inputs {
      var uids = ["absent"]
      // The first UID value in the input, as written (escapes and all).
      if let range = input.firstRange(of: Array("UID:".utf8)) {
        let value = input[range.upperBound...].prefix { $0 != 0x0D && $0 != 0x0A }
        uids.append(String(decoding: value, as: UTF8.self))
      }
      Self.check(input, uids, steps: [1, 5], "\(name)")
    }
  }
}

/// A test calendar as an argument: shown by its start, not as thousands of byte values.
struct TestCalendar: CustomTestStringConvertible, Sendable {
  var bytes: [UInt8]

  var testDescription: String {
    String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription + " (\(bytes.count) bytes)"
  }
}
