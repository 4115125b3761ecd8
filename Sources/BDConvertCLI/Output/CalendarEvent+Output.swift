import BirthdayKit

/// The two output forms of `list`.
extension CalendarEvent {
  /// `next<TAB>date<TAB>uid<TAB>summary`; `-` for a missing date; tabs, line breaks and other
  /// control characters in the UID and summary become spaces so that a line is one record.
  var textLine: String {
    let bytes = OutputBuffer(capacity: 24 + uid.utf8.count + summary.utf8.count)
    appendTextLine(to: bytes)
    return bytes.utf8String
  }

  /// Appends the UTF-8 of ``textLine`` to `bytes` (`list` writes bytes: appending to a
  /// `String` piece by piece cost more than reading the calendar).
  func appendTextLine(to bytes: OutputBuffer) {
    ListLine.appendText(
      next: next, date: date, uid: uid.utf8.span, summary: summary.utf8.span, to: bytes)
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break; for
  /// a date kept in another calendar also `"calendar":...,"calendarDate":...`, as `upcoming`.
  var jsonLine: String {
    let bytes = OutputBuffer()
    if let rrule {
      ListLine.appendJSON(
        uid: uid.utf8.span, summary: summary.utf8.span, date: date, next: next,
        rrule: rrule.utf8.span, calendarDate: calendarDate, to: bytes)
    } else {
      ListLine.appendJSON(
        uid: uid.utf8.span, summary: summary.utf8.span, date: date, next: next, rrule: nil,
        calendarDate: calendarDate, to: bytes)
    }
    return bytes.utf8String
  }
}

extension ListedEventRecord {
  /// ``CalendarEvent/appendTextLine(to:)`` from the record's bytes `record`: `list` builds no
  /// ``CalendarEvent`` per event. Invalid UTF-8 is repaired as `String` repairs it.
  func appendTextLine(from record: Span<UInt8>, to bytes: OutputBuffer) {
    withValidUTF8(record.extracting(uid)) { uid in
      withValidUTF8(record.extracting(summary)) { summary in
        ListLine.appendText(next: next, date: date, uid: uid, summary: summary, to: bytes)
      }
    }
  }

  /// ``CalendarEvent/jsonLine`` from the record's bytes `record`, appended to `bytes`.
  func appendJSONLine(from record: Span<UInt8>, to bytes: OutputBuffer) {
    withValidUTF8(record.extracting(uid)) { uid in
      withValidUTF8(record.extracting(summary)) { summary in
        guard let rrule else {
          ListLine.appendJSON(
            uid: uid, summary: summary, date: date, next: next, rrule: nil,
            calendarDate: calendarDate, to: bytes)
          return
        }
        withValidUTF8(record.extracting(rrule)) { rrule in
          ListLine.appendJSON(
            uid: uid, summary: summary, date: date, next: next, rrule: rrule,
            calendarDate: calendarDate, to: bytes)
        }
      }
    }
  }
}

/// The bytes of one `list` line, from valid UTF-8, appended to an ``OutputBuffer`` (one
/// capacity check an append: appending piece by piece to an array, a uniqueness and capacity
/// check each, about twenty a line, cost more than the bytes).
enum ListLine {
  /// `next<TAB>date<TAB>uid<TAB>summary` (see ``CalendarEvent/textLine``).
  static func appendText(
    next: CivilDate?, date: CivilDate?, uid: Span<UInt8>, summary: Span<UInt8>,
    to line: OutputBuffer
  ) {
    appendDate(next, to: line)
    line.append(UInt8(ascii: "\t"))
    appendDate(date, to: line)
    line.append(UInt8(ascii: "\t"))
    appendOneLine(utf8: uid, to: line)
    line.append(UInt8(ascii: "\t"))
    appendOneLine(utf8: summary, to: line)
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` (see
  /// ``CalendarEvent/jsonLine``).
  static func appendJSON(
    uid: Span<UInt8>, summary: Span<UInt8>, date: CivilDate?, next: CivilDate?,
    rrule: Span<UInt8>?, calendarDate: CalendarDate?, to line: OutputBuffer
  ) {
    line.append("{\"uid\":")
    appendJSONString(utf8: uid, to: line)
    line.append(",\"summary\":")
    appendJSONString(utf8: summary, to: line)
    line.append(",\"date\":")
    appendJSONDate(date, to: line)
    line.append(",\"next\":")
    appendJSONDate(next, to: line)
    line.append(",\"rrule\":")
    if let rrule {
      appendJSONString(utf8: rrule, to: line)
    } else {
      line.append("null")
    }
    if let calendarDate {
      // The names and the date are ASCII without anything JSON escapes.
      line.append(",\"calendar\":\"")
      line.append(utf8: calendarDate.system.rawValue)
      line.append("\",\"calendarDate\":\"")
      line.append(utf8: calendarDate.description)
      line.append(UInt8(ascii: "\""))
    }
    line.append(UInt8(ascii: "}"))
  }

  /// The longest date written: `date.description` of any year fits.
  private static let dateMaximum = 40

  private static func appendJSONDate(_ date: CivilDate?, to line: OutputBuffer) {
    guard date != nil else { return line.append("null") }
    line.append(UInt8(ascii: "\""))
    appendDate(date, to: line)
    line.append(UInt8(ascii: "\""))
  }

  /// `date.description` (`YYYY-MM-DD`, `--MM-DD` without a year), or `-` for none, written
  /// two digits at a time.
  private static func appendDate(_ date: CivilDate?, to line: OutputBuffer) {
    guard let date else { return line.append(UInt8(ascii: "-")) }
    if let year = date.year {
      guard (0...9999).contains(year), (0...99).contains(date.month), (0...99).contains(date.day)
      else {
        return line.append(utf8: String(date.description.prefix(dateMaximum)))
      }
      line.appendTwoDigits(year / 100)
      line.appendTwoDigits(year % 100)
    } else {
      line.append(UInt8(ascii: "-"))
    }
    line.append(UInt8(ascii: "-"))
    line.appendTwoDigits(date.month)
    line.append(UInt8(ascii: "-"))
    line.appendTwoDigits(date.day)
  }
}
