/// One line of an event as declared: its name, and its value for an event of a shape and kind.
///
/// ``event`` is the event's lines in the order they are written, ``alarm`` an alarm's. A value
/// the options fix is rendered once, when ``EventRenderer`` compiles these lists; a value of the
/// celebration is an ``EventField``. Adding a property is one line in one of the lists (and, for a
/// value of the celebration, a case of ``EventField`` and how to write it).
enum EventProperty: Sendable {
  /// A content line: `NAME:value`.
  case line(String, @Sendable (Context) -> Value)
  /// The alarms of ``CalendarOptions/alarms``, each as ``alarm`` declares it.
  case alarms

  /// What a value may depend on besides the celebration.
  struct Context {
    let options: CalendarOptions
    let shape: EventShape
    let kind: CelebrationKind
    /// The alarm being declared, in ``EventProperty/alarm``.
    let alarm: AlarmSpecification?
  }

  /// A line's value for one shape and kind.
  enum Value {
    /// The same for every event of the shape and kind.
    case text(String)
    /// A value of the celebration, after the constant `prefix`.
    case field(EventField, prefix: String = "")
    /// A value the celebration may lack: without it the line is left out.
    case optionalField(EventField, prefix: String = "")
    /// The alarm's text (``EventField/alarmText(template:repeatsPrevious:)``).
    case alarmText
    /// No such line in this shape, kind or configuration.
    case omitted
  }

  /// An event's lines, in order.
  static let event: [EventProperty] = [
    .line("BEGIN") { _ in .text("VEVENT") },
    .line("UID") { _ in .field(.uid) },
    .line("DTSTAMP") { .text($0.options.timestamp.description) },
    .line("RECURRENCE-ID;VALUE=DATE") { $0.shape == .override ? .field(.startDate) : .omitted },
    .line("DTSTART;VALUE=DATE") { _ in .field(.startDate) },
    .line("DTEND;VALUE=DATE") { _ in .field(.endDate) },
    .line("RRULE") {
      $0.shape.recurrenceRule($0.options.leapDayPolicy).map { .text($0) } ?? .omitted
    },
    .line("SUMMARY") { _ in .field(.summary) },
    .line("DESCRIPTION") {
      $0.shape == .single
        ? .field(.occurrenceDescription)
        : .optionalField(
          .originDate,
          prefix: $0.options.descriptionPrefix(for: $0.kind) ?? $0.kind.originWord)
    },
    .line(CalendarOccurrence.propertyName) {
      $0.shape == .single ? .field(.calendarDate) : .omitted
    },
    .line(ContactIdentityKey.propertyName) {
      $0.options.writesIdentityKeys && $0.shape != .override
        ? .optionalField(.identityKey) : .omitted
    },
    .line("CATEGORIES") { .text($0.kind.rawValue.uppercased()) },
    .line("TRANSP") { _ in .text("TRANSPARENT") },
    .alarms,
    .line("END") { _ in .text("VEVENT") },
  ]

  /// An alarm's lines, in order.
  static let alarm: [EventProperty] = [
    .line("BEGIN") { _ in .text("VALARM") },
    .line("ACTION") { _ in .text("DISPLAY") },
    .line("TRIGGER;RELATED=START") { $0.alarm.map { .text($0.trigger) } ?? .omitted },
    // RFC 5545 requires DESCRIPTION on a DISPLAY alarm.
    .line("DESCRIPTION") { _ in .alarmText },
    .line("END") { _ in .text("VALARM") },
  ]
}

extension CelebrationKind {
  /// What the description of an event with a known year says before the date.
  fileprivate var originWord: String {
    switch self {
    case .birthday: "Born "
    case .anniversary, .other: "Since "
    case .memorial: "Died "
    }
  }
}
