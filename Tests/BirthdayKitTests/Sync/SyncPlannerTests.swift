import Testing

@testable import BirthdayKit

/// The planner on its own: wanted calendar bytes against an inventory, no files.
@Suite struct SyncPlannerTests {
  static func event(
    _ uid: String, summary: String = "Birthday: X", start: String = "19850412",
    extra: String = "", alarm: String = "PT8H"
  ) -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:19700101T000000Z\r\n\(extra)DTSTART;VALUE=DATE:\(start)\r\n"
      + "RRULE:FREQ=YEARLY\r\nSUMMARY:\(summary)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
      + "TRIGGER;RELATED=START:\(alarm)\r\nDESCRIPTION:x\r\nEND:VALARM\r\nEND:VEVENT\r\n"
  }

  static func calendar(_ events: String...) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n" + events.joined() + "END:VCALENDAR\r\n"
  }

  static func inventory(_ text: String, set: String = "birthdays") throws -> SyncInventory {
    var inventory = try SyncInventory(set: set)
    var scanner = CalendarComponentScanner(MemoryByteSource(text), fileName: "target.ics")
    while let item = try scanner.next() {
      if case .component(let component) = item, let uid = component.uid {
        try inventory.add(SyncInventory.Component(component, uid: uid))
      }
    }
    try inventory.finish()
    return inventory
  }

  static func plan(
    wanted: String, target: String, options: SyncPlanner.Options = .init()
  ) throws -> (SyncPlan, [String]) {
    let plan = try SyncPlanner.plan(
      wanted: MemoryByteSource(wanted), fileName: "wanted.ics", inventory: inventory(target),
      timestamp: UTCTimestamp(secondsSince1970: 86_400), options: options)
    return (plan, try plan.operations.map { try plan.change($0).textLine })
  }

  static let mark = "X-BDCONVERT-SET:birthdays\r\n"

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var wanted: String
    var target: String
    var lines: [String]
    var unchanged: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "empty target: everything added", wanted: calendar(event("a"), event("b")),
      target: calendar(), lines: ["+ a\tBirthday: X\t--04-12", "+ b\tBirthday: X\t--04-12"],
      unchanged: 0),
    Case(
      name: "same content, other DTSTAMP and SEQUENCE: unchanged", wanted: calendar(event("a")),
      target: calendar(
        event("a", extra: mark + "SEQUENCE:4\r\n").replacingOccurrences(
          of: "19700101T000000Z", with: "20250101T000000Z")),
      lines: [], unchanged: 1),
    Case(
      name: "refolded and LF endings: unchanged", wanted: calendar(event("a")),
      target: calendar(event("a", extra: mark)).replacingOccurrences(of: "\r\n", with: "\n")
        .replacingOccurrences(of: "SUMMARY:Birthday: X", with: "SUMMARY:Birth\n day: X"),
      lines: [], unchanged: 1),
    Case(
      name: "properties in another order (as khal writes them back): unchanged",
      wanted: calendar(event("a")),
      target: calendar(
        "BEGIN:VEVENT\r\nSUMMARY:Birthday: X\r\nRRULE:FREQ=YEARLY\r\nDTSTART;VALUE=DATE:19850412\r\n"
          + mark + "UID:a\r\nBEGIN:VALARM\r\nDESCRIPTION:x\r\nTRIGGER;RELATED=START:PT8H\r\n"
          + "ACTION:DISPLAY\r\nEND:VALARM\r\nEND:VEVENT\r\n"),
      lines: [], unchanged: 1),
    Case(
      name: "RRULE parts in another order (as Xandikos writes them back): unchanged",
      wanted: calendar(event("a")).replacingOccurrences(
        of: "RRULE:FREQ=YEARLY", with: "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"),
      target: calendar(event("a", extra: mark)).replacingOccurrences(
        of: "RRULE:FREQ=YEARLY", with: "RRULE:FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2"),
      lines: [], unchanged: 1),
    Case(
      name: "RRULE changed", wanted: calendar(event("a")),
      target: calendar(event("a", extra: mark)).replacingOccurrences(
        of: "RRULE:FREQ=YEARLY", with: "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"),
      lines: ["~ a\tBirthday: X\tdate"], unchanged: 0),
    Case(
      name: "date changed", wanted: calendar(event("a", start: "19850413")),
      target: calendar(event("a", extra: mark)), lines: ["~ a\tBirthday: X\tdate"], unchanged: 0),
    Case(
      name: "alarm changed", wanted: calendar(event("a", alarm: "-PT6H")),
      target: calendar(event("a", extra: mark)), lines: ["~ a\tBirthday: X\talarms"], unchanged: 0),
    Case(
      name: "removed with its override", wanted: calendar(event("a")),
      target: calendar(
        event("a", extra: mark), event("b", summary: "Birthday: B", extra: mark),
        event("b", extra: "RECURRENCE-ID;VALUE=DATE:20270412\r\n")),
      lines: ["- b\tBirthday: B\t--04-12"], unchanged: 1),
    Case(
      name: "unmarked and other set: never touched", wanted: calendar(event("a"), event("b")),
      target: calendar(event("a"), event("b", extra: "X-BDCONVERT-SET:work\r\n"), event("c")),
      lines: [], unchanged: 0),
  ]

  @Test(arguments: cases)
  func plans(_ test: Case) throws {
    let (plan, lines) = try Self.plan(wanted: test.wanted, target: test.target)
    #expect(lines == test.lines)
    #expect(plan.unchanged == test.unchanged)
  }

  /// An event marked twice belongs to the set of its first marker, in a file target as in vdir
  /// and CalDAV targets (`SyncMarker.set(of:)`); the file's reader once took the last one, so
  /// an event of another set was removed (found by the `sync` fuzz target).
  @Test func theFirstMarkerDecidesWhoseEventItIs() throws {
    let target = Self.calendar(
      Self.event("other", extra: "X-BDCONVERT-SET:work\r\n" + Self.mark),
      Self.event("ours", extra: Self.mark + "X-BDCONVERT-SET:work\r\n"))
    for inventory in [
      try FileSyncTarget.inventory(
        of: MemoryByteSource(target), fileName: "target.ics", set: "birthdays"),
      try Self.inventory(target),
    ] {
      let plan = try SyncPlanner.plan(
        wanted: MemoryByteSource(Self.calendar()), fileName: "wanted.ics", inventory: inventory,
        timestamp: UTCTimestamp(secondsSince1970: 86_400))
      #expect(
        try plan.operations.map { try plan.change($0).textLine } == ["- ours\tBirthday: X\t--04-12"]
      )
    }
  }

  @Test func replacementHasTheNextSequenceAndTheMark() throws {
    let (plan, _) = try Self.plan(
      wanted: Self.calendar(Self.event("a", start: "19850413")),
      target: Self.calendar(Self.event("a", extra: Self.mark + "SEQUENCE:3\r\n")))
    let bytes = String(decoding: try plan.eventBytes(plan.operations[0]), as: UTF8.self)
    #expect(
      bytes.hasPrefix(
        "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:19700101T000000Z\r\nSEQUENCE:4\r\n"
          + "LAST-MODIFIED:19700102T000000Z\r\nX-BDCONVERT-SET:birthdays\r\n"
          + "X-BDCONVERT-DIGEST:"))
  }

  /// An inventory of resources (vdir files, server resources), one calendar text each.
  static func inventory(resources: [(name: String, text: String)]) throws -> SyncInventory {
    var inventory = try SyncInventory(set: "birthdays")
    for (name, text) in resources {
      var scanner = CalendarComponentScanner(MemoryByteSource(text), fileName: name)
      while let item = try scanner.next() {
        if case .component(let component) = item, let uid = component.uid {
          try inventory.add(SyncInventory.Component(component, uid: uid, resource: name))
        }
      }
    }
    try inventory.finish()
    return inventory
  }

  @Test func aUIDInTwoResourcesKeepsTheFirstAndRemovesTheManagedCopy() throws {
    let managed = Self.calendar(
      Self.event("a", extra: Self.mark),
      Self.event("a", extra: "RECURRENCE-ID;VALUE=DATE:20270412\r\n"))
    let inventory = try Self.inventory(resources: [
      ("a.ics", managed), ("b.ics", Self.calendar(Self.event("b", extra: Self.mark))),
      ("copy.ics", managed), ("mine.ics", Self.calendar(Self.event("b"))),
    ])
    // A resource's master and override are one entry; the copies are entries of their own.
    #expect(inventory.entries.count == 4)
    let wanted = Self.calendar(
      Self.event("a"), Self.event("a", extra: "RECURRENCE-ID;VALUE=DATE:20270412\r\n"),
      Self.event("b"))
    let plan = try SyncPlanner.plan(
      wanted: MemoryByteSource(wanted), fileName: "wanted.ics", inventory: inventory,
      timestamp: UTCTimestamp(secondsSince1970: 86_400))
    // The first resources match (unchanged); the managed copy goes, the unmarked one stays.
    #expect(plan.unchanged == 2)
    #expect(plan.operations.count == 1)
    let removal = try #require(plan.operations.first)
    #expect(removal.kind == .remove && inventory.isDuplicate(removal.inventoryIndex))
    #expect(try plan.existing(removal)?.resource == "copy.ics")
    #expect(try plan.existing(removal)?.line == 4)
  }

  @Test func keepRemovedAndAdopt() throws {
    let (kept, lines) = try Self.plan(
      wanted: Self.calendar(Self.event("a")),
      target: Self.calendar(Self.event("a"), Self.event("b", extra: Self.mark)),
      options: .init(keepRemoved: true, adopt: true))
    #expect(lines == ["~ a\tBirthday: X\tadopted"])
    #expect(kept.keptRemoved == 1)
  }

  @Test func massRemoval() throws {
    let events = (0..<30).map { Self.event("e\($0)", extra: Self.mark) }
    let target = "BEGIN:VCALENDAR\r\n" + events.joined() + "END:VCALENDAR\r\n"
    let wanted = Self.calendar(Self.event("e0"))
    let (plan, _) = try Self.plan(wanted: wanted, target: target)
    #expect(plan.count(.remove) == 29 && plan.isMassRemoval)
    let (small, _) = try Self.plan(
      wanted: Self.calendar(), target: Self.calendar(Self.event("a", extra: Self.mark)))
    #expect(small.count(.remove) == 1 && !small.isMassRemoval)
  }

  @Test func resourceNames() {
    #expect(
      EventResourceName.fileName(forUID: "0d3a12e8-d194-5d74-9188-04cf45bfaf07")
        == "0d3a12e8-d194-5d74-9188-04cf45bfaf07.ics")
    #expect(EventResourceName.fileName(forUID: "a/b c%") == "a%2Fb%20c%25.ics")
    #expect(EventResourceName.fileName(forUID: ".hidden") == "%2Ehidden.ics")
    #expect(EventResourceName.fileName(forUID: "..") == "%2E..ics")
    #expect(EventResourceName.fileName(forUID: "ü@x") == "%C3%BC@x.ics")
    let long = EventResourceName.fileName(forUID: String(repeating: "é", count: 100))
    #expect(long.count == 44 && long.hasSuffix(".ics"))
    #expect(EventResourceName.fileName(forUID: "A") != EventResourceName.fileName(forUID: "a"))
  }
}
