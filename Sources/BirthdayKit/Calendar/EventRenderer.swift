/// Renders one event as RFC 5545 bytes: the part of writing a calendar that does not depend on
/// where the bytes go, so that conversion threads render into memory with the same code.
///
/// Every event is an all-day `VEVENT` that repeats yearly, with the start year chosen for client
/// compatibility: the real year when known and not before 1972, else 1972, since several clients
/// mishandle early start dates. The real year goes into `DESCRIPTION`.
/// Not generic and holding its constant lines ready, so that rendering is plain code with no
/// per-event setup.
final class EventRenderer {
  /// How events are written.
  let options: CalendarOptions
  private let scratch = OutputBuffer()
  private let alarmDescription = OutputBuffer()
  /// Lines that are the same in every event, folded and CRLF-ended once.
  private let timestampLine: [UInt8]
  private let leapDayRule: [UInt8]
  private static let yearlyRule = Array("RRULE:FREQ=YEARLY\r\n".utf8)
  /// Each alarm: its first lines, its text for each kind (the default depends on when it fires),
  /// and whether that text is the previous alarm's (rendered once for both).
  private let alarms: [Alarm]
  /// The templates, as copies of this renderer's own: the defaults are globals, and every
  /// thread reading the same one fought over its reference count.
  /// Indexed by ``CelebrationKind/index``.
  private let summaries: [EventTextTemplate]
  /// Whether each event is followed by overrides with the age (``CalendarOptions/writesAges``).
  private let writesAges: Bool

  private struct Alarm {
    var lines: [UInt8]
    /// Indexed by ``CelebrationKind/index``.
    var texts: [EventTextTemplate]
    var sameTextAsPrevious: Bool
  }

  init(options: CalendarOptions) {
    self.options = options
    self.summaries = CelebrationKind.allCases.map { options.summaryTemplate(for: $0).privateCopy() }
    self.timestampLine = Self.folded("DTSTAMP:\(options.timestamp)")
    self.leapDayRule = Self.folded("RRULE:\(options.leapDayPolicy.recurrenceRule)")
    var alarms: [Alarm] = []
    for alarm in options.alarms {
      let texts = CelebrationKind.allCases.map {
        options.messageTemplate(for: $0, daysBefore: alarm.daysBefore)
      }
      let same = alarms.last.map { $0.texts == texts }
      alarms.append(
        Alarm(
          lines: Array("BEGIN:VALARM\r\nACTION:DISPLAY\r\n".utf8)
            + Self.folded("TRIGGER;RELATED=START:\(alarm.trigger)"),
          texts: texts.map { $0.privateCopy() }, sameTextAsPrevious: same ?? false))
    }
    self.alarms = alarms
    self.writesAges = options.writesAges
  }

  /// Appends one event to `buffer`, byte by byte: no intermediate strings on this path.
  /// Constant lines carry their CRLF; lines with a value end through
  /// ``ContentLineFolder/endLine(startingAt:in:)``, which folds the rare long one.
  ///
  /// When a template has `{age}` and the year is known, the yearly event (whose title has no
  /// age) is followed by one override per year from ``CalendarOptions/currentYear`` with it.
  func append(_ celebration: Celebration, to buffer: OutputBuffer) {
    appendEvent(celebration, occurrence: nil, to: buffer)
    guard writesAges, let since = celebration.date.year else { return }
    let start = dayNumber(Self.startDate(of: celebration.date))
    for year in options.currentYear..<(options.currentYear + options.ageYears) where year > since {
      guard let occurrence = options.leapDayPolicy.occurrence(of: celebration.date, inYear: year),
        dayNumber(occurrence) >= start
      else { continue }
      appendEvent(celebration, occurrence: occurrence, to: buffer)
    }
  }

  /// The yearly event (`occurrence` nil), or its override for the occurrence on that day: a
  /// `RECURRENCE-ID` instead of the rule, and texts with the age in that year.
  private func appendEvent(
    _ celebration: Celebration, occurrence: CivilDate?, to buffer: OutputBuffer
  ) {
    let date = celebration.date
    let start = occurrence ?? Self.startDate(of: date)
    let year = occurrence?.year

    buffer.append("BEGIN:VEVENT\r\n")
    var lineStart = buffer.count
    buffer.append("UID:")
    if let uuid = celebration.canonicalUUID {
      uuid.appendCanonical(to: buffer)
    } else {
      var uid = celebration.uid
      uid.withUTF8 { TextEscaping.appendEscaped($0, to: buffer) }
    }
    ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    buffer.append(timestampLine)
    if occurrence != nil {
      buffer.append("RECURRENCE-ID;VALUE=DATE:")
      Self.appendBasicDate(start, to: buffer)
      buffer.appendLineBreak()
    }
    buffer.append("DTSTART;VALUE=DATE:")
    Self.appendBasicDate(start, to: buffer)
    buffer.append("\r\nDTEND;VALUE=DATE:")
    Self.appendBasicDate(start.nextDay(), to: buffer)
    buffer.appendLineBreak()
    if occurrence == nil {
      buffer.append(date.isLeapDay ? leapDayRule : Self.yearlyRule)
    }

    scratch.removeAll()
    appendSummary(for: celebration, inYear: year, to: scratch)
    lineStart = buffer.count
    buffer.append("SUMMARY:")
    scratch.withUnsafeBytes { TextEscaping.appendEscaped($0, to: buffer) }
    ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    if date.year != nil {
      switch celebration.kind {
      case .birthday: buffer.append("DESCRIPTION:Born ")
      case .anniversary, .other: buffer.append("DESCRIPTION:Since ")
      case .memorial: buffer.append("DESCRIPTION:Died ")
      }
      Self.appendISODate(date, to: buffer)
      buffer.appendLineBreak()
    }
    switch celebration.kind {
    case .birthday: buffer.append("CATEGORIES:BIRTHDAY\r\nTRANSP:TRANSPARENT\r\n")
    case .anniversary: buffer.append("CATEGORIES:ANNIVERSARY\r\nTRANSP:TRANSPARENT\r\n")
    case .memorial: buffer.append("CATEGORIES:MEMORIAL\r\nTRANSP:TRANSPARENT\r\n")
    case .other: buffer.append("CATEGORIES:OTHER\r\nTRANSP:TRANSPARENT\r\n")
    }
    for alarm in alarms {
      if !alarm.sameTextAsPrevious {
        scratch.removeAll()
        let template = alarm.texts[celebration.kind.index]
        template.append(for: celebration, inYear: year, to: scratch)
        // Never empty: RFC 5545 requires DESCRIPTION on a DISPLAY alarm.
        if scratch.isEmpty { appendSummary(for: celebration, inYear: year, to: scratch) }
        alarmDescription.removeAll()
        alarmDescription.append("DESCRIPTION:")
        scratch.withUnsafeBytes { TextEscaping.appendEscaped($0, to: alarmDescription) }
        ContentLineFolder.endLine(startingAt: 0, in: alarmDescription)
      }
      buffer.append(alarm.lines)
      alarmDescription.withUnsafeBytes { buffer.append($0) }
      buffer.append("END:VALARM\r\n")
    }
    buffer.append("END:VEVENT\r\n")
  }

  /// Appends the event title; never empty (falls back to the name).
  private func appendSummary(
    for celebration: Celebration, inYear year: Int?, to output: OutputBuffer
  ) {
    let start = output.count
    let template = summaries[celebration.kind.index]
    template.append(for: celebration, inYear: year, to: output)
    if output.count == start { output.append(utf8: celebration.name.formatted) }
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

  static func basicDate(_ date: CivilDate) -> String {
    let bytes = OutputBuffer()
    appendBasicDate(date, to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  /// `YYYYMMDD`.
  static func appendBasicDate(_ date: CivilDate, to output: OutputBuffer) {
    output.appendDecimal(date.year ?? 1972, width: 4)
    output.appendTwoDigits(date.month)
    output.appendTwoDigits(date.day)
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
