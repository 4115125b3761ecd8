import BirthdayKit

/// The two output forms of `list`.
extension CalendarEvent {
  /// `next<TAB>date<TAB>uid<TAB>summary`; `-` for a missing date; tabs, line breaks and other
  /// control characters in the UID and summary become spaces so that a line is one record.
  var textLine: String {
    var line = next?.description ?? "-"
    line.reserveCapacity(24 + uid.utf8.count + summary.utf8.count)
    line += "\t"
    line += date?.description ?? "-"
    line += "\t"
    line += oneLine(uid)
    line += "\t"
    line += oneLine(summary)
    return line
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break.
  var jsonLine: String {
    "{\"uid\":\(jsonString(uid)),\"summary\":\(jsonString(summary)),"
      + "\"date\":\(date.map { jsonString($0.description) } ?? "null"),"
      + "\"next\":\(next.map { jsonString($0.description) } ?? "null"),"
      + "\"rrule\":\(rrule.map(jsonString) ?? "null")}"
  }
}
