import BirthdayKit

/// The two output forms of `list`.
extension CalendarEvent {
  /// `next<TAB>date<TAB>uid<TAB>summary`; `-` for a missing date; tabs, line breaks and other
  /// control characters in the UID and summary become spaces so that a line is one record.
  var textLine: String {
    [next?.description ?? "-", date?.description ?? "-", oneLine(uid), oneLine(summary)]
      .joined(separator: "\t")
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break.
  var jsonLine: String {
    "{\"uid\":\(jsonString(uid)),\"summary\":\(jsonString(summary)),"
      + "\"date\":\(date.map { jsonString($0.description) } ?? "null"),"
      + "\"next\":\(next.map { jsonString($0.description) } ?? "null"),"
      + "\"rrule\":\(rrule.map(jsonString) ?? "null")}"
  }
}
