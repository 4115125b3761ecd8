import BirthdayKit

/// How `upcoming` prints one date: a tab-separated line for people and `cut`, a JSON object for
/// scripts.
extension UpcomingDate {
  /// `today`, `tomorrow`, `in 5 days`.
  var whenText: String {
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    default: return "in \(days) days"
    }
  }

  /// `Mon` ... `Sun`.
  var weekday: String {
    // 1970-01-01 was a Thursday.
    let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    let number = dayNumber(date) % 7
    return names[number < 0 ? number + 7 : number]
  }

  /// `DATE<TAB>WEEKDAY<TAB>WHEN<TAB>NAME<TAB>AGE<TAB>KIND`, the age empty when unknown.
  var textLine: String {
    [date.description, weekday, whenText, name, age.map { "\($0)" } ?? "", label ?? kind.rawValue]
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
