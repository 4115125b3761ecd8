import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// `list` takes lines in the common form in blocks and classifies only those whose name it can
/// use; everything else goes through the general line reader, on the same state. The events,
/// their order, the diagnostics and the errors must be exactly those of the general reader alone.
@Suite struct CommonFormListingTests {
  static let today = CivilDate(year: 2026, month: 11, day: 26)!

  /// The listing of `inputs` (one calendar or several listed as one) as text: every event,
  /// every diagnostic and the error.
  static func listing(_ inputs: [[UInt8]], commonForm: Bool, step: Int? = nil) -> [String] {
    var lines: [String] = []
    let sources = inputs.enumerated().map { index, input in
      (
        source: step.map { AnyByteSource(TrickleByteSource(input, step: $0)) }
          ?? AnyByteSource(MemoryByteSource(input)),
        fileName: "c\(index).ics"
      )
    }
    do {
      try CalendarLister.forEachEvent(
        in: sources, today: today, limits: .standard, commonForm: commonForm,
        diagnostics: { lines.append("diagnostic \($0)") }, { lines.append("\($0)") })
    } catch {
      lines.append("error \(error)")
    }
    return lines
  }

  static func check(_ inputs: [[UInt8]], steps: [Int] = [1, 3, 64], _ comment: Comment? = nil) {
    let general = listing(inputs, commonForm: false)
    #expect(listing(inputs, commonForm: true) == general, comment)
    for step in steps {
      #expect(listing(inputs, commonForm: true, step: step) == general, comment)
    }
  }

  static func event(_ uid: String, _ lines: String = "") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART;VALUE=DATE:19720412\r\nRRULE:FREQ=YEARLY\r\n"
      + "SUMMARY:Birthday: \(uid)\r\nDESCRIPTION:Born 1985-04-12\r\n\(lines)END:VEVENT\r\n"
  }

  static func calendar(_ parts: String..., prodid: String = "-//bdconvert//Birthdays//EN")
    -> [UInt8]
  {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(prodid)\r\n" + parts.joined()
        + "END:VCALENDAR\r\n").utf8)
  }

  @Test(
    arguments: [
      calendar(),
      calendar(event("a"), event("b"), event("a")),
      // Folded and lower-case names, parameters, escapes, overrides, an alarm with its own
      // DESCRIPTION, categories, cancelled and moved occurrences, time zones, RDATE and EXDATE.
      calendar(
        "BEGIN:VEVENT\r\nUI\r\n D:f\r\nDTST\r\n ART;VALUE=DATE:19720101\r\nSUM\r\n\tMARY:x\\, y\r\n"
          + "END:VEVENT\r\n",
        "begin:vevent\r\nuid:low\r\ndtstart:20300101T100000\r\nsummary:lower\r\nend:vevent\r\n",
        event(
          "a", "CATEGORIES:BIRTHDAY,anniversary\r\nBEGIN:VALARM\r\nDESCRIPTION:x\r\nEND:VALARM\r\n"),
        "BEGIN:VEVENT\r\nUID:w\r\nDTSTART;TZID=Europe/Paris:20250105T090000\r\n"
          + "RRULE:FREQ=WEEKLY\r\nEXDATE;TZID=Europe/Paris:20261130T090000\r\n"
          + "RDATE;VALUE=DATE:20261201\r\nSUMMARY:weekly\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nUID:w\r\nRECURRENCE-ID;TZID=Europe/Paris:20261207T090000\r\n"
          + "DTSTART;TZID=Europe/Paris:20261208T090000\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nUID:w\r\nRECURRENCE-ID;TZID=Europe/Paris:20261214T090000\r\n"
          + "STATUS:CANCELLED\r\nDTSTART;TZID=Europe/Paris:20261214T090000\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nSUMMARY:no uid\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nUID:bad\r\nDTSTART:not a date\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nUID:rule\r\nDTSTART:20200101\r\nRRULE:FREQ=YEARLY;BYWEEKNO=3\r\nEND:VEVENT\r\n",
        "BEGIN:VTODO\r\nUID:todo\r\nDTSTART:20300101\r\nEND:VTODO\r\n",
        "BEGIN:VEVENT \r\nUID:blank\r\nDTSTART:20300101\r\nEND:VEVENT\r\n"),
      calendar(event("a"), prodid: "-//Other//EN"),
      // Lines the common form leaves to the general reader, between common ones.
      calendar(event("a"), "X-LF:lf\nX-CR:cr\r", event("b"), "\r\n", event("c"), " \r\n"),
      calendar(event("a"), "BEGIN:VEVENT\nUID:lf\r\nSUMMARY:s\nEND:VEVENT\r\n", event("b")),
      Array(("\u{FEFF}" + String(decoding: calendar(event("a")), as: UTF8.self)).utf8),
      calendar(event("a"))
        + Array("trailing\r\nBEGIN:VCALENDAR\r\n\(event("z"))END:VCALENDAR\r\n".utf8),
      calendar(event("a")).dropLast(2) + [],
      // Errors.
      calendar(event("a"), "BEGIN:VEVENT\r\nUID:b\r\nEND:VTODO\r\n", event("c")),
      Array("BEGIN:VCALENDAR\r\n\(event("a"))BEGIN:VEVENT\r\nUID:b\r\n".utf8),
    ].map(TestCalendar.init))
  func handMadeCalendarsAreListedAsTheGeneralReaderListsThem(input: TestCalendar) {
    Self.check([input.bytes])
  }

  /// Several calendars listed as one: lines numbered across them, the first copy of a UID kept.
  @Test func severalCalendarsAreNumberedAlike() {
    let first = Self.calendar(Self.event("a"), "X-FOLDED:x\r\n y\r\n", Self.event("b"))
    let second = Self.calendar(Self.event("b"), Self.event("c"))
    let third = Array(
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:c\nDTSTART:20300101\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
    Self.check([first, second, third])
    Self.check([third, first])
  }

  /// A calendar larger than the read buffer, with lines across block boundaries.
  @Test func largeCalendarsAcrossBlocks() {
    var parts: [String] = []
    for number in 0..<1200 {
      let long = String(repeating: "x", count: number % 97)
      parts.append(
        Self.event("uid-\(number % 700)", "DESCRIPTION:\(long)\r\n \(long)\r\n"))
      if number % 250 == 0 { parts.append("X-LF:odd\n") }
    }
    let input = Self.calendar(parts.joined())
    #expect(input.count > 2 << 16)
    Self.check([input], steps: [4093])
  }

  /// Every input of the `ics` and `sync` fuzz corpora and every calendar fixture.
  @Test(.tags(.slow), .slowTimeLimit) func fuzzCorporaAndFixturesAreListedAlike() throws {
    let inputs = try TestCorpus.calendars()
    for (name, input) in inputs {
      Self.check([input], steps: [5], "\(name)")
    }
    #expect(inputs.count > 500)
  }
}
