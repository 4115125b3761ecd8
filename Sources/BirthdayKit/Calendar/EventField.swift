/// A value of the celebration in an event's line, written by ``EventRenderer`` per event.
enum EventField: Sendable {
  /// `UID`: the canonical UUID, or the escaped identifier.
  case uid
  /// The first occurrence (`DTSTART`, and `RECURRENCE-ID` of an override), `YYYYMMDD`.
  case startDate
  /// The day after it (`DTEND`).
  case endDate
  /// The title from the kind's template, escaped.
  case summary
  /// The description of another calendar's occurrence.
  case occurrenceDescription
  /// Another calendar's date of an occurrence, `chinese:1940-09-15`
  /// (``CalendarOccurrence/propertyValue``).
  case calendarDate
  /// The date with its year, `YYYY-MM-DD`, when the year is known.
  case originDate
  /// The contact's identity key (``ContactIdentityKey``), when it has one.
  case identityKey
  /// An alarm's text from the template at `template` of the renderer, escaped; the previous
  /// alarm's text again when `repeatsPrevious`.
  case alarmText(template: Int, repeatsPrevious: Bool)
}
