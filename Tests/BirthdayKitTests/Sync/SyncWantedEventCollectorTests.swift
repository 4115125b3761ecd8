import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// The wanted events handed over by the converter (``SyncWantedEventCollector``) must be what
/// reading the converted calendar back finds (``SyncWantedEvents/init(scanning:fileName:)``):
/// the same header, and per UID the same key, digest and bytes, whichever path wrote them.
@Suite struct SyncWantedEventCollectorTests {
  /// ``RenderedEventSummary/init(events:)`` of `bytes` (a macro's argument cannot be a span).
  static func summary(of bytes: [UInt8]) -> RenderedEventSummary? {
    RenderedEventSummary(events: bytes.span)
  }

  struct Group: Equatable {
    var key: SyncEventKey
    var digest: EventDigest
    var bytes: [UInt8]
  }

  /// Calendars written with options that change every part of the digest: alarms, overrides
  /// with ages, long and non-ASCII names (folded lines), escapes, descriptions, anniversaries.
  static let optionSets: [(String, CalendarOptions)] = {
    var plain = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 1_700_000_000))
    plain.alarms = []
    plain.calendarName = nil
    var ages = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 1_700_000_000))
    ages.summaryTemplate = try? EventTextTemplate("{name} turns {age}; \\, \"quoted\": {ordinal}")
    ages.alarms =
      [.eightAM]
      + [
        AlarmSpecification(daysBefore: 2, hour: 18, minute: 30),
        AlarmSpecification(daysBefore: 7, hour: 9, minute: 0),
      ].compactMap { $0 }
    ages.ageYears = 4
    ages.leapDayPolicy = .mar1
    var long = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 86_400))
    long.messageTemplate = try? EventTextTemplate(
      String(repeating: "Ünïcödé ⛄ {first} {last} ", count: 8))
    long.calendarName = "Family; friends, \\ and 🎂"
    return [
      ("defaults", CalendarOptions(timestamp: .init(secondsSince1970: 0))),
      ("plain", plain), ("ages", ages), ("long", long),
    ]
  }()

  static func addressBook() -> [UInt8] {
    var cards: [String] = []
    for index in 0..<90 {
      var lines = ["BEGIN:VCARD", "VERSION:3.0"]
      let name = String(repeating: "Ŋame-\(index) ", count: index % 5 == 0 ? 12 : 1)
      lines.append("FN:\(name)Smith\\, Jr.")
      lines.append("N:Smith;\(name);;;")
      switch index % 6 {
      case 0: lines.append("BDAY:1985-04-\(10 + index % 18)")
      case 1: lines.append("BDAY:--0229")
      case 2: lines += ["BDAY:1960-02-29", "ANNIVERSARY:19900615"]
      case 3: lines += ["UID:urn:uuid:\(UUID().uuidString)", "BDAY:2001-12-31"]
      case 4: lines += ["UID:Weird UID\\; with\\, escapes \(index)", "BDAY:19700101"]
      default: lines += ["BDAY:1999-0\(1 + index % 9)-15", "X-ANNIVERSARY:2010-05-05"]
      }
      lines.append("END:VCARD")
      cards.append(lines.joined(separator: "\r\n"))
    }
    return Array((cards.joined(separator: "\r\n") + "\r\n").utf8)
  }

  /// Converts `book` with a collector watching; `threads` nil reads it in sequence.
  static func convert(_ book: [UInt8], options: CalendarOptions, threads: Int?) throws -> (
    calendar: [UInt8], collector: SyncWantedEventCollector
  ) {
    let collector = try SyncWantedEventCollector()
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(), options: .init(calendar: options, includeAnniversaries: true),
      diagnostics: { _ in })
    converter.observeEvents(collector)
    try converter.begin()
    if let threads {
      try converter.convert(
        VCardSegmentedInput(
          file: MemoryRandomAccessSource(book), fileName: "book.vcf", segmentSize: 900),
        threads: threads)
    } else {
      var reader = VCardReader(source: MemoryByteSource(book), fileName: "book.vcf") { _ in }
      try converter.convert(&reader)
    }
    _ = try converter.finish()
    return (converter.sink.bytes, collector)
  }

  static func groups(_ events: SyncWantedEvents) throws -> [Group] {
    var result: [Group] = []
    var builder = SyncWantedGroup()
    try events.forEachGroup { group in
      try events.read(group, into: &builder)
      result.append(Group(key: group.key, digest: group.digest, bytes: builder.bytes))
    }
    return result
  }

  @Test(.tags(.slow), .slowTimeLimit, arguments: [nil, 1, 2, 3] as [Int?])
  func handedOverIsWhatScanningFinds(threads: Int?) throws {
    let book = Self.addressBook()
    for (name, options) in Self.optionSets {
      let (calendar, collector) = try Self.convert(book, options: options, threads: threads)
      let source = MemoryRandomAccessSource(calendar)
      let scanned = try SyncWantedEvents(scanning: source, fileName: "c.ics")
      let handed = try #require(
        try SyncWantedEvents(collected: collector, in: source, fileName: "c.ics"), "\(name)")
      #expect(handed.calendarHeader == scanned.calendarHeader, "\(name)")
      #expect(handed.count == scanned.count, "\(name)")
      #expect(scanned.count > 90, "\(name)")
      #expect(try Self.groups(handed) == Self.groups(scanned), "\(name)")
    }
  }

  /// A calendar without events: the header is everything before `END:VCALENDAR`.
  @Test func noEvents() throws {
    let (calendar, collector) = try Self.convert(
      Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nobody\r\nEND:VCARD\r\n".utf8),
      options: Self.optionSets[0].1, threads: nil)
    let source = MemoryRandomAccessSource(calendar)
    let handed = try #require(try SyncWantedEvents(collected: collector, in: source, fileName: "c"))
    let scanned = try SyncWantedEvents(scanning: source, fileName: "c")
    #expect(handed.count == 0 && scanned.count == 0)
    #expect(handed.calendarHeader == scanned.calendarHeader)
  }

  /// What the summary cannot read with certainty it leaves to scanning.
  @Test(arguments: [
    "BEGIN:VEVENT\nUID:a\r\nEND:VEVENT\r\n",  // a bare LF
    "BEGIN:VEVENT\r\nUID:a\r\nno colon\r\nEND:VEVENT\r\n",
    "BEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\n",  // no UID
    "BEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\n",
    "BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\n",
    "BEGIN:VEVENT\r\nUID:a\r\n",
  ])
  func unusualBytesAreNotSummarized(event: String) {
    let bytes = Array(event.utf8)
    #expect(Self.summary(of: bytes) == nil)
  }

  /// Folded lines, an escaped UID, an alarm and an override: the same key and digest as a scan.
  @Test func summaryMatchesAScanOfTheSameBytes() throws {
    let events =
      "BEGIN:VEVENT\r\nUID:x\\,y\r\nDTSTAMP:19700101T000000Z\r\nSUMMARY:a long\r\n  title\r\n"
      + "RRULE:FREQ=YEARLY;BYMONTH=4\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT1H\r\n"
      + "END:VALARM\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:x\\,y\r\nRECURRENCE-ID;VALUE=DATE:"
      + "20300412\r\nSUMMARY:o\r\n\tther\r\nEND:VEVENT\r\n"
    let bytes = Array(events.utf8)
    let summary = try #require(Self.summary(of: bytes))
    let scanned = try SyncWantedEvents(
      scanning: MemoryRandomAccessSource(
        Array(("BEGIN:VCALENDAR\r\n" + events + "END:VCALENDAR\r\n").utf8)), fileName: "c")
    var found: [SyncWantedEvents.Group] = []
    try scanned.forEachGroup { found.append($0) }
    #expect(found.count == 1)
    #expect(found.first?.key == summary.key && found.first?.key == SyncEventKey(uid: "x,y"))
    #expect(found.first?.digest == summary.digest)
  }

  /// The converter carries a summary as a ``RenderedEventNote``: it comes back the same.
  @Test func summaryComesBackFromItsNote() throws {
    let events =
      "BEGIN:VEVENT\r\nUID:n\r\nSUMMARY:s\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
      + "END:VALARM\r\nEND:VEVENT\r\n"
    let bytes = Array(events.utf8)
    let summary = try #require(Self.summary(of: bytes))
    let back = RenderedEventSummary(note: summary.note)
    #expect(back.key == summary.key && back.digest == summary.digest)
    #expect(back.keylessDetails == summary.keylessDetails && summary.digest != EventDigest())
  }
}
