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
  /// Alarm texts (`--message`); `nil` uses the default for each kind and alarm.
  public var messageTemplate: EventTextTemplate?
  /// Anniversary titles (`--anniversary-summary`); `nil` uses ``summaryTemplate``, else the default.
  public var anniversarySummaryTemplate: EventTextTemplate?
  /// Anniversary alarm texts (`--anniversary-message`); `nil` uses ``messageTemplate``, else the
  /// defaults.
  public var anniversaryMessageTemplate: EventTextTemplate?
  /// `DTSTAMP` of every event (from `SOURCE_DATE_EPOCH` when set, else now).
  public var timestamp: UTCTimestamp
  /// The first year that gets an override with the age when a template has `{age}` or
  /// `{ordinal}` (`--today`); by default the year of ``timestamp``.
  package var currentYear: Int
  /// How many years, from ``currentYear``, get such an override (`--age-years`).
  package var ageYears = 3
  /// Whether events carry the contact's ``ContactIdentityKey`` (hashed) as `X-BDCONVERT-KEY`:
  /// `sync` only, so that `convert` writes what it always wrote.
  package var writesIdentityKeys = false
  /// The language of the default texts and of `{ordinal}` (`--lang`); English writes the
  /// built-in texts below.
  package var language: Language = .english

  /// Creates options with the defaults, stamped `timestamp` (by default the current time).
  public init(timestamp: UTCTimestamp = .now) {
    self.timestamp = timestamp
    self.currentYear = timestamp.date.year ?? 1970
  }

  // The default templates are constants that parse; a failure would be a programming error.
  static let birthdaySummary = EventTextTemplate(builtIn: "Birthday: {name}")
  static let anniversarySummary = EventTextTemplate(builtIn: "Anniversary: {name}")
  static let birthdayMessage = EventTextTemplate(
    builtIn: "Wish {first} {last} a Happy Birthday today!")
  static let anniversaryMessage = EventTextTemplate(
    builtIn: "Wish {first} {last} a Happy Anniversary today!")
  static let memorialSummary = EventTextTemplate(builtIn: "In memory of {name}")
  static let memorialMessage = EventTextTemplate(builtIn: "Remembering {name} today")
  static let otherSummary = EventTextTemplate(builtIn: "{label}: {name}")
  // Parsed once: every conversion thread's renderer asks for it for each segment.
  static let otherMessageToday = EventTextTemplate(builtIn: "{label}: {name} today")

  /// The title template for `kind`.
  func summaryTemplate(for kind: CelebrationKind) -> EventTextTemplate {
    if let texts = language.texts { return localizedSummaryTemplate(for: kind, texts) }
    switch kind {
    case .birthday: return summaryTemplate ?? Self.birthdaySummary
    case .anniversary:
      return anniversarySummaryTemplate ?? summaryTemplate ?? Self.anniversarySummary
    // Remembrance has its own words: the birthday title ("Birthday: …") would be wrong.
    case .memorial: return Self.memorialSummary
    case .other: return Self.otherSummary
    }
  }

  /// The alarm text template for `kind` and an alarm `daysBefore` days before the day. The
  /// default says when: "… today!", "… is tomorrow", "… is in 3 days".
  func messageTemplate(for kind: CelebrationKind, daysBefore: Int = 0) -> EventTextTemplate {
    if let texts = language.texts {
      return localizedMessageTemplate(for: kind, daysBefore: daysBefore, texts)
    }
    if kind == .anniversary, let anniversaryMessageTemplate { return anniversaryMessageTemplate }
    if kind == .birthday || kind == .anniversary, let messageTemplate { return messageTemplate }
    if kind == .other {
      if daysBefore == 0 { return Self.otherMessageToday }
      // Constant text around placeholders: always parses.
      let when = daysBefore == 1 ? "tomorrow" : "in \(daysBefore) days"
      return EventTextTemplate(builtIn: "{label}: {name} \(when)")
    }
    let noun = kind == .memorial ? "day of remembrance" : kind.noun
    switch daysBefore {
    case 0:
      return [Self.birthdayMessage, Self.anniversaryMessage, Self.memorialMessage][kind.index]
    // Constant text around {name}: always parses.
    case 1: return EventTextTemplate(builtIn: "{name}'s \(noun) is tomorrow")
    default: return EventTextTemplate(builtIn: "{name}'s \(noun) is in \(daysBefore) days")
    }
  }

  /// Whether events get yearly overrides: a title or alarm text has `{age}` or `{ordinal}`.
  package var writesAges: Bool {
    guard ageYears > 0 else { return false }
    let templates =
      CelebrationKind.allCases.map { summaryTemplate(for: $0) }
      + CelebrationKind.allCases.flatMap { kind in
        alarms.map { messageTemplate(for: kind, daysBefore: $0.daysBefore) }
      }
    return templates.contains(where: \.dependsOnYear)
  }
}
