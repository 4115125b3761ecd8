import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// `list` reads a large calendar file in two halves at once, cut at a `BEGIN:VEVENT` line. The
/// events, their order, the diagnostics (line numbers included) and the errors must be exactly
/// those of one thread, wherever the cut falls; a cut that is not between two top-level
/// components falls back to one thread.
@Suite struct ParallelListingTests {
  static let today = CivilDate(year: 2026, month: 11, day: 26)!
  static let marker = Array("\r\nBEGIN:VEVENT\r\n".utf8)

  /// The listing of `inputs` as text (every event, every diagnostic and the error), and how
  /// many second halves were joined; `cut` picks where to search for the cut in each input
  /// (`nil`: one thread).
  static func listing(
    _ inputs: [[UInt8]], cut: ((Int) -> Int)?, limits: ExternalSortLimits = .standard
  ) -> (lines: [String], joined: Int) {
    var lines: [String] = []
    var joined = 0
    let sources = inputs.enumerated().map { index, input in
      (source: MemoryByteSource(input), fileName: "c\(index).ics")
    }
    do {
      let statistics = try CalendarLister.forEachRecord(
        in: sources, today: today, limits: limits,
        splittable: cut == nil ? [] : inputs.map { MemoryRandomAccessSource($0) },
        split: { source in
          guard let cut else { return nil }
          return try CalendarSplit(of: source, minimumSize: 0, searchingFrom: cut(source.size))
        },
        diagnostics: { lines.append("diagnostic \($0)") },
        { record, bytes in lines.append("\(record.event(in: bytes))") })
      joined = statistics.byUID.absorbedSorterCount
    } catch {
      lines.append("error \(error)")
    }
    return (lines, joined)
  }

  static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return (0...(bytes.count - needle.count)).first {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  /// Where `marker` starts in `bytes`.
  static func cuts(in bytes: [UInt8]) -> [Int] {
    guard bytes.count >= marker.count else { return [] }
    return (0...(bytes.count - marker.count)).filter {
      bytes[$0..<($0 + marker.count)].elementsEqual(marker)
    }
  }

  /// Checks every possible cut of `input` (and the default one, from the middle) against one
  /// thread; returns how many cuts were read in two halves.
  @discardableResult
  static func check(
    _ input: [UInt8], limits: ExternalSortLimits = .standard, _ comment: Comment? = nil
  ) -> Int {
    let one = listing([input], cut: nil, limits: limits)
    #expect(one.joined == 0)
    var joined = 0
    for cut in cuts(in: input) {
      let two = listing([input], cut: { _ in cut }, limits: limits)
      #expect(two.lines == one.lines, "cut at \(cut) \(comment?.rawValue ?? "")")
      joined += two.joined
    }
    let middle = listing([input], cut: { $0 / 2 }, limits: limits)
    #expect(middle.lines == one.lines, comment)
    return joined
  }

  static func event(_ uid: String, _ lines: String = "") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART;VALUE=DATE:19720412\r\nRRULE:FREQ=YEARLY\r\n"
      + "SUMMARY:Birthday: \(uid)\r\nDESCRIPTION:Born 1985-04-12\r\n\(lines)END:VEVENT\r\n"
  }

  static func bad(_ uid: String) -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART:not a date\r\nSUMMARY:bad \(uid)\r\nEND:VEVENT\r\n"
  }

  static func calendar(_ parts: String..., prodid: String = "-//bdconvert//Birthdays//EN")
    -> [UInt8]
  {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(prodid)\r\n" + parts.joined()
        + "END:VCALENDAR\r\n").utf8)
  }

  static let override =
    "BEGIN:VEVENT\r\nUID:w\r\nRECURRENCE-ID;TZID=Europe/Paris:20261207T090000\r\n"
    + "DTSTART;TZID=Europe/Paris:20261208T090000\r\nEND:VEVENT\r\n"
  static let cancelled =
    "BEGIN:VEVENT\r\nUID:w\r\nRECURRENCE-ID;TZID=Europe/Paris:20261214T090000\r\n"
    + "STATUS:CANCELLED\r\nDTSTART;TZID=Europe/Paris:20261214T090000\r\nEND:VEVENT\r\n"
  static let weekly =
    "BEGIN:VEVENT\r\nUID:w\r\nDTSTART;TZID=Europe/Paris:20250105T090000\r\n"
    + "RRULE:FREQ=WEEKLY\r\nSUMMARY:weekly\r\nEND:VEVENT\r\n"

  /// Calendars in the common form: every cut between two events is read in two halves.
  @Test(
    arguments: [
      calendar(event("a"), event("b")),
      // Diagnostics right before and after every cut, and their line numbers.
      calendar(bad("x"), event("a"), bad("y"), bad("z"), event("b"), bad("x")),
      // Overrides and masters on both sides of the cut, a UID repeated across it.
      calendar(override, event("a"), weekly, event("b"), cancelled, event("a"), override),
      calendar(cancelled, weekly, override, event("w")),
      // Invalid UTF-8 and folded lines next to the cut, events without a UID.
      calendar(event("u", "SUMMARY:caf\u{E9}\r\n"), "X-FOLDED:a\r\n b\r\n\tc\r\n")
        + Array(
          "BEGIN:VEVENT\r\nUID:\u{FF}\r\nSUMMARY:\u{FF}x\r\n y\r\nEND:VEVENT\r\n".utf8)
        + [0xFF, 0xC3] + calendar(event("after"), "BEGIN:VEVENT\r\nSUMMARY:none\r\nEND:VEVENT\r\n"),
      calendar(
        "BEGIN:VEVENT\r\nSUMMARY:no uid\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nSUMMARY:no uid\r\n"
          + "END:VEVENT\r\n", event("a")),
      // Lines of other forms before the cut: LF and lone CR line breaks, blank lines.
      calendar(
        event("a"), "X-LF:lf\nX-CR:cr\r", event("b"), "\r\n", event("c"), " \r\n", event("d")),
      calendar(event("a"), prodid: "-//Other//EN") + [],
      Array(("\u{FEFF}" + String(decoding: calendar(event("a"), event("b")), as: UTF8.self)).utf8),
      // Alarms, other components between events, a second calendar after the first.
      calendar(
        event("a", "BEGIN:VALARM\r\nDESCRIPTION:x\r\nEND:VALARM\r\n"),
        "BEGIN:VTODO\r\nUID:t\r\nEND:VTODO\r\n", event("b")),
      calendar(event("a"), event("b"))
        + Array("trailing\r\nBEGIN:VCALENDAR\r\n\(event("z"))\(bad("q"))END:VCALENDAR\r\n".utf8),
      // Errors after the cut, and at the end.
      calendar(event("a"), event("b"), "BEGIN:VEVENT\r\nUID:c\r\nEND:VTODO\r\n", event("d")),
      Array(
        "BEGIN:VCALENDAR\r\n\(event("a"))\(bad("b"))\(event("c"))BEGIN:VEVENT\r\nUID:b\r\n".utf8),
      Array("BEGIN:VCALENDAR\r\n\(event("a"))\(bad("b"))\(event("c"))".utf8),
    ].map(TestCalendar.init))
  func everyCutGivesTheListingOfOneThread(input: TestCalendar) {
    let cuts = Self.cuts(in: input.bytes)
    #expect(!cuts.isEmpty)
    let joined = Self.check(input.bytes)
    // Cuts in a second calendar after the first are not in the calendar begun on line 1, cuts
    // after a lone CR are not counted right by the second half (LF only), and an error leaves
    // nothing to count.
    let end = Self.firstIndex(of: Array("END:VCALENDAR".utf8), in: input.bytes) ?? .max
    let loneCR =
      input.bytes.indices.first {
        input.bytes[$0] == 0x0D && ($0 + 1 == input.bytes.count || input.bytes[$0 + 1] != 0x0A)
      } ?? .max
    let failed = Self.listing([input.bytes], cut: nil).lines.last?.hasPrefix("error") == true
    #expect(joined == (failed ? 0 : cuts.filter { $0 < min(end, loneCR) }.count), "\(cuts)")
    let tiny = ExternalSortLimits(
      memoryBudget: 300, mergeFanIn: 2, readBufferSize: 64, temporaryDirectory: nil)
    Self.check(input.bytes, limits: tiny)
  }

  /// Cuts that are not between two top-level components, or after which the second half would
  /// be read with another state, fall back to one thread.
  @Test(
    arguments: [
      // A VEVENT inside a VTODO; a PRODID between events; a calendar not begun on line 1.
      calendar("BEGIN:VTODO\r\nBEGIN:VEVENT\r\nUID:in\r\nEND:VEVENT\r\nEND:VTODO\r\n", event("a")),
      calendar(event("a"), "PRODID:-//Other//EN\r\n", event("b")),
      Array("\r\n".utf8) + calendar(event("a"), event("b")),
      // Inside an event (a nested VEVENT is an error there), and after END:VCALENDAR.
      calendar("BEGIN:VEVENT\r\nUID:o\r\nBEGIN:VEVENT\r\nUID:in\r\nEND:VEVENT\r\nEND:VEVENT\r\n"),
      calendar(event("a")) + Array("x\r\nBEGIN:VEVENT\r\nUID:z\r\nEND:VEVENT\r\n".utf8),
    ].map(TestCalendar.init))
  func cutsInAnotherStateFallBackToOneThread(input: TestCalendar) {
    let joined = Self.check(input.bytes)
    #expect(joined < Self.cuts(in: input.bytes).count)
  }

  /// Several calendars listed as one, each cut: lines numbered across them.
  @Test func severalCalendarsAreCutAlike() {
    let first = Self.calendar(Self.event("a"), Self.bad("b"), Self.event("b"))
    let second = Self.calendar(Self.event("b"), Self.override, Self.event("c"), Self.weekly)
    let one = Self.listing([first, second], cut: nil)
    for cut in [0, first.count / 2, first.count - 40] {
      let two = Self.listing([first, second], cut: { _ in cut })
      #expect(two.lines == one.lines)
      #expect(two.joined > 0)
    }
  }

  /// A calendar larger than the read buffers, cut in its middle, with both halves spilling.
  @Test func largeCalendarsSpillInBothHalves() {
    var parts: [String] = []
    for number in 0..<1500 {
      let long = String(repeating: "x", count: number % 97)
      parts.append(Self.event("uid-\(number % 700)", "DESCRIPTION:\(long)\r\n \(long)\r\n"))
      if number % 300 == 0 { parts.append(Self.bad("bad-\(number)")) }
      if number % 250 == 0 { parts.append("X-LF:odd\n") }
    }
    let input = Self.calendar(parts.joined())
    #expect(input.count > 2 << 16)
    let limits = ExternalSortLimits(
      memoryBudget: 8_000, mergeFanIn: 4, readBufferSize: 256, temporaryDirectory: nil)
    for cut in [input.count / 3, input.count / 2, input.count - 5_000] {
      for limits in [ExternalSortLimits.standard, limits] {
        let one = Self.listing([input], cut: nil, limits: limits)
        let two = Self.listing([input], cut: { _ in cut }, limits: limits)
        #expect(two.lines == one.lines)
        #expect(two.joined == 1)
      }
    }
  }

  /// The second half's count of the lines before the cut, sixteen bytes at a time.
  @Test func lineFeedsAreCountedExactly() {
    var generator = SeededGenerator(state: 5)
    for count in Array(0...40) + [255 * 16 - 1, 255 * 16, 255 * 16 + 17, 10_000] {
      let bytes = (0..<count).map { _ in
        [0x0A, 0x0D, 0x41, 0xFF][Int.random(in: 0...3, using: &generator)] as UInt8
      }
      #expect(
        ParallelEventScan.countLineFeeds(in: bytes) == bytes.filter { $0 == 0x0A }.count,
        "\(count)")
    }
    #expect(
      ParallelEventScan.countLineFeeds(in: [UInt8](repeating: 0x0A, count: 100_000)) == 100_000)
  }

  /// Every input of the `ics` and `sync` fuzz corpora and every calendar fixture, cut at
  /// every `BEGIN:VEVENT` (up to 12 per file).
  @Test(.tags(.slow), .slowTimeLimit) func fuzzCorporaAndFixturesAreCutAlike() throws {
    let inputs = try TestCorpus.calendars()
    var joined = 0
    for (name, input) in inputs {
      let one = Self.listing([input], cut: nil)
      for cut in Self.cuts(in: input).prefix(12) {
        let two = Self.listing([input], cut: { _ in cut })
        #expect(two.lines == one.lines, "\(name) cut at \(cut)")
        joined += two.joined
      }
    }
    #expect(inputs.count > 500)
    #expect(joined > 500)
  }
}
