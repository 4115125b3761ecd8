/// Collects the birthdays and anniversaries that fall within a window of days from today.
///
/// Fed one ``Celebration`` at a time, it keeps only those in the window, so memory follows the
/// number of matches, not the size of the address book. 29 February follows the leap-day policy
/// in common years (28 February, 1 March, or not at all until the next leap year).
///
/// ```swift
/// var finder = UpcomingFinder(today: CivilDate(year: 2026, month: 12, day: 30)!, days: 7)
/// finder.add(celebration)
/// for entry in finder.sorted() { print(entry.date, entry.name, entry.age ?? "") }
/// ```
public struct UpcomingFinder: Sendable {
  /// The first day of the window.
  package let today: CivilDate
  /// How many days the window has, today included.
  package let days: Int
  /// What a 29 February date does in common years.
  package let leapDayPolicy: LeapDayPolicy
  private let todayNumber: Int
  private var found: [UpcomingDate] = []

  /// Creates a finder for the `days` days from `today` (which must have a year).
  public init(today: CivilDate, days: Int, leapDayPolicy: LeapDayPolicy = .feb28) {
    self.today = today
    self.days = days
    self.leapDayPolicy = leapDayPolicy
    self.todayNumber = dayNumber(today)
  }

  /// The next day on or after today that `date` is celebrated, or `nil` if there is none within
  /// nine years (29 February under `feb29` waits at most eight).
  package func nextOccurrence(of date: CivilDate) -> CivilDate? {
    guard let year = today.year else { return nil }
    for candidate in year...(year + 8) {
      if let day = leapDayPolicy.occurrence(of: date, inYear: candidate),
        dayNumber(day) >= todayNumber,
        date.year.map({ candidate >= $0 }) ?? true
      {
        return day
      }
    }
    return nil
  }

  /// Keeps `celebration` if it falls within the window.
  public mutating func add(_ celebration: Celebration) {
    // An occurrence of another calendar's date happens once, on its day.
    let occurrence = celebration.calendarOccurrence
    guard let day = occurrence != nil ? celebration.date : nextOccurrence(of: celebration.date)
    else { return }
    let distance = dayNumber(day) - todayNumber
    guard distance >= 0, distance < days else { return }
    let age = celebration.age(inYear: day.year)
    var entry = UpcomingDate(
      date: day, days: distance, uid: celebration.uid, name: celebration.name.formatted,
      kind: celebration.kind, age: age)
    entry.label = celebration.label.map { TextSanitizer.singleLine($0) }
    entry.calendarDate = occurrence?.origin
    found.append(entry)
  }

  /// Keeps an entry computed elsewhere (a calendar's own recurrence rule) if it is in the window.
  package mutating func add(_ entry: UpcomingDate) {
    guard entry.days >= 0, entry.days < days else { return }
    found.append(entry)
  }

  /// The entries found, soonest first, then by name and UID.
  public func sorted() -> [UpcomingDate] {
    found.sorted {
      ($0.days, $0.name, $0.uid, $0.kind.rawValue) < ($1.days, $1.name, $1.uid, $1.kind.rawValue)
    }
  }

  /// Days from today to `date`.
  package func days(until date: CivilDate) -> Int { dayNumber(date) - todayNumber }
}
