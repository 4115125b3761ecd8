/// One change of a sync plan, as `sync` reports it (the command line prints it).
public struct SyncChange: Hashable, Sendable {
  /// What happens to the event.
  public enum Operation: String, Sendable {
    /// A new event: `+`.
    case add = "+"
    /// An event whose content changed: `~`.
    case replace = "~"
    /// A managed event no longer wanted: `-`.
    case remove = "-"

    /// The name in JSON: `add`, `replace`, `remove`.
    package var name: String {
      switch self {
      case .add: "add"
      case .replace: "replace"
      case .remove: "remove"
      }
    }
  }

  /// What happens.
  public var operation: Operation
  /// The event's UID.
  public var uid: String
  /// Its title.
  public var summary: String
  /// Its date (`YYYY-MM-DD`).
  public var date: String
  /// For a replacement: what changed (`date`, `name`, `alarms`, `details`, `adopted`, `key`:
  /// the contact's stable key, as a new e-mail address gives).
  public var changed: [String]
  /// For a replacement: the title the calendar had before, when it differs.
  package var previousSummary: String?
  /// For a replacement: the date (`YYYY-MM-DD`) the calendar had before, when it differs.
  package var previousDate: String?
  /// What the planner wants the user to know about this change, one short clause each: why an
  /// added and a removed event were paired into one replacement ("paired: same e-mail"), that the
  /// event was edited in the calendar since the last sync, why a removal was held back.
  public var notes: [String]
  /// The date in another calendar that the event celebrates (its
  /// `X-BDCONVERT-CALENDAR-DATE`), when it is one.
  package var calendarDate: CalendarDate?

  /// Creates a change.
  package init(
    operation: Operation, uid: String, summary: String, date: String, changed: [String] = [],
    previousSummary: String? = nil, previousDate: String? = nil, notes: [String] = []
  ) {
    self.operation = operation
    self.uid = uid
    self.summary = summary
    self.date = date
    self.changed = changed
    self.previousSummary = previousSummary
    self.previousDate = previousDate
    self.notes = notes
  }
}
