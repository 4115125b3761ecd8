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
  package var label: String?
  /// The date as kept in another calendar, when the celebration is one of its occurrences.
  package var calendarDate: CalendarDate?

  /// Creates an entry.
  package init(
    date: CivilDate, days: Int, uid: String, name: String, kind: CelebrationKind, age: Int?
  ) {
    self.date = date
    self.days = days
    self.uid = uid
    self.name = name
    self.kind = kind
    self.age = age
  }
}
