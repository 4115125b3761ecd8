/// One birthday or anniversary coming up: what `bdconvert upcoming` prints.
public struct UpcomingDate: Hashable, Sendable {
  /// The day it falls on (the leap-day policy applied).
  public var date: CivilDate
  /// Days from today: 0 today, 1 tomorrow.
  public var days: Int
  /// The event's UID (as in the calendar bdconvert writes, or the calendar read).
  public var uid: String
  /// Whose day it is (a name, or a calendar's event title).
  public var name: String
  /// Birthday or anniversary.
  public var kind: CelebrationKind
  /// The age turned (years married) that day, when the year is known.
  public var age: Int?
  /// An other date's label ("Graduation"), shown as its kind.
  public var label: String?

  /// Creates an entry.
  public init(
    date: CivilDate, days: Int, uid: String, name: String, kind: CelebrationKind, age: Int?
  ) {
    self.date = date
    self.days = days
    self.uid = uid
    self.name = name
    self.kind = kind
    self.age = age
  }

  /// `today`, `tomorrow`, `in 5 days`.
  public var whenText: String {
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    default: return "in \(days) days"
    }
  }

  /// `Mon` ... `Sun`.
  public var weekday: String {
    // 1970-01-01 was a Thursday.
    let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    let number = dayNumber(date) % 7
    return names[number < 0 ? number + 7 : number]
  }

  /// `DATE<TAB>WEEKDAY<TAB>WHEN<TAB>NAME<TAB>AGE<TAB>KIND`, the age empty when unknown.
  public var textLine: String {
    [date.description, weekday, whenText, name, age.map { "\($0)" } ?? "", label ?? kind.rawValue]
      .joined(separator: "\t")
  }

  /// `{"date":…,"days":…,"uid":…,"name":…,"kind":…,"age":… or null}`.
  public var jsonLine: String {
    "{\"date\":\"\(date)\",\"days\":\(days),\"uid\":\(jsonString(uid)),\"name\":\(jsonString(name)),"
      + "\"kind\":\"\(kind.rawValue)\",\"age\":\(age.map { "\($0)" } ?? "null")"
      + (label.map { ",\"label\":\(jsonString($0))" } ?? "") + "}"
  }
}
