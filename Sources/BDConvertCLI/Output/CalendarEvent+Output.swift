import BirthdayKit

/// The two output forms of `list`.
extension CalendarEvent {
  /// `next<TAB>date<TAB>uid<TAB>summary`; `-` for a missing date; tabs, line breaks and other
  /// control characters in the UID and summary become spaces so that a line is one record.
  var textLine: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24 + uid.utf8.count + summary.utf8.count)
    appendTextLine(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 of ``textLine`` to `bytes` (`list` writes bytes: appending to a
  /// `String` piece by piece cost more than reading the calendar).
  func appendTextLine(to bytes: inout [UInt8]) {
    var uid = uid
    var summary = summary
    uid.withUTF8 { uid in
      summary.withUTF8 { summary in
        ListLine.appendText(
          next: next, date: date, uid: UnsafeRawBufferPointer(uid),
          summary: UnsafeRawBufferPointer(summary), to: &bytes)
      }
    }
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break; for
  /// a date kept in another calendar also `"calendar":...,"calendarDate":...`, as `upcoming`.
  var jsonLine: String {
    var bytes: [UInt8] = []
    var uid = uid
    var summary = summary
    var rrule = rrule
    uid.withUTF8 { uid in
      summary.withUTF8 { summary in
        func append(rrule: UnsafeRawBufferPointer?) {
          ListLine.appendJSON(
            uid: UnsafeRawBufferPointer(uid), summary: UnsafeRawBufferPointer(summary),
            date: date, next: next, rrule: rrule, calendarDate: calendarDate, to: &bytes)
        }
        if rrule == nil {
          append(rrule: nil)
        } else {
          rrule?.withUTF8 { append(rrule: UnsafeRawBufferPointer($0)) }
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension ListedEventRecord {
  /// ``CalendarEvent/appendTextLine(to:)`` from the record's bytes: `list` builds no
  /// ``CalendarEvent`` per event. Invalid UTF-8 is repaired as `String` repairs it.
  func appendTextLine(to bytes: inout [UInt8]) {
    withValidUTF8(uid) { uid in
      withValidUTF8(summary) { summary in
        ListLine.appendText(next: next, date: date, uid: uid, summary: summary, to: &bytes)
      }
    }
  }

  /// ``CalendarEvent/jsonLine`` from the record's bytes, appended to `bytes`.
  func appendJSONLine(to bytes: inout [UInt8]) {
    withValidUTF8(uid) { uid in
      withValidUTF8(summary) { summary in
        guard let rrule else {
          ListLine.appendJSON(
            uid: uid, summary: summary, date: date, next: next, rrule: nil,
            calendarDate: calendarDate, to: &bytes)
          return
        }
        withValidUTF8(rrule) { rrule in
          ListLine.appendJSON(
            uid: uid, summary: summary, date: date, next: next, rrule: rrule,
            calendarDate: calendarDate, to: &bytes)
        }
      }
    }
  }
}

/// The bytes of one `list` line, from valid UTF-8. A line is written at a pointer into memory
/// with room for its longest form, then appended in one copy: appending piece by piece to the
/// array (a uniqueness and capacity check each, about twenty a line) cost more than the bytes.
enum ListLine {
  /// `next<TAB>date<TAB>uid<TAB>summary` (see ``CalendarEvent/textLine``).
  static func appendText(
    next: CivilDate?, date: CivilDate?, uid: UnsafeRawBufferPointer,
    summary: UnsafeRawBufferPointer, to bytes: inout [UInt8]
  ) {
    write(maximum: 2 * dateMaximum + 3 + uid.count + summary.count, to: &bytes) { line in
      line.date(next)
      line.byte(UInt8(ascii: "\t"))
      line.date(date)
      line.byte(UInt8(ascii: "\t"))
      line.oneLine(uid)
      line.byte(UInt8(ascii: "\t"))
      line.oneLine(summary)
    }
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` (see
  /// ``CalendarEvent/jsonLine``).
  static func appendJSON(
    uid: UnsafeRawBufferPointer, summary: UnsafeRawBufferPointer, date: CivilDate?,
    next: CivilDate?, rrule: UnsafeRawBufferPointer?, calendarDate: CalendarDate?,
    to bytes: inout [UInt8]
  ) {
    let strings =
      jsonStringMaximum(uid.count) + jsonStringMaximum(summary.count)
      + jsonStringMaximum(rrule?.count ?? 2)
    // The calendar's fields: 27 bytes of names, at most 13 of calendar and 14 of date.
    write(maximum: 128 + 2 * (dateMaximum + 2) + strings, to: &bytes) { line in
      line.text("{\"uid\":")
      line.json(uid)
      line.text(",\"summary\":")
      line.json(summary)
      line.text(",\"date\":")
      line.jsonDate(date)
      line.text(",\"next\":")
      line.jsonDate(next)
      line.text(",\"rrule\":")
      if let rrule {
        line.json(rrule)
      } else {
        line.text("null")
      }
      if let calendarDate {
        // The names and the date are ASCII without anything JSON escapes.
        line.text(",\"calendar\":\"")
        line.ascii(calendarDate.system.rawValue)
        line.text("\",\"calendarDate\":\"")
        line.ascii(calendarDate.description)
        line.byte(UInt8(ascii: "\""))
      }
      line.byte(UInt8(ascii: "}"))
    }
  }

  /// The longest date written: `date.description` of any year fits.
  private static let dateMaximum = 40

  /// Writes a line of at most `maximum` bytes with `body` and appends it to `bytes`.
  private static func write(
    maximum: Int, to bytes: inout [UInt8], _ body: (inout Writer) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
      guard let start = buffer.baseAddress else { return }
      var line = Writer(cursor: start)
      body(&line)
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: line.cursor - start))
    }
  }

  /// Where the next byte of a line goes.
  private struct Writer {
    var cursor: UnsafeMutablePointer<UInt8>

    mutating func byte(_ byte: UInt8) {
      cursor.pointee = byte
      cursor += 1
    }

    mutating func text(_ text: StaticString) {
      cursor.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
      cursor += text.utf8CodeUnitCount
    }

    mutating func ascii(_ text: String) {
      for byte in text.utf8 { self.byte(byte) }
    }

    mutating func json(_ utf8: UnsafeRawBufferPointer) {
      cursor += writeJSONString(utf8: utf8, to: cursor)
    }

    /// `utf8`, every control character replaced by a space (see ``oneLine(_:)``).
    mutating func oneLine(_ utf8: UnsafeRawBufferPointer) {
      for byte in utf8 {
        cursor.pointee = byte < 0x20 || byte == 0x7F ? UInt8(ascii: " ") : byte
        cursor += 1
      }
    }

    mutating func jsonDate(_ date: CivilDate?) {
      guard date != nil else { return text("null") }
      byte(UInt8(ascii: "\""))
      self.date(date)
      byte(UInt8(ascii: "\""))
    }

    /// `date.description` (`YYYY-MM-DD`, `--MM-DD` without a year), or `-` for none, written
    /// two digits at a time.
    mutating func date(_ date: CivilDate?) {
      guard let date else { return byte(UInt8(ascii: "-")) }
      if let year = date.year {
        guard (0...9999).contains(year), (0...99).contains(date.month), (0...99).contains(date.day)
        else {
          for byte in date.description.utf8.prefix(dateMaximum) { self.byte(byte) }
          return
        }
        digitPair(year / 100)
        digitPair(year % 100)
      } else {
        byte(UInt8(ascii: "-"))
      }
      byte(UInt8(ascii: "-"))
      digitPair(date.month)
      byte(UInt8(ascii: "-"))
      digitPair(date.day)
    }

    /// `value` (0...99) as two digits: divisions by constants, not a loop over a divisor.
    mutating func digitPair(_ value: Int) {
      cursor[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
      cursor[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
      cursor += 2
    }
  }
}
