/// Renders one event as RFC 5545 bytes: the part of writing a calendar that does not depend on
/// where the bytes go, so that conversion threads render into memory with the same code.
///
/// Every event is an all-day `VEVENT` that repeats yearly, with the start year chosen for client
/// compatibility: the real year when known and not before 1970, else 1970 (1972 for 29 February),
/// since several clients mishandle early start dates. The real year goes into `DESCRIPTION`.
/// Not generic and holding its constant lines ready, so that rendering is plain code with no
/// per-event setup.
final class EventRenderer {
  /// How events are written.
  let options: CalendarOptions
  private let scratch = ByteBuffer()
  private let alarmDescription = ByteBuffer()
  /// Lines that are the same in every event, folded and CRLF-ended once.
  private let timestampLine: [UInt8]
  private let leapDayRule: [UInt8]
  private let alarmTriggers: [[UInt8]]
  /// The templates, as copies of this renderer's own: the defaults are globals, and every
  /// thread reading the same one fought over its reference count.
  private let summaries: (birthday: EventTextTemplate, anniversary: EventTextTemplate)
  private let messages: (birthday: EventTextTemplate, anniversary: EventTextTemplate)

  init(options: CalendarOptions) {
    self.options = options
    self.summaries = (
      options.summaryTemplate(for: .birthday).privateCopy(),
      options.summaryTemplate(for: .anniversary).privateCopy()
    )
    self.messages = (
      options.messageTemplate(for: .birthday).privateCopy(),
      options.messageTemplate(for: .anniversary).privateCopy()
    )
    self.timestampLine = Self.folded("DTSTAMP:\(options.timestamp)")
    self.leapDayRule = Self.folded("RRULE:\(options.leapDayPolicy.recurrenceRule)")
    self.alarmTriggers = options.alarms.map {
      Array("BEGIN:VALARM\r\nACTION:DISPLAY\r\n".utf8)
        + Self.folded("TRIGGER;RELATED=START:\($0.trigger)")
    }
  }

  /// Appends one event to `buffer`, byte by byte: no intermediate strings on this path.
  /// Constant lines carry their CRLF; lines with a value end through
  /// ``ContentLineFolder/endLine(startingAt:in:)``, which folds the rare long one.
  func append(_ celebration: Celebration, to buffer: ByteBuffer) {
    let date = celebration.date
    let start = Self.startDate(of: date)

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
    buffer.append("DTSTART;VALUE=DATE:")
    Self.appendBasicDate(start, to: buffer)
    buffer.append("\r\nDTEND;VALUE=DATE:")
    Self.appendBasicDate(start.nextDay(), to: buffer)
    buffer.appendLineBreak()
    if date.isLeapDay {
      buffer.append(leapDayRule)
    } else {
      buffer.append("RRULE:FREQ=YEARLY\r\n")
    }

    scratch.removeAll()
    appendSummary(for: celebration, to: scratch)
    lineStart = buffer.count
    buffer.append("SUMMARY:")
    scratch.withUnsafeBytes { TextEscaping.appendEscaped($0, to: buffer) }
    ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    if date.year != nil {
      buffer.append(celebration.kind == .birthday ? "DESCRIPTION:Born " : "DESCRIPTION:Since ")
      Self.appendISODate(date, to: buffer)
      buffer.appendLineBreak()
    }
    buffer.append(
      celebration.kind == .birthday
        ? "CATEGORIES:BIRTHDAY\r\nTRANSP:TRANSPARENT\r\n"
        : "CATEGORIES:ANNIVERSARY\r\nTRANSP:TRANSPARENT\r\n")
    if !alarmTriggers.isEmpty {
      scratch.removeAll()
      appendMessage(for: celebration, to: scratch)
      alarmDescription.removeAll()
      alarmDescription.append("DESCRIPTION:")
      scratch.withUnsafeBytes { TextEscaping.appendEscaped($0, to: alarmDescription) }
      ContentLineFolder.endLine(startingAt: 0, in: alarmDescription)
      for trigger in alarmTriggers {
        buffer.append(trigger)
        alarmDescription.withUnsafeBytes { buffer.append($0) }
        buffer.append("END:VALARM\r\n")
      }
    }
    buffer.append("END:VEVENT\r\n")
  }

  /// The first occurrence written as `DTSTART`: the real year when known and not before 1970,
  /// else 1970, or 1972 for 29 February (the first leap year from 1970).
  /// Appends the event title; never empty (falls back to the name).
  private func appendSummary(for celebration: Celebration, to output: ByteBuffer) {
    let start = output.count
    let template = celebration.kind == .birthday ? summaries.birthday : summaries.anniversary
    template.append(for: celebration, to: output)
    if output.count == start { output.append(utf8: celebration.name.formatted) }
  }

  /// Appends the alarm text; never empty (RFC 5545 requires DESCRIPTION on a DISPLAY alarm).
  private func appendMessage(for celebration: Celebration, to output: ByteBuffer) {
    let start = output.count
    let template = celebration.kind == .birthday ? messages.birthday : messages.anniversary
    template.append(for: celebration, to: output)
    if output.count == start { appendSummary(for: celebration, to: output) }
  }

  static func startDate(of date: CivilDate) -> CivilDate {
    if let year = date.year, year >= 1970 { return date }
    // Valid by construction: every month-day exists in 1972, a leap year.
    return date.inYear(date.isLeapDay ? 1972 : 1970)!
  }

  static func basicDate(_ date: CivilDate) -> String {
    let bytes = ByteBuffer()
    appendBasicDate(date, to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  /// `YYYYMMDD`.
  static func appendBasicDate(_ date: CivilDate, to output: ByteBuffer) {
    output.appendDecimal(date.year ?? 1972, width: 4)
    output.appendTwoDigits(date.month)
    output.appendTwoDigits(date.day)
  }

  /// `YYYY-MM-DD`.
  static func appendISODate(_ date: CivilDate, to output: ByteBuffer) {
    output.appendDecimal(date.year ?? 1972, width: 4)
    output.append(UInt8(ascii: "-"))
    output.appendTwoDigits(date.month)
    output.append(UInt8(ascii: "-"))
    output.appendTwoDigits(date.day)
  }

  /// One content line, folded and CRLF-ended.
  static func folded(_ line: String) -> [UInt8] {
    let output = ByteBuffer()
    output.append(utf8: line)
    ContentLineFolder.endLine(startingAt: 0, in: output)
    return Array(output.bytes)
  }

}
