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

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break.
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
            date: date, next: next, rrule: rrule, to: &bytes)
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
            uid: uid, summary: summary, date: date, next: next, rrule: nil, to: &bytes)
          return
        }
        withValidUTF8(rrule) { rrule in
          ListLine.appendJSON(
            uid: uid, summary: summary, date: date, next: next, rrule: rrule, to: &bytes)
        }
      }
    }
  }
}

/// The bytes of one `list` line, from valid UTF-8.
enum ListLine {
  /// `next<TAB>date<TAB>uid<TAB>summary` (see ``CalendarEvent/textLine``).
  static func appendText(
    next: CivilDate?, date: CivilDate?, uid: UnsafeRawBufferPointer,
    summary: UnsafeRawBufferPointer, to bytes: inout [UInt8]
  ) {
    appendDate(next, to: &bytes)
    bytes.append(UInt8(ascii: "\t"))
    appendDate(date, to: &bytes)
    bytes.append(UInt8(ascii: "\t"))
    appendOneLine(utf8: uid, to: &bytes)
    bytes.append(UInt8(ascii: "\t"))
    appendOneLine(utf8: summary, to: &bytes)
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` (see
  /// ``CalendarEvent/jsonLine``).
  static func appendJSON(
    uid: UnsafeRawBufferPointer, summary: UnsafeRawBufferPointer, date: CivilDate?,
    next: CivilDate?, rrule: UnsafeRawBufferPointer?, to bytes: inout [UInt8]
  ) {
    append("{\"uid\":", to: &bytes)
    appendJSONString(utf8: uid, to: &bytes)
    append(",\"summary\":", to: &bytes)
    appendJSONString(utf8: summary, to: &bytes)
    append(",\"date\":", to: &bytes)
    appendJSONDate(date, to: &bytes)
    append(",\"next\":", to: &bytes)
    appendJSONDate(next, to: &bytes)
    append(",\"rrule\":", to: &bytes)
    if let rrule {
      appendJSONString(utf8: rrule, to: &bytes)
    } else {
      append("null", to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private static func appendJSONDate(_ date: CivilDate?, to bytes: inout [UInt8]) {
    guard date != nil else { return append("null", to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
    appendDate(date, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// `date.description` (`YYYY-MM-DD`, `--MM-DD` without a year), or `-` for none, written
  /// digit by digit.
  static func appendDate(_ date: CivilDate?, to bytes: inout [UInt8]) {
    guard let date else { return bytes.append(UInt8(ascii: "-")) }
    func put(_ value: Int, digits: Int) {
      var divisor = digits == 4 ? 1000 : 10
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
    }
    if let year = date.year {
      guard (0...9999).contains(year), (0...99).contains(date.month), (0...99).contains(date.day)
      else { return bytes.append(contentsOf: date.description.utf8) }
      put(year, digits: 4)
    } else {
      bytes.append(UInt8(ascii: "-"))
    }
    bytes.append(UInt8(ascii: "-"))
    put(date.month, digits: 2)
    bytes.append(UInt8(ascii: "-"))
    put(date.day, digits: 2)
  }
}
