/// One event as `bdconvert list` shows it: a master VEVENT with its next occurrence.
public struct CalendarEvent: Hashable, Sendable {
  /// The unescaped `UID`.
  public var uid: String
  /// The unescaped `SUMMARY` (empty when absent).
  public var summary: String
  /// The date written in `DTSTART`; the year is `nil` when it is known to be a placeholder.
  public var date: CivilDate?
  /// The `RRULE` value as written, unfolded.
  public var rrule: String?
  /// The first occurrence on or after the listing's `today`, or `nil`.
  public var next: CivilDate?
  /// The line of `BEGIN:VEVENT`.
  public var lineNumber: Int

  /// Creates an event.
  public init(
    uid: String, summary: String, date: CivilDate?, rrule: String?, next: CivilDate?,
    lineNumber: Int
  ) {
    self.uid = uid
    self.summary = summary
    self.date = date
    self.rrule = rrule
    self.next = next
    self.lineNumber = lineNumber
  }

  /// `next<TAB>date<TAB>uid<TAB>summary`; `-` for a missing date; tabs, line breaks and other
  /// control characters in the UID and summary become spaces so that a line is one record.
  public var textLine: String {
    [next?.description ?? "-", date?.description ?? "-", oneLine(uid), oneLine(summary)]
      .joined(separator: "\t")
  }

  /// `{"uid":...,"summary":...,"date":...,"next":...,"rrule":...}` without a line break.
  public var jsonLine: String {
    "{\"uid\":\(jsonString(uid)),\"summary\":\(jsonString(summary)),"
      + "\"date\":\(date.map { jsonString($0.description) } ?? "null"),"
      + "\"next\":\(next.map { jsonString($0.description) } ?? "null"),"
      + "\"rrule\":\(rrule.map(jsonString) ?? "null")}"
  }
}

private func oneLine(_ text: String) -> String {
  String(
    String.UnicodeScalarView(
      text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
}

/// A JSON string literal: quotes, backslashes and control characters escaped, the rest UTF-8.
func jsonString(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        let hex = String(scalar.value, radix: 16, uppercase: false)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}
