import Testing

@testable import BirthdayKit

/// The in-place reader sync uses must see what ``CalendarComponentScanner`` sees: the same
/// items, bytes, UIDs and digests, and the same stamped bytes as ``SyncMarker/stamped``.
@Suite struct SyncComponentReaderTests {
  static let calendar =
    "\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n"
    + "BEGIN:VTIMEZONE\r\nTZID:X\r\nLAST-MODIFIED:20200101T000000Z\r\nEND:VTIMEZONE\r\n"
    // Folded, LF endings, SEQUENCE and the mark before DTSTAMP, an escaped UID, lower-case names.
    + "BEGIN:VEVENT\nSEQUENCE:3\nX-BDCONVERT-SET:birthdays \nuid:a\\,b\nDTSTAMP:19700101T000000Z\n"
    + "SUMMARY:Birthday: a very long name that goes on and on and on and on and on and o\n n\n"
    + "rrule:FREQ=YEARLY;;BYMONTH=4\nLAST-MODIFIED:20200101T000000Z\nBEGIN:VALARM\n"
    + "ACTION:DISPLAY\nTRIGGER:-PT1H\nEND:VALARM\nDESCRIPTION:Born 1985-04-12\n"
    + "DTSTART;VALUE=DATE:19850412\nEND:VEVENT\n"
    // No DTSTAMP: stamps go after the UID; an override with RECURRENCE-ID.
    + "BEGIN:VEVENT\r\nUID:b\r\nRECURRENCE-ID;VALUE=DATE:20300412\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
    // Neither DTSTAMP nor UID: stamps go after BEGIN.
    + "BEGIN:VEVENT\r\nSUMMARY:no uid\r\nSEQUENCE:1\r\nEND:VEVENT\r\n"
    + "BEGIN:VTODO\r\nUID:t\r\nEND:VTODO\r\n"
    + "END:VCALENDAR\r\ntrailing\r\n"

  @Test func readsWhatTheComponentScannerReads() throws {
    var scanner = CalendarComponentScanner(MemoryByteSource(Self.calendar), fileName: "a.ics")
    var reader = SyncComponentReader(
      AnyByteSource(MemoryByteSource(Self.calendar)), fileName: "a.ics", bytes: .stamping,
      gathersFacts: true)
    var offset = 0
    var components = 0
    while let expected = try scanner.next() {
      let item = try #require(try reader.next())
      #expect(reader.byteRange.lowerBound == offset)
      switch expected {
      case .line(let line):
        #expect(item == .line)
        #expect(reader.raw == line.raw)
        #expect(reader.lineKind == line.kind && reader.lineDepth == line.depth)
      case .component(let component):
        components += 1
        #expect(item == .component)
        #expect(reader.raw == component.raw)
        #expect(reader.isEvent == component.isEvent)
        #expect(reader.hasUID == (component.uid != nil))
        if let uid = component.uid { #expect(reader.uid == uid) }
        guard component.isEvent else { break }
        let facts = EventFacts(component)
        #expect(reader.facts.digest == facts.digest)
        #expect(reader.facts.set == facts.set && reader.facts.hasSet == facts.hasSet)
        #expect(reader.facts.sequence == facts.sequence)
        #expect(reader.facts.isOverride == facts.isOverride)
        #expect(reader.facts.summary == facts.summary)
        #expect(reader.facts.start == facts.start)
        let added = SyncMarker.addedLines(
          set: "s", sequence: 4, lastModified: UTCTimestamp(secondsSince1970: 0))
        var bytes: [UInt8] = Array("prefix".utf8)
        let insertion = reader.appendUnstamped(to: &bytes)
        bytes.insert(contentsOf: added, at: insertion)
        #expect(
          bytes.dropFirst(6).elementsEqual(
            SyncMarker.stamped(
              component, set: "s", sequence: 4, lastModified: UTCTimestamp(secondsSince1970: 0))))
      }
      offset = reader.byteRange.upperBound
    }
    #expect(try reader.next() == nil)
    #expect(components == 5)
    #expect(offset == Self.calendar.utf8.count)
  }

  @Test func theFirstEventsFactsAreReadInPlace() throws {
    var reader = SyncComponentReader(
      AnyByteSource(MemoryByteSource(Self.calendar)), fileName: "a.ics", bytes: .none,
      gathersFacts: true)
    while try reader.next() == .line || !reader.isEvent {}
    #expect(reader.raw.isEmpty)  // no bytes kept for an inventory
    #expect(reader.uid == Array("a,b".utf8))
    #expect(reader.facts.set == Array("birthdays".utf8))
    #expect(reader.facts.sequence == 3)
    #expect(reader.facts.description == Array("Born 1985-04-12".utf8))
    #expect(
      reader.facts.digest.changes(from: EventDigest()) == ["date", "name", "alarms", "details"])
  }

  @Test func malformedStructureFailsAsInTheReader() {
    var reader = SyncComponentReader(
      AnyByteSource(MemoryByteSource("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n")),
      fileName: "bad.ics", bytes: .all, gathersFacts: false)
    #expect(throws: InputFormatError.self) { while try reader.next() != nil {} }
  }
}
