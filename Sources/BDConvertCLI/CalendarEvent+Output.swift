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
    bytes.append(contentsOf: (next?.description ?? "-").utf8)
    bytes.append(UInt8(ascii: "\t"))
    bytes.append(contentsOf: (date?.description ?? "-").utf8)
    bytes.append(UInt8(ascii: "\t"))
    appendOneLine(uid, to: &bytes)
    bytes.append(UInt8(ascii: "\t"))
    appendOneLine(summary, to: &bytes)
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break.
  var jsonLine: String {
    "{\"uid\":\(jsonString(uid)),\"summary\":\(jsonString(summary)),"
      + "\"date\":\(date.map { jsonString($0.description) } ?? "null"),"
      + "\"next\":\(next.map { jsonString($0.description) } ?? "null"),"
      + "\"rrule\":\(rrule.map(jsonString) ?? "null")}"
  }
}
