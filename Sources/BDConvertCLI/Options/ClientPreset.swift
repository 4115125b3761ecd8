import BirthdayKit

/// `--for CLIENT`: the reminders and leap-day rule a calendar app honours, and a note on what it
/// does with an imported file anyway. Sources: the compatibility table in docs/calendar-apps.md.
enum ClientPreset: String, CaseIterable, Sendable {
  case google
  case apple
  case outlook
  case thunderbird
  case nextcloud

  /// One line for help and completions.
  var summary: String {
    switch self {
    case .google: return "Google Calendar: no reminders (it drops imported ones)"
    case .apple: return "Apple Calendar: reminders as asked"
    case .outlook: return "Outlook: reminders only before the day (18:00 the evening before)"
    case .thunderbird: return "Thunderbird: reminders as asked"
    case .nextcloud: return "Nextcloud: reminders as asked; 29 February as 28 February only"
    }
  }

  /// The leap-day policies the app shows as intended.
  var leapDayPolicies: [LeapDayPolicy] {
    switch self {
    // BYYEARDAY (mar1) is not in Outlook's yearly recurrence template (MS-OXCICAL).
    case .outlook: return [.feb28, .feb29]
    // ical.js shows 1 March for plain YEARLY (ical.js#91); BYYEARDAY is rejected
    // (nextcloud/calendar#821).
    case .nextcloud: return [.feb28]
    case .google, .apple, .thunderbird: return LeapDayPolicy.allCases
    }
  }

  /// The replacement for the default reminder at 08:00 on the day (Outlook).
  static let eveningBefore = AlarmSpecification(daysBefore: 1, hour: 18, minute: 0)

  /// Adjusts `options` for the app and returns the notes to print.
  /// - Parameters:
  ///   - alarmsGiven: whether `--alarm` or `--no-alarm` was given (else the default is in place).
  /// - Throws: a usage error for a `--leap-day` the app does not show as intended.
  func apply(to options: inout ConvertOptions, alarmsGiven: Bool, usage: String)
    throws(CommandError) -> [String]
  {
    guard leapDayPolicies.contains(options.leapDayPolicy) else {
      let allowed = leapDayPolicies.map(\.rawValue).joined(separator: " or ")
      throw .usage(
        "--leap-day \(options.leapDayPolicy.rawValue) is not shown as intended by \(rawValue) "
          + "(see docs/calendar-apps.md); use \(allowed)", usage)
    }
    switch self {
    case .google:
      let dropped = !options.alarms.isEmpty
      options.alarms = []
      return [
        "--for google: Google Calendar drops the reminders of imported files"
          + (dropped ? ", so none are written" : "")
          + "; set the calendar's default notifications in Google Calendar instead"
      ]
    case .outlook:
      return outlookAlarms(&options, alarmsGiven: alarmsGiven)
    case .apple, .thunderbird, .nextcloud:
      return []
    }
  }

  /// Outlook reads every reminder offset as "before the start" (MS-OXCICAL: the absolute value
  /// of the TRIGGER in minutes), so a reminder after midnight of the day cannot be written.
  private func outlookAlarms(_ options: inout ConvertOptions, alarmsGiven: Bool) -> [String] {
    let later = options.alarms.filter { $0.offsetMinutes > 0 }
    guard !later.isEmpty else { return [] }
    options.alarms.removeAll { $0.offsetMinutes > 0 }
    if !alarmsGiven, let eveningBefore = Self.eveningBefore {
      options.alarms = [eveningBefore]
      return [
        "--for outlook: Outlook fires every reminder before the day starts (08:00 on the day "
          + "would ring at 16:00 the day before), so the reminder is at 18:00 the evening before"
      ]
    }
    let names = later.map { "'\($0)'" }.joined(separator: ", ")
    return [
      "--for outlook: Outlook fires every reminder before the day starts, so --alarm \(names) "
        + "cannot be written and is left out; use -Nd@HH:MM (N days before) or 00:00"
        + (options.alarms.isEmpty ? "; no reminder is written" : "")
    ]
  }
}
