/// How the calendar and its events are written. The defaults are bdconvert's documented defaults.
public struct CalendarOptions: Sendable {
  /// `NAME` and `X-WR-CALNAME` of the calendar (`--calendar-name`); `nil` writes neither.
  public var calendarName: String? = "Birthdays"
  /// Reminders on every event (`--alarm`); empty for none (`--no-alarm`).
  public var alarms: [AlarmSpecification] = [.eightAM]
  /// What 29 February events do in common years (`--leap-day`).
  public var leapDayPolicy: LeapDayPolicy = .feb28
  /// Event titles (`--summary`); `nil` uses the default for each kind.
  public var summaryTemplate: EventTextTemplate?
  /// Alarm texts (`--message`); `nil` uses the default for each kind.
  public var messageTemplate: EventTextTemplate?
  /// `DTSTAMP` of every event (from `SOURCE_DATE_EPOCH` when set, else now).
  public var timestamp: UTCTimestamp

  /// Creates options with the defaults and the given timestamp.
  public init(timestamp: UTCTimestamp) {
    self.timestamp = timestamp
  }

  // The default templates are constants that parse; a failure would be a programming error.
  static let birthdaySummary = try! EventTextTemplate("Birthday: {name}")
  static let anniversarySummary = try! EventTextTemplate("Anniversary: {name}")
  static let birthdayMessage = try! EventTextTemplate("Wish {first} {last} a Happy Birthday today!")
  static let anniversaryMessage = try! EventTextTemplate(
    "Wish {first} {last} a Happy Anniversary today!")

  /// The title template for `kind`.
  func summaryTemplate(for kind: CelebrationKind) -> EventTextTemplate {
    summaryTemplate ?? (kind == .birthday ? Self.birthdaySummary : Self.anniversarySummary)
  }

  /// The alarm text template for `kind`.
  func messageTemplate(for kind: CelebrationKind) -> EventTextTemplate {
    messageTemplate ?? (kind == .birthday ? Self.birthdayMessage : Self.anniversaryMessage)
  }
}
