import BirthdayKit

/// How `upcoming` prints one date: a tab-separated line for people and `cut`, a JSON object for
/// scripts.
extension UpcomingDate {
  /// The line in English.
  var textLine: String { textLine(UpcomingWords(.english)) }

  /// `DATE<TAB>WEEKDAY<TAB>WHEN<TAB>NAME<TAB>AGE<TAB>KIND`, the age empty when unknown; the
  /// weekday, WHEN and KIND in `words`' language (English: `Thu`, `in 5 days`, `birthday`).
  func textLine(_ words: UpcomingWords) -> String {
    [
      date.description, words.weekday(dayNumber: dayNumber(date)), words.when(days: days), name,
      age.map { "\($0)" } ?? "", label ?? words.kind(kind),
    ]
    .joined(separator: "\t")
  }

  /// `{"date":…,"days":…,"uid":…,"name":…,"kind":…,"age":… or null}`.
  var jsonLine: String {
    "{\"date\":\"\(date)\",\"days\":\(days),\"uid\":\(jsonString(uid)),\"name\":\(jsonString(name)),"
      + "\"kind\":\"\(kind.rawValue)\",\"age\":\(age.map { "\($0)" } ?? "null")"
      + (label.map { ",\"label\":\(jsonString($0))" } ?? "")
      + (calendarDate.map { ",\"calendar\":\"\($0.system.rawValue)\",\"calendarDate\":\"\($0)\"" }
        ?? "")
      + "}"
  }
}
