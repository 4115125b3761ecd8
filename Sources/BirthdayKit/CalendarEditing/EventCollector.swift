/// Pass 1 of ``CalendarLister``: the VEVENTs of the calendars, one record each, into the sort by
/// UID. A struct, so that the per-line calls capture one value rather than boxed variables.
struct EventCollector {
  /// The first letters of every name ``take(_:diagnostics:)`` looks at: PRODID and the event
  /// properties of ``PendingEvent`` (UID, SUMMARY, DTSTART, DESCRIPTION, RRULE, RDATE, EXDATE,
  /// RECURRENCE-ID, STATUS, CATEGORIES and the X- marks of birthday calendars); BEGIN and END
  /// are always classified.
  static let letters = CommonFormLetters("PUSDRCEX")

  var byUID: ExternalSorter<ListedEventOrder>
  let today: CivilDate
  var record: [UInt8] = []
  var rules = RecurrenceRuleCache()
  /// Lines of the calendars before this one.
  var linesBefore = 0
  var fileName = ""
  var isOurs = false
  /// Reused from event to event: `current?.take(line)` on an optional copied the event out and
  /// back on every line.
  var current = PendingEvent(lineNumber: 0)
  var inEvent = false

  init(byUID: ExternalSorter<ListedEventOrder>, today: CivilDate) {
    self.byUID = byUID
    self.today = today
  }

  /// The line of the last logical line taken. The common form hands over only some lines, but
  /// always the last of a calendar read to its end: its `END:VCALENDAR`, or a line after it that
  /// the general reader reads.
  var lastLine = 0

  /// Starts the next calendar.
  mutating func start(fileName: String) {
    self.fileName = fileName
    isOurs = false
    inEvent = false
    lastLine = 0
  }

  /// Takes the lines of `reader` that start before the offset `limit` (all of them for
  /// `.max`). Lines in the common form are taken in blocks, and only those whose name can
  /// matter (BEGIN, END, PRODID and the event properties `list` reads) are classified.
  mutating func scan(
    _ reader: inout ICalendarScanner, before limit: Int, commonForm: Bool,
    diagnostics: DiagnosticHandler
  ) throws {
    var pause = commonForm ? 0 : Int.max
    while reader.nextLineOffset < limit,
      try reader.nextLine({ line, _, content in
        try take(line, content: content, diagnostics: diagnostics)
      }) != nil
    {
      pause = try CalendarEditor.nextCommonFormLines(
        of: &reader, after: pause, classifying: Self.letters, before: limit
      ) { _, event, content in
        if case .line(_, _, let line) = event {
          try take(line, content: content, diagnostics: diagnostics)
        }
      }
    }
  }

  mutating func take(
    _ line: ICalendarLineView, content: Span<UInt8>, diagnostics: DiagnosticHandler
  ) throws {
    lastLine = line.lineNumber
    let value = content.extracting(line.valueRange)
    if line.kind == .property, line.depth == 1, line.isNamed("PRODID", in: content) {
      let prefix = "-//BDCONVERT//".utf8
      isOurs =
        value.count >= prefix.count
        && zip(0..<value.count, prefix).allSatisfy { asciiUppercased(value[$0]) == $1 }
    } else if line.kind == .begin, line.depth == 2,
      isUppercasedName(value, count: value.count, "VEVENT")
    {
      current.reset(lineNumber: linesBefore + line.lineNumber)
      inEvent = true
    } else if line.kind == .property, line.depth == 2, inEvent {
      current.take(line, content: content)
    } else if line.kind == .end, line.depth == 2, inEvent {
      inEvent = false
      current.encode(
        into: &record, today: today, isOurs: isOurs,
        location: SourceLocation(file: fileName, line: current.lineNumber - linesBefore),
        rules: &rules, diagnostics: diagnostics)
      let record = self.record
      try byUID.append(record.span)
    }
  }
}
