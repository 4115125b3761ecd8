/// What reading a calendar reports, one factory per kind of problem.
extension Diagnostic.Kind {
  /// A VEVENT without a UID.
  package static let eventWithoutUID = Self(rawValue: "calendar.event-without-uid")
  /// A VEVENT without a DTSTART.
  package static let eventWithoutStart = Self(rawValue: "calendar.event-without-start")
  /// A DTSTART that is not a date.
  package static let invalidStart = Self(rawValue: "calendar.invalid-start")
  /// An RRULE part the recurrence engine does not interpret.
  package static let unsupportedRule = Self(rawValue: "calendar.unsupported-rule")
  /// A TZID without a definition in the calendar.
  package static let unknownTimeZone = Self(rawValue: "calendar.unknown-time-zone")
  /// A rule whose next occurrence is too far to find.
  package static let ruleTooSparse = Self(rawValue: "calendar.rule-too-sparse")
  /// The calendar's structure is broken (an ``InputFormatError``).
  package static let calendarStructure = Self(rawValue: "calendar.structure")
}

extension Diagnostic.Message {
  static let eventWithoutUID = Self(
    .eventWithoutUID, "VEVENT without UID: listed on a line of its own, it cannot be deleted by UID"
  )

  static func eventWithoutStart(uid: String) -> Self {
    Self(.eventWithoutStart, "VEVENT '\(uid)' has no DTSTART")
  }

  static func invalidStart(_ value: String) -> Self {
    Self(.invalidStart, "invalid DTSTART value '\(value)'")
  }

  static func unsupportedRule(part: String, rule: String) -> Self {
    Self(
      .unsupportedRule, "unsupported RRULE part '\(part)' in '\(rule)'; next occurrence not shown",
      isConversionFailure: false)
  }

  static func unknownTimeZone(_ name: String) -> Self {
    Self(
      .unknownTimeZone, "unknown time zone '\(name)': its times are taken as written",
      isConversionFailure: false)
  }

  static func ruleTooSparse(maximumPeriods: Int, maximumEmptyPeriods: Int) -> Self {
    Self(
      .ruleTooSparse,
      "RRULE needs more than \(maximumPeriods) periods (or \(maximumEmptyPeriods) without an occurrence in a row) to find the next occurrence; next occurrence not shown",
      isConversionFailure: false)
  }

  static func calendarStructure(_ text: String) -> Self {
    Self(.calendarStructure, text)
  }
}
