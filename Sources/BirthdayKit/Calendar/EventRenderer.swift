/// Renders one event as RFC 5545 bytes: the part of writing a calendar that does not depend on
/// where the bytes go, so that conversion threads render into memory with the same code.
///
/// Every event is an all-day `VEVENT` that repeats yearly, with the start year chosen for client
/// compatibility: the real year when known and not before 1972, else 1972, since several clients
/// mishandle early start dates. The real year goes into `DESCRIPTION`.
///
/// Not generic, and holding everything constant ready in memory of its own: the lines between
/// two values are one run of bytes each, copied in one go, and the templates are copies that no
/// other thread reads (every thread reading the same template fought over its reference count).
/// The texts are rendered straight into the output and escaped there only when a byte needs it,
/// so rendering an event makes no string and no array.
final class EventRenderer {
  /// How events are written.
  let options: CalendarOptions
  /// Where a text that needs escaping is moved to while it is escaped back (rare).
  private let scratch = OutputBuffer()
  /// Whether each event is followed by overrides with the age (``CalendarOptions/writesAges``).
  private let writesAges: Bool
  /// The constant runs below, one after the other.
  private let constants: UnsafeMutablePointer<UInt8>
  /// The `DTSTAMP` line and `DTSTART;VALUE=DATE:` (a yearly event), or `RECURRENCE-ID;VALUE=DATE:`
  /// (an override).
  private let yearlyStart: Run
  private let overrideStart: Run
  /// From the end date to `SUMMARY:`, with the rule of a yearly event on another day than
  /// 29 February, or on 29 February.
  private let yearlyTail: Run
  private let leapDayTail: Run
  /// Per ``CelebrationKind/index``: `CATEGORIES`, `TRANSP` and the first alarm's lines up to its
  /// `DESCRIPTION` (or the end of the event).
  private let categories: UnsafeMutablePointer<Run>
  /// Per alarm: its end and the next alarm's lines up to its `DESCRIPTION`, or the end of the
  /// event.
  private let alarmEnds: UnsafeMutablePointer<Run>
  private let alarmCount: Int
  /// Per alarm: whether its text is the previous alarm's (rendered once for both).
  private let sameTextAsPrevious: UnsafeMutablePointer<Bool>
  /// The title templates (per ``CelebrationKind/index``), then each alarm's text templates.
  private let templates: UnsafeMutablePointer<Template>
  private let templateCount: Int

  /// A run of ``constants``.
  private struct Run {
    var offset: Int
    var count: Int
  }

  /// A template's pieces and literals, copied into memory of this renderer's own.
  private struct Template {
    var pieces: UnsafeMutableBufferPointer<EventTextTemplate.Piece>
    var literals: UnsafeMutableBufferPointer<UInt8>

    init(_ template: EventTextTemplate) {
      pieces = .allocate(capacity: max(template.pieces.count, 1))
      _ = pieces.initialize(from: template.pieces)
      pieces = UnsafeMutableBufferPointer(rebasing: pieces[..<template.pieces.count])
      literals = .allocate(capacity: max(template.literals.count, 1))
      _ = literals.initialize(from: template.literals)
      literals = UnsafeMutableBufferPointer(rebasing: literals[..<template.literals.count])
    }

    func deallocate() {
      pieces.baseAddress?.deallocate()
      literals.baseAddress?.deallocate()
    }
  }

  init(options: CalendarOptions) {
    self.options = options
    self.writesAges = options.writesAges
    var bytes: [UInt8] = []
    func run(_ pieces: [UInt8]...) -> Run {
      let offset = bytes.count
      for piece in pieces { bytes += piece }
      return Run(offset: offset, count: bytes.count - offset)
    }
    let timestampLine = Self.folded("DTSTAMP:\(options.timestamp)")
    yearlyStart = run(timestampLine, Array("DTSTART;VALUE=DATE:".utf8))
    overrideStart = run(timestampLine, Array("RECURRENCE-ID;VALUE=DATE:".utf8))
    let summary = Array("SUMMARY:".utf8)
    yearlyTail = run(Array("\r\nRRULE:FREQ=YEARLY\r\n".utf8), summary)
    leapDayTail = run(
      Array("\r\n".utf8), Self.folded("RRULE:\(options.leapDayPolicy.recurrenceRule)"), summary)

    let alarms = options.alarms
    alarmCount = alarms.count
    let alarmStarts = alarms.map { alarm in
      Array("BEGIN:VALARM\r\nACTION:DISPLAY\r\n".utf8)
        + Self.folded("TRIGGER;RELATED=START:\(alarm.trigger)")
    }
    let eventEnd = Array("END:VEVENT\r\n".utf8)
    let kinds = CelebrationKind.allCases
    categories = .allocate(capacity: kinds.count)
    for kind in kinds {
      let line = Array("CATEGORIES:\(kind.rawValue.uppercased())\r\nTRANSP:TRANSPARENT\r\n".utf8)
      (categories + kind.index).initialize(to: run(line, alarmStarts.first ?? eventEnd))
    }
    alarmEnds = .allocate(capacity: max(alarms.count, 1))
    sameTextAsPrevious = .allocate(capacity: max(alarms.count, 1))
    var templates = kinds.map { options.summaryTemplate(for: $0) }
    var previousTexts: [EventTextTemplate]?
    for (index, alarm) in alarms.enumerated() {
      let next = index + 1 < alarms.count ? alarmStarts[index + 1] : eventEnd
      (alarmEnds + index).initialize(to: run(Array("END:VALARM\r\n".utf8), next))
      let texts = kinds.map { options.messageTemplate(for: $0, daysBefore: alarm.daysBefore) }
      (sameTextAsPrevious + index).initialize(to: previousTexts == texts)
      previousTexts = texts
      templates += texts
    }
    constants = .allocate(capacity: max(bytes.count, 1))
    constants.initialize(from: bytes, count: bytes.count)
    templateCount = templates.count
    self.templates = .allocate(capacity: templates.count)
    for (index, template) in templates.enumerated() {
      (self.templates + index).initialize(to: Template(template))
    }
  }

  deinit {
    for index in 0..<templateCount { templates[index].deallocate() }
    templates.deallocate()
    constants.deallocate()
    categories.deallocate()
    alarmEnds.deallocate()
    sameTextAsPrevious.deallocate()
  }

  /// Appends one event to `buffer`, byte by byte: no intermediate strings on this path.
  /// Constant lines carry their CRLF; lines with a value end through
  /// ``ContentLineFolder/endLine(startingAt:in:)``, which folds the rare long one.
  ///
  /// When a template has `{age}` and the year is known, the yearly event (whose title has no
  /// age) is followed by one override per year from ``CalendarOptions/currentYear`` with it.
  func append(_ celebration: Celebration, to buffer: OutputBuffer) {
    appendEvent(celebration, occurrence: nil, to: buffer)
    guard writesAges, celebration.calendarOccurrence == nil, let since = celebration.date.year
    else { return }
    let start = dayNumber(Self.startDate(of: celebration.date))
    for year in options.currentYear..<(options.currentYear + options.ageYears) where year > since {
      guard let occurrence = options.leapDayPolicy.occurrence(of: celebration.date, inYear: year),
        dayNumber(occurrence) >= start
      else { continue }
      appendEvent(celebration, occurrence: occurrence, to: buffer)
    }
  }

  @inline(__always)
  private func append(_ run: Run, to buffer: OutputBuffer) {
    buffer.append(UnsafeBufferPointer(start: constants + run.offset, count: run.count))
  }

  /// The yearly event (`occurrence` nil), or its override for the occurrence on that day: a
  /// `RECURRENCE-ID` instead of the rule, and texts with the age in that year.
  private func appendEvent(
    _ celebration: Celebration, occurrence: CivilDate?, to buffer: OutputBuffer
  ) {
    let date = celebration.date
    let start = occurrence ?? Self.startDate(of: date)
    // An occurrence of another calendar's date is one event, with the age of its year.
    let single = celebration.calendarOccurrence
    let year = occurrence?.year ?? (single != nil ? date.year : nil)
    let kind = celebration.kind.index

    var lineStart = buffer.count
    buffer.append("BEGIN:VEVENT\r\nUID:")
    if let uuid = celebration.canonicalUUID {
      uuid.appendCanonical(to: buffer)  // 40 octets with `UID:`: never folded
      buffer.appendLineBreak()
    } else {
      lineStart += 14
      var uid = celebration.uid
      uid.withUTF8 { TextEscaping.appendEscaped($0, to: buffer) }
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    }
    if occurrence != nil {
      append(overrideStart, to: buffer)
      Self.appendBasicDate(start, to: buffer)
      buffer.append("\r\nDTSTART;VALUE=DATE:")
    } else {
      append(yearlyStart, to: buffer)
    }
    Self.appendDates(start, start.nextDay(), to: buffer)
    if occurrence != nil || single != nil {
      buffer.append("\r\nSUMMARY:")
    } else {
      append(date.isLeapDay ? leapDayTail : yearlyTail, to: buffer)
    }

    var valueStart = buffer.count
    appendSummary(for: celebration, inYear: year, to: buffer)
    escapeInPlace(from: valueStart, in: buffer)
    ContentLineFolder.endLine(startingAt: valueStart - 8, in: buffer)  // from `SUMMARY:`
    if let single {
      lineStart = buffer.count
      buffer.append(
        utf8: "DESCRIPTION:" + options.descriptionText(of: single, kind: celebration.kind))
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    } else if date.year != nil, let prefix = options.descriptionPrefix(for: celebration.kind) {
      lineStart = buffer.count
      buffer.append(utf8: "DESCRIPTION:" + prefix)
      Self.appendISODate(date, to: buffer)
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    } else if date.year != nil {
      switch celebration.kind {
      case .birthday: buffer.append("DESCRIPTION:Born ")
      case .anniversary, .other: buffer.append("DESCRIPTION:Since ")
      case .memorial: buffer.append("DESCRIPTION:Died ")
      }
      Self.appendISODateLine(date, to: buffer)
    }
    if options.writesIdentityKeys, occurrence == nil, let key = celebration.identityKey {
      buffer.append(
        utf8: "\(ContactIdentityKey.propertyName):\(key.propertyValue(for: celebration.kind))\r\n")
    }
    append(categories[kind], to: buffer)
    var previousLine = 0..<0
    for alarm in 0..<alarmCount {
      if sameTextAsPrevious[alarm] {
        buffer.reserve(previousLine.count)  // so that the bytes copied stay where they are
        buffer.withUnsafeBytes { buffer.append(UnsafeBufferPointer(rebasing: $0[previousLine])) }
      } else {
        lineStart = buffer.count
        buffer.append("DESCRIPTION:")
        valueStart = buffer.count
        let template = templates[(alarm + 1) * 4 + kind]
        EventTextTemplate.append(
          pieces: UnsafeBufferPointer(template.pieces),
          literals: UnsafeBufferPointer(template.literals), for: celebration, inYear: year,
          to: buffer)
        // Never empty: RFC 5545 requires DESCRIPTION on a DISPLAY alarm.
        if buffer.count == valueStart { appendSummary(for: celebration, inYear: year, to: buffer) }
        escapeInPlace(from: valueStart, in: buffer)
        ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
        previousLine = lineStart..<buffer.count
      }
      append(alarmEnds[alarm], to: buffer)
    }
  }

  /// Appends the event title; never empty (falls back to the name).
  private func appendSummary(
    for celebration: Celebration, inYear year: Int?, to output: OutputBuffer
  ) {
    let start = output.count
    let template = templates[celebration.kind.index]
    EventTextTemplate.append(
      pieces: UnsafeBufferPointer(template.pieces),
      literals: UnsafeBufferPointer(template.literals), for: celebration, inYear: year,
      to: output)
    if output.count == start { output.append(utf8: celebration.name.formatted) }
  }

  /// TEXT-escapes the bytes of `buffer` from `start` where they stand. Most texts need nothing
  /// and are only looked at; from the first byte that needs escaping on, the rest is moved out
  /// and escaped back.
  private func escapeInPlace(from start: Int, in buffer: OutputBuffer) {
    let first = buffer.withUnsafeBytes {
      TextEscaping.firstIndexNeedingEscape(in: UnsafeBufferPointer(rebasing: $0[start...]))
    }
    guard let first else { return }
    scratch.removeAll()
    buffer.withUnsafeBytes { scratch.append(UnsafeBufferPointer(rebasing: $0[(start + first)...])) }
    buffer.truncate(to: start + first)
    scratch.withUnsafeBytes { TextEscaping.appendEscaped($0, to: buffer) }
  }

  /// The first occurrence written as `DTSTART`: the real date when its year is known and not
  /// before 1972, else the same day in 1972, the one placeholder year. A leap year, so that
  /// 29 February exists; not 1970, whose 1 January is time value 0, which calcurse 4.7 on a UTC
  /// machine drops as invalid.
  static func startDate(of date: CivilDate) -> CivilDate {
    if let year = date.year, year >= 1972 { return date }
    guard let start = date.inYear(1972) else {
      preconditionFailure("every month and day exists in 1972, a leap year")
    }
    return start
  }

  /// `YYYYMMDD`.
  static func appendBasicDate(_ date: CivilDate, to output: OutputBuffer) {
    if let word = basicDateWord(date) {
      withUnsafeBytes(of: word.littleEndian) { output.append($0.bindMemory(to: UInt8.self)) }
      return
    }
    output.appendDecimal(date.year ?? 1972, width: 4)
    output.appendTwoDigits(date.month)
    output.appendTwoDigits(date.day)
  }

  /// `YYYYMMDD\r\nDTEND;VALUE=DATE:YYYYMMDD` of `start` and `end`, written in one go.
  private static func appendDates(_ start: CivilDate, _ end: CivilDate, to output: OutputBuffer) {
    guard let first = basicDateWord(start), let second = basicDateWord(end) else {
      appendBasicDate(start, to: output)
      output.append("\r\nDTEND;VALUE=DATE:")
      appendBasicDate(end, to: output)
      return
    }
    // "\r\nDTEND;VALUE=DATE:", 19 bytes, as little-endian words.
    let middle: (UInt64, UInt64, UInt32) = (0x3B44_4E45_5444_0A0D, 0x4144_3D45_554C_4156, 0x3A_4554)
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &text) { raw in
      raw.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: middle.0.littleEndian, toByteOffset: 8, as: UInt64.self)
      raw.storeBytes(of: middle.1.littleEndian, toByteOffset: 16, as: UInt64.self)
      raw.storeBytes(of: middle.2.littleEndian, toByteOffset: 24, as: UInt32.self)
      raw.storeBytes(of: second.littleEndian, toByteOffset: 27, as: UInt64.self)
      output.append(
        UnsafeBufferPointer(
          start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: 35))
    }
  }

  /// `YYYY-MM-DD` and CRLF.
  private static func appendISODateLine(_ date: CivilDate, to output: OutputBuffer) {
    guard let word = basicDateWord(date) else {
      appendISODate(date, to: output)
      output.appendLineBreak()
      return
    }
    // YYYY MM DD -> YYYY-MM-DD\r\n: bytes 0-3, '-', 4-5, '-', 6-7, CR, LF.
    let low = word & 0xFFFF_FFFF | 0x2D << 32 | (word >> 32 & 0xFFFF) << 40 | 0x2D << 56
    let high = word >> 48 | 0x0A0D << 16
    var text: (UInt64, UInt32) = (low.littleEndian, UInt32(truncatingIfNeeded: high).littleEndian)
    withUnsafeBytes(of: &text) {
      output.append(
        UnsafeBufferPointer(start: $0.baseAddress?.assumingMemoryBound(to: UInt8.self), count: 12))
    }
  }

  /// `YYYYMMDD` as eight ASCII bytes in a little-endian word (the first byte lowest), or `nil`
  /// when the year does not have four digits.
  @inline(__always)
  private static func basicDateWord(_ date: CivilDate) -> UInt64? {
    let year = date.year ?? 1972
    guard year >= 0, year < 10000 else { return nil }
    return UInt64(digitPair(year / 100)) | UInt64(digitPair(year % 100)) << 16
      | UInt64(digitPair(date.month)) << 32 | UInt64(digitPair(date.day)) << 48
  }

  /// The two ASCII digits of `value` (0...99), the first in the low byte.
  @inline(__always)
  private static func digitPair(_ value: Int) -> UInt16 {
    let tens = UInt16(truncatingIfNeeded: value / 10)
    let ones = UInt16(truncatingIfNeeded: value % 10)
    return 0x3030 | tens | ones << 8
  }

  /// `YYYY-MM-DD`.
  static func appendISODate(_ date: CivilDate, to output: OutputBuffer) {
    output.appendDecimal(date.year ?? 1972, width: 4)
    output.append(UInt8(ascii: "-"))
    output.appendTwoDigits(date.month)
    output.append(UInt8(ascii: "-"))
    output.appendTwoDigits(date.day)
  }

  /// One content line, folded and CRLF-ended.
  static func folded(_ line: String) -> [UInt8] {
    let output = OutputBuffer()
    output.append(utf8: line)
    ContentLineFolder.endLine(startingAt: 0, in: output)
    return Array(output.bytes)
  }

}
