import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// A calendar with every case the lister must resolve, generated from a seed.
private struct GeneratedCalendar {
  /// The iCalendar text.
  var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n"
  /// Each VEVENT alone, with the line its BEGIN has in ``text``.
  var events: [(calendar: String, lineNumber: Int, isOverride: Bool)] = []

  init(events count: Int, seed: UInt64) {
    var generator = SeededGenerator(state: seed)
    var lineNumber = 4
    // UIDs of every shape, drawn from a pool half the size of the calendar so that masters repeat.
    let pool: [String] = (0..<max(count / 2, 1)).map { index in
      switch index % 8 {
      case 0: return NameBasedUUID(namespace: .dns, name: "person \(index)").description
      case 1: return "\(index)@example.com"
      case 2: return "U\(index)"  // upper case sorts before every lower-case UID
      case 3: return "zo\u{E9}-\(index % 16)"  // non-ASCII, precomposed é
      case 4: return "zoe\u{301}-\(index % 16)"  // the same UID decomposed: String-equal to case 3
      case 5: return "A\u{30A}\(index)"  // sorts after ASCII as String (NFC Å), not by its bytes
      case 6: return "a\\,b\\;\(index)"  // escaped in the file: the UID is "a,b;N"
      default: return "x\(index % 5)"  // short, heavily duplicated
      }
    }
    let rules = [
      "FREQ=YEARLY", "FREQ=YEARLY", "FREQ=YEARLY", nil, "FREQ=YEARLY;COUNT=2",
      "RSCALE=HEBREW;FREQ=YEARLY", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
    ]
    for index in 0..<count {
      var lines = ["BEGIN:VEVENT"]
      if Int.random(in: 0..<100, using: &generator) != 0 {
        lines.append("UID:" + pool[Int.random(in: 0..<pool.count, using: &generator)])
      }
      let isOverride = Int.random(in: 0..<5, using: &generator) == 0
      if isOverride { lines.append("RECURRENCE-ID;VALUE=DATE:20270101") }
      lines.append("SUMMARY:Event \(index)\\, number\\n\(index)")
      switch Int.random(in: 0..<50, using: &generator) {
      case 0: break  // no DTSTART
      case 1: lines.append("DTSTART:2027XX01")
      default:
        // Few distinct days, so that many events share their next occurrence.
        let year = Int.random(in: 1990...2030, using: &generator)
        let day = Int.random(in: 1...3, using: &generator)
        lines.append(
          "DTSTART;VALUE=DATE:\(year)0\(Int.random(in: 2...3, using: &generator))0\(day)")
      }
      if let rule = rules[Int.random(in: 0..<rules.count, using: &generator)] {
        lines.append("RRULE:" + rule)
      }
      lines.append("END:VEVENT")
      let event = lines.map { $0 + "\r\n" }.joined()
      text += event
      events.append(
        ("BEGIN:VCALENDAR\r\n" + event + "END:VCALENDAR\r\n", lineNumber, isOverride))
      lineNumber += lines.count
    }
    text += "END:VCALENDAR\r\n"
  }
}

@Suite struct CalendarListerSpillTests {
  static let today = CivilDate(year: 2027, month: 2, day: 2)!

  /// The listing as the in-memory lister computed it: a Set of master UIDs, a dictionary of
  /// first overrides, events without UID each on their own, then one sort of everything. An override adds its DTSTART to the
  /// occurrences of a recurring master (its RECURRENCE-ID, 2027-01-01, is before today).
  private func inMemoryListing(_ calendar: GeneratedCalendar) throws -> [CalendarEvent] {
    var masters: [CalendarEvent] = []
    var masterUIDs: Set<String> = []
    var overrides: [String: CalendarEvent] = [:]
    var moved: [String: CivilDate] = [:]
    for (text, lineNumber, isOverride) in calendar.events {
      var event = try #require(
        try CalendarLister.list(MemoryByteSource(text), fileName: "one.ics", today: Self.today)
          .first)
      event.lineNumber = lineNumber
      if event.uid.isEmpty {
        masters.append(event)  // no identity to share: each is listed on its own
      } else if isOverride {
        if overrides[event.uid] == nil { overrides[event.uid] = event }
        if let date = event.date, date >= Self.today, moved[event.uid].map({ date < $0 }) ?? true {
          moved[event.uid] = date
        }
      } else if masterUIDs.insert(event.uid).inserted {
        masters.append(event)
      }
    }
    for index in masters.indices {
      let master = masters[index]
      guard let date = moved[master.uid], master.date != nil,
        let rule = master.rrule, !rule.hasPrefix("RSCALE")
      else { continue }
      masters[index].next = master.next.map { Swift.min($0, date) } ?? date
    }
    for (uid, event) in overrides where !masterUIDs.contains(uid) { masters.append(event) }
    return masters.sorted { lhs, rhs in
      switch (lhs.next, rhs.next) {
      case (let left?, let right?) where left != right: return left < right
      case (.some, .none): return true
      case (.none, .some): return false
      default: return (lhs.uid, lhs.lineNumber) < (rhs.uid, rhs.lineNumber)
      }
    }
  }

  private func listing(_ text: String, limits: ExternalSortLimits) throws -> (
    events: [CalendarEvent], warnings: [String],
    statistics: (byUID: ExternalSortStatistics, byNextOccurrence: ExternalSortStatistics)
  ) {
    var events: [CalendarEvent] = []
    var warnings: [String] = []
    let statistics = try CalendarLister.forEachEvent(
      in: MemoryByteSource(text), fileName: "big.ics", today: Self.today, limits: limits,
      diagnostics: { warnings.append($0.description) }, { events.append($0) })
    return (events, warnings, statistics)
  }

  @Test(
    .tags(.slow), .slowTimeLimit,
    arguments: [
      (1_000, 1, 2),  // a run every few events, many merge passes
      (4_000, 3, 64),  // a run every ~40 events, one merge
      (1 << 30, 3, 64),  // all in memory
    ])
  func spilledListingEqualsTheInMemoryListing(budget: Int, seed: UInt64, fanIn: Int) throws {
    let calendar = GeneratedCalendar(events: 2_000, seed: seed)
    let expected = try inMemoryListing(calendar)
    let limits = ExternalSortLimits(
      memoryBudget: budget, mergeFanIn: fanIn, readBufferSize: 100, temporaryDirectory: nil)
    let (events, warnings, statistics) = try listing(calendar.text, limits: limits)
    #expect(events == expected)
    let inMemory = try listing(calendar.text, limits: .standard)
    #expect(events == inMemory.events)
    #expect(warnings == inMemory.warnings)
    #expect(warnings.contains { $0.contains("VEVENT without UID") })
    #expect(warnings.contains { $0.contains("unsupported RRULE part 'RSCALE=HEBREW'") })
    // The generated calendar exercises what it is meant to.
    let identified = expected.filter { !$0.uid.isEmpty }
    #expect(Set(identified.map(\.uid)).count == identified.count)
    #expect(expected.count - identified.count > 1)  // events without UID are not merged
    #expect(expected.count < calendar.events.count / 2)  // duplicates were dropped
    #expect(expected.contains { $0.next == nil } && expected.contains { $0.next != nil })
    #expect(zip(expected, expected.dropFirst()).contains { $0.next == $1.next && $0.next != nil })
    if budget < 1 << 20 {
      #expect(statistics.byUID.spilledRunCount > 10)
      #expect(statistics.byNextOccurrence.spilledRunCount > 10)
      if fanIn == 2 {
        #expect(statistics.byUID.intermediateRunCount > 0)
        #expect(statistics.byNextOccurrence.intermediateRunCount > 0)
      }
    } else {
      #expect(statistics.byUID.spilledRunCount == 0)
      #expect(statistics.byNextOccurrence.spilledRunCount == 0)
    }
  }

  @Test func canonicallyEquivalentUIDsAreOneEventInStringOrder() throws {
    let text =
      "BEGIN:VCALENDAR\r\n"
      + "BEGIN:VEVENT\r\nUID:zoe\u{301}\r\nSUMMARY:decomposed\r\nDTSTART:20270301\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:zo\u{E9}\r\nSUMMARY:precomposed\r\nDTSTART:20270301\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:A\u{30A}\r\nDTSTART:20270301\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:B\r\nDTSTART:20270301\r\nEND:VEVENT\r\n"
      + "END:VCALENDAR\r\n"
    for budget in [60, 1 << 20] {
      let limits = ExternalSortLimits(
        memoryBudget: budget, mergeFanIn: 2, readBufferSize: 16, temporaryDirectory: nil)
      let events = try listing(text, limits: limits).events
      // As Strings "A\u{30A}" is "Å" and sorts last, although its bytes sort first; "zoé" is
      // listed once, from the first of its two spellings.
      #expect(events.map(\.uid) == ["B", "zoe\u{301}", "A\u{30A}"])
      #expect(events.map(\.summary) == ["", "decomposed", ""])
    }
  }

  @Test func spillFilesHaveNoNameAndAreClosedAfterwards() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-spill-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let limits = ExternalSortLimits(
      memoryBudget: 2_000, mergeFanIn: 4, readBufferSize: 256, temporaryDirectory: folder.path)
    func openSpillFiles() -> Int {
      let descriptors =
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return descriptors.filter { descriptor in
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/" + descriptor)
        return target?.hasPrefix(folder.path + "/") ?? false
      }.count
    }
    var openWhileMerging = 0
    var namesWhileMerging: [String] = ["not checked"]
    let statistics = try CalendarLister.forEachEvent(
      in: MemoryByteSource(GeneratedCalendar(events: 500, seed: 7).text), fileName: "big.ics",
      today: Self.today, limits: limits
    ) { _ in
      if namesWhileMerging == ["not checked"] {
        namesWhileMerging = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        openWhileMerging = openSpillFiles()
      }
    }
    #expect(statistics.byNextOccurrence.spilledRunCount > 4)
    #expect(namesWhileMerging == [])  // unlinked as soon as created
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    if FileManager.default.fileExists(atPath: "/proc/self/fd") {
      #expect(openWhileMerging == 1)  // the run file being merged, by descriptor only
      #expect(openSpillFiles() == 0)  // and closed afterwards
    }
  }

  @Test func smallCalendarsNeverTouchTheDisk() throws {
    var limits = ExternalSortLimits.standard
    limits.temporaryDirectory = "/nonexistent/bdconvert-test"  // creating a file here would throw
    let text = GeneratedCalendar(events: 200, seed: 5).text
    let (events, _, statistics) = try listing(text, limits: limits)
    #expect(!events.isEmpty)
    #expect(statistics.byUID.spilledRunCount == 0)
    limits.memoryBudget = 1_000
    #expect(throws: TemporaryFileError.self) { _ = try listing(text, limits: limits) }
  }
}
