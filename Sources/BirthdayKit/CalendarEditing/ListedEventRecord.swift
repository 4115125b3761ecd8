/// One event of `list` in the binary form it is sorted in, in memory or in a temporary file.
///
/// Layout, native byte order (the bytes never leave the process):
///
/// | offset | type | field |
/// | ---: | --- | --- |
/// | 0 | `Int` | line number of `BEGIN:VEVENT` |
/// | 8 | `Int` | UID length |
/// | 16 | `Int` | SUMMARY length |
/// | 24 | `Int` | RRULE length, -1 without an RRULE |
/// | 32 | `Int32` | next occurrence as a day number, `Int32.max` for none (so it sorts last) |
/// | 36 | `Int16` | year of the date, 0 when the year is not known |
/// | 38 | `UInt8` | month of the date, 0 when there is no date |
/// | 39 | `UInt8` | day of the date |
/// | 40 | `UInt8` | flags: 1 = an override (`RECURRENCE-ID`), 2 = the UID is all ASCII, 4 = an anniversary, 8 = a birthday or anniversary by its marks (``CalendarEvent/isCelebration``) |
/// | 41 | `Int` | length of the recurrence properties, 0 for none |
/// | 49 | `UInt8` | the calendar of `X-BDCONVERT-CALENDAR-DATE`: 0 for none, else 1 + its index in ``CalendarSystem/allCases`` |
/// | 50 | `Int16` | that date's year, `Int16.min` when not known |
/// | 52 | `UInt8` | its month, + 128 for a leap month |
/// | 53 | `UInt8` | its day |
/// | 54 | bytes | the UID, the SUMMARY (both unescaped), the RRULE as written, and the recurrence properties (``EventRecurrenceProperties``) of a recurring master or an override |
///
/// `list` writes its lines straight from these bytes (``CalendarLister`` hands the sorted records
/// over), so that no ``CalendarEvent`` of `String`s is built per listed event.
///
/// A ``ListedEventRecord`` is the header read from a record's bytes, with where its UID, SUMMARY
/// and RRULE are in them: the bytes are handed over beside it (``CalendarLister``).
package struct ListedEventRecord {
  private static let headerSize = 54
  private static let overrideFlag: UInt8 = 1
  private static let asciiUIDFlag: UInt8 = 2
  private static let anniversaryFlag: UInt8 = 4
  private static let celebrationFlag: UInt8 = 8
  /// The ``nextDay`` of an event that does not occur again.
  static let noNextDay = Int32.max

  /// The line of `BEGIN:VEVENT`.
  package let lineNumber: Int
  /// The next occurrence as a day number (days since 1970-01-01), or ``noNextDay``.
  let nextDay: Int32
  /// Where the unescaped UID bytes (UTF-8 as read, possibly invalid) are in the record.
  package let uid: Range<Int>
  /// Where the unescaped SUMMARY bytes (UTF-8 as read, possibly invalid; empty when absent)
  /// are in the record.
  package let summary: Range<Int>
  /// Where the RRULE bytes as written are in the record, or `nil` without an RRULE.
  package let rrule: Range<Int>?
  /// ``CalendarEvent/date``.
  package let date: CivilDate?
  /// ``CalendarEvent/calendarDate``.
  package let calendarDate: CalendarDate?
  private let flags: UInt8

  /// The header of the record whose bytes are `record`, as appended by
  /// ``encode(uid:summary:date:rrule:next:lineNumber:isOverride:isAnniversary:isCelebration:calendarDate:recurrence:into:)``.
  init(_ record: Span<UInt8>) {
    lineNumber = ByteRegionAccess.load(Int.self, from: record, at: 0)
    let uidLength = ByteRegionAccess.load(Int.self, from: record, at: 8)
    let summaryLength = ByteRegionAccess.load(Int.self, from: record, at: 16)
    let rruleLength = ByteRegionAccess.load(Int.self, from: record, at: 24)
    uid = Self.headerSize..<(Self.headerSize + uidLength)
    summary = uid.upperBound..<(uid.upperBound + summaryLength)
    rrule = rruleLength >= 0 ? summary.upperBound..<(summary.upperBound + rruleLength) : nil
    nextDay = ByteRegionAccess.load(Int32.self, from: record, at: 32)
    let year = ByteRegionAccess.load(Int16.self, from: record, at: 36)
    let month = record[38]
    date =
      month == 0
      ? nil : CivilDate(year: year == 0 ? nil : Int(year), month: Int(month), day: Int(record[39]))
    flags = record[40]
    let system = Int(record[49])
    if system > 0, system <= CalendarSystem.allCases.count {
      let calendarYear = ByteRegionAccess.load(Int16.self, from: record, at: 50)
      calendarDate = CalendarDate(
        system: CalendarSystem.allCases[system - 1],
        year: calendarYear == Int16.min ? nil : Int(calendarYear), month: Int(record[52] & 0x7F),
        isLeapMonth: record[52] & 0x80 != 0, day: Int(record[53]))
    } else {
      calendarDate = nil
    }
  }

  /// True for an override (a VEVENT with `RECURRENCE-ID`).
  var isOverride: Bool { flags & Self.overrideFlag != 0 }
  /// True when every byte of the UID is ASCII, so that byte order is `String` order.
  var uidIsASCII: Bool { flags & Self.asciiUIDFlag != 0 }

  /// ``CalendarEvent/next``.
  package var next: CivilDate? {
    nextDay == Self.noNextDay ? nil : civilDate(dayNumber: Int(nextDay))
  }

  /// The event as the public API shows it, from the record's bytes.
  func event(in record: Span<UInt8>) -> CalendarEvent {
    var event = CalendarEvent(
      uid: ByteKernel.string(decoding: record.extracting(uid)),
      summary: ByteKernel.string(decoding: record.extracting(summary)), date: date,
      rrule: rrule.map { ByteKernel.string(decoding: record.extracting($0)) }, next: next,
      lineNumber: lineNumber)
    event.isAnniversary = flags & Self.anniversaryFlag != 0
    event.isCelebration = flags & Self.celebrationFlag != 0
    event.calendarDate = calendarDate
    return event
  }

  /// The recurrence properties of `record`, or `nil` for an event that has none stored.
  static func recurrence(in record: Span<UInt8>) -> EventRecurrenceProperties? {
    let length = ByteRegionAccess.load(Int.self, from: record, at: 41)
    guard length > 0 else { return nil }
    return EventRecurrenceProperties(decoding: record.extracting((record.count - length)...))
  }

  /// The fields the sorts look at, read from a record's bytes in place.
  struct SortFields {
    /// Where the UID is in the record.
    var uid: Range<Int>
    var nextDay: Int32
    var isOverride: Bool
    var uidIsASCII: Bool
    var lineNumber: Int

    init(of record: Span<UInt8>) {
      let uidLength = ByteRegionAccess.load(Int.self, from: record, at: 8)
      uid = ListedEventRecord.headerSize..<(ListedEventRecord.headerSize + uidLength)
      nextDay = ByteRegionAccess.load(Int32.self, from: record, at: 32)
      isOverride = record[40] & ListedEventRecord.overrideFlag != 0
      uidIsASCII = record[40] & ListedEventRecord.asciiUIDFlag != 0
      lineNumber = ByteRegionAccess.load(Int.self, from: record, at: 0)
    }
  }

  /// Replaces the next occurrence in an encoded `record`.
  static func setNext(_ next: CivilDate?, in record: inout [UInt8]) {
    let day = next.map { Int32(dayNumber($0)) } ?? noNextDay
    ByteRegionAccess.store(day, into: &record, at: 32)
  }

  /// Marks an encoded `record` as without recurrence properties and returns how many of its
  /// bytes are the rest (the sort by next occurrence and the listing do not read them: a
  /// smaller record to sort and spill).
  static func droppingRecurrence(of record: inout [UInt8]) -> Int {
    let length = ByteRegionAccess.load(Int.self, from: record.span, at: 41)
    guard length > 0 else { return record.count }
    ByteRegionAccess.store(0, into: &record, at: 41)
    return record.count - length
  }

  /// Replaces the contents of `record` with the record of one event. The record is put
  /// together in one piece and appended in one copy (each small append checks the array's
  /// uniqueness and capacity, and a record has fourteen parts).
  static func encode(
    uid: [UInt8], summary: [UInt8], date: CivilDate?, rrule: [UInt8]?, next: CivilDate?,
    lineNumber: Int, isOverride: Bool, isAnniversary: Bool = false, isCelebration: Bool = false,
    calendarDate: CalendarDate? = nil, recurrence: EventRecurrenceProperties? = nil,
    into record: inout [UInt8]
  ) {
    record.removeAll(keepingCapacity: true)
    let isASCII = ByteKernel.isASCII(uid.span)
    let recurrenceLength = recurrence?.encodedCount ?? 0
    let total = headerSize + uid.count + summary.count + (rrule?.count ?? 0) + recurrenceLength
    ByteRegionAccess.append(count: total, to: &record) { out in
      ByteKernel.copy(uid.span, into: &out, at: headerSize)
      ByteKernel.copy(summary.span, into: &out, at: headerSize + uid.count)
      var offset = headerSize + uid.count + summary.count
      if let rrule {
        ByteKernel.copy(rrule.span, into: &out, at: offset)
        offset += rrule.count
      }
      recurrence?.write(into: &out, at: offset)
      var header = out.mutableBytes
      header.storeBytes(of: lineNumber, toByteOffset: 0, as: Int.self)
      header.storeBytes(of: uid.count, toByteOffset: 8, as: Int.self)
      header.storeBytes(of: summary.count, toByteOffset: 16, as: Int.self)
      header.storeBytes(of: rrule?.count ?? -1, toByteOffset: 24, as: Int.self)
      header.storeBytes(
        of: next.map { Int32(dayNumber($0)) } ?? noNextDay, toByteOffset: 32, as: Int32.self)
      header.storeBytes(of: Int16(date?.year ?? 0), toByteOffset: 36, as: Int16.self)
      header.storeBytes(of: UInt8(date?.month ?? 0), toByteOffset: 38, as: UInt8.self)
      header.storeBytes(of: UInt8(date?.day ?? 0), toByteOffset: 39, as: UInt8.self)
      let flags =
        (isOverride ? overrideFlag : 0) | (isASCII ? asciiUIDFlag : 0)
        | (isAnniversary ? anniversaryFlag : 0) | (isCelebration ? celebrationFlag : 0)
      header.storeBytes(of: flags, toByteOffset: 40, as: UInt8.self)
      header.storeBytes(of: recurrenceLength, toByteOffset: 41, as: Int.self)
      // A date that does not fit the fields (it cannot come from bdconvert) is left out.
      let system = calendarDate.flatMap { date in
        CalendarSystem.allCases.firstIndex(of: date.system).map { UInt8($0 + 1) }
      }
      if let calendarDate, let system, calendarDate.year.map({ abs($0) < 32_000 }) ?? true,
        (1...13).contains(calendarDate.month), (1...31).contains(calendarDate.day)
      {
        header.storeBytes(of: system, toByteOffset: 49, as: UInt8.self)
        header.storeBytes(
          of: calendarDate.year.map { Int16($0) } ?? Int16.min, toByteOffset: 50, as: Int16.self)
        header.storeBytes(
          of: UInt8(calendarDate.month) | (calendarDate.isLeapMonth ? 0x80 : 0), toByteOffset: 52,
          as: UInt8.self)
        header.storeBytes(of: UInt8(calendarDate.day), toByteOffset: 53, as: UInt8.self)
      } else {
        header.storeBytes(of: Int16.min, toByteOffset: 50, as: Int16.self)
      }
    }
  }
}
