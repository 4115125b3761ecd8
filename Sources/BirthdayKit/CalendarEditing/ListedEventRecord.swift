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
package struct ListedEventRecord {
  /// The record's bytes, as appended by ``encode(uid:summary:date:rrule:next:lineNumber:isOverride:isAnniversary:isCelebration:recurrence:into:)``.
  let bytes: UnsafeRawBufferPointer

  private static let headerSize = 54
  private static let overrideFlag: UInt8 = 1
  private static let asciiUIDFlag: UInt8 = 2
  private static let anniversaryFlag: UInt8 = 4
  private static let celebrationFlag: UInt8 = 8
  /// The ``nextDay`` of an event that does not occur again.
  static let noNextDay = Int32.max

  /// The line of `BEGIN:VEVENT`.
  package var lineNumber: Int { bytes.loadUnaligned(fromByteOffset: 0, as: Int.self) }
  /// The next occurrence as a day number (days since 1970-01-01), or ``noNextDay``.
  var nextDay: Int32 { bytes.loadUnaligned(fromByteOffset: 32, as: Int32.self) }
  /// True for an override (a VEVENT with `RECURRENCE-ID`).
  var isOverride: Bool { bytes[40] & Self.overrideFlag != 0 }
  /// True when every byte of the UID is ASCII, so that byte order is `String` order.
  var uidIsASCII: Bool { bytes[40] & Self.asciiUIDFlag != 0 }

  /// The unescaped UID bytes (UTF-8 as read, possibly invalid).
  package var uid: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize..<(Self.headerSize + uidLength)])
  }

  /// The unescaped SUMMARY bytes (UTF-8 as read, possibly invalid; empty when absent).
  package var summary: UnsafeRawBufferPointer {
    let start = Self.headerSize + uidLength
    return UnsafeRawBufferPointer(
      rebasing: bytes[start..<(start + bytes.loadUnaligned(fromByteOffset: 16, as: Int.self))])
  }

  /// The RRULE bytes as written, or `nil` without an RRULE.
  package var rrule: UnsafeRawBufferPointer? {
    let length = bytes.loadUnaligned(fromByteOffset: 24, as: Int.self)
    guard length >= 0 else { return nil }
    let start =
      Self.headerSize + uidLength + bytes.loadUnaligned(fromByteOffset: 16, as: Int.self)
    return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
  }

  /// ``CalendarEvent/date``.
  package var date: CivilDate? {
    let year = bytes.loadUnaligned(fromByteOffset: 36, as: Int16.self)
    let month = bytes[38]
    guard month != 0 else { return nil }
    return CivilDate(year: year == 0 ? nil : Int(year), month: Int(month), day: Int(bytes[39]))
  }

  /// ``CalendarEvent/next``.
  package var next: CivilDate? {
    nextDay == Self.noNextDay ? nil : civilDate(dayNumber: Int(nextDay))
  }

  /// The event as the public API shows it.
  var event: CalendarEvent {
    var event = CalendarEvent(
      uid: String(decoding: uid, as: UTF8.self),
      summary: String(decoding: summary, as: UTF8.self), date: date,
      rrule: rrule.map { String(decoding: $0, as: UTF8.self) }, next: next,
      lineNumber: lineNumber)
    event.isAnniversary = bytes[40] & Self.anniversaryFlag != 0
    event.isCelebration = bytes[40] & Self.celebrationFlag != 0
    event.calendarDate = calendarDate
    return event
  }

  /// ``CalendarEvent/calendarDate``.
  package var calendarDate: CalendarDate? {
    let index = Int(bytes[49])
    guard index > 0, index <= CalendarSystem.allCases.count else { return nil }
    let year = bytes.loadUnaligned(fromByteOffset: 50, as: Int16.self)
    return CalendarDate(
      system: CalendarSystem.allCases[index - 1], year: year == Int16.min ? nil : Int(year),
      month: Int(bytes[52] & 0x7F), isLeapMonth: bytes[52] & 0x80 != 0, day: Int(bytes[53]))
  }

  private var uidLength: Int { bytes.loadUnaligned(fromByteOffset: 8, as: Int.self) }

  /// The recurrence properties of `record`, or `nil` for an event that has none stored.
  static func recurrence(in record: Span<UInt8>) -> EventRecurrenceProperties? {
    let length = ByteRegionAccess.load(Int.self, from: record, at: 41)
    guard length > 0 else { return nil }
    return EventRecurrenceProperties(decoding: record.extracting((record.count - length)...))
  }

  /// Calls `body` with the record whose bytes are `record`.
  static func with<Result>(_ record: Span<UInt8>, _ body: (ListedEventRecord) throws -> Result)
    rethrows -> Result
  {
    try record.withUnsafeBytes { try body(ListedEventRecord(bytes: $0)) }
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
  /// together on the stack and appended in one copy (each small append checks the array's
  /// uniqueness and capacity, and a record has fourteen parts).
  static func encode(
    uid: [UInt8], summary: [UInt8], date: CivilDate?, rrule: [UInt8]?, next: CivilDate?,
    lineNumber: Int, isOverride: Bool, isAnniversary: Bool = false, isCelebration: Bool = false,
    calendarDate: CalendarDate? = nil, recurrence: EventRecurrenceProperties? = nil,
    into record: inout [UInt8]
  ) {
    record.removeAll(keepingCapacity: true)
    let isASCII = uid.withUnsafeBytes(ByteKernel.isASCII)
    let recurrenceLength = recurrence?.encodedCount ?? 0
    let total = headerSize + uid.count + summary.count + (rrule?.count ?? 0) + recurrenceLength
    withUnsafeTemporaryAllocation(byteCount: total, alignment: 8) { buffer in
      guard let out = buffer.baseAddress else { return }
      out.storeBytes(of: lineNumber, toByteOffset: 0, as: Int.self)
      out.storeBytes(of: uid.count, toByteOffset: 8, as: Int.self)
      out.storeBytes(of: summary.count, toByteOffset: 16, as: Int.self)
      out.storeBytes(of: rrule?.count ?? -1, toByteOffset: 24, as: Int.self)
      out.storeBytes(
        of: next.map { Int32(dayNumber($0)) } ?? noNextDay, toByteOffset: 32, as: Int32.self)
      out.storeBytes(of: Int16(date?.year ?? 0), toByteOffset: 36, as: Int16.self)
      out.storeBytes(of: UInt8(date?.month ?? 0), toByteOffset: 38, as: UInt8.self)
      out.storeBytes(of: UInt8(date?.day ?? 0), toByteOffset: 39, as: UInt8.self)
      let flags =
        (isOverride ? overrideFlag : 0) | (isASCII ? asciiUIDFlag : 0)
        | (isAnniversary ? anniversaryFlag : 0) | (isCelebration ? celebrationFlag : 0)
      out.storeBytes(of: flags, toByteOffset: 40, as: UInt8.self)
      out.storeBytes(of: recurrenceLength, toByteOffset: 41, as: Int.self)
      // A date that does not fit the fields (it cannot come from bdconvert) is left out.
      let system = calendarDate.flatMap { date in
        CalendarSystem.allCases.firstIndex(of: date.system).map { UInt8($0 + 1) }
      }
      if let calendarDate, let system, calendarDate.year.map({ abs($0) < 32_000 }) ?? true,
        (1...13).contains(calendarDate.month), (1...31).contains(calendarDate.day)
      {
        out.storeBytes(of: system, toByteOffset: 49, as: UInt8.self)
        out.storeBytes(
          of: calendarDate.year.map { Int16($0) } ?? Int16.min, toByteOffset: 50, as: Int16.self)
        out.storeBytes(
          of: UInt8(calendarDate.month) | (calendarDate.isLeapMonth ? 0x80 : 0), toByteOffset: 52,
          as: UInt8.self)
        out.storeBytes(of: UInt8(calendarDate.day), toByteOffset: 53, as: UInt8.self)
      } else {
        out.storeBytes(of: UInt8(0), toByteOffset: 49, as: UInt8.self)
        out.storeBytes(of: Int16.min, toByteOffset: 50, as: Int16.self)
        out.storeBytes(of: UInt16(0), toByteOffset: 52, as: UInt16.self)
      }
      var offset = headerSize
      func copy(_ field: [UInt8]) {
        field.withUnsafeBytes { bytes in
          if let base = bytes.baseAddress {
            (out + offset).copyMemory(from: base, byteCount: bytes.count)
          }
        }
        offset += field.count
      }
      copy(uid)
      copy(summary)
      if let rrule { copy(rrule) }
      recurrence?.write(to: out + offset)
      ByteKernel.append(buffer.assumingMemoryBound(to: UInt8.self).span, to: &record)
    }
  }
}
