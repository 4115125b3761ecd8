/// Lists the events of any iCalendar file with their next occurrence (`bdconvert list`).
public enum CalendarLister {
  /// Reads `source` and returns one ``CalendarEvent`` per master VEVENT (overrides with
  /// `RECURRENCE-ID` fold into their master), sorted by next occurrence, then UID; events without
  /// a next occurrence come last. Events that cannot be fully interpreted are listed with what can
  /// be shown, and a diagnostic says why.
  ///
  /// In files written by bdconvert (`PRODID` naming bdconvert) the year shown comes from
  /// `DESCRIPTION:Born YYYY-...`, because their DTSTART year may be a placeholder (1970, 1972).
  /// - Throws: ``InputFormatError`` naming the line, or ``ByteSourceError``.
  public static func list<Source: ByteSource>(
    _ source: Source, fileName: String, today: CivilDate,
    diagnostics: DiagnosticHandler = { _ in }
  ) throws -> [CalendarEvent] {
    var reader = ICalendarReader(source, fileName: fileName)
    var isOurs = false
    var current: PendingEvent?
    var masters: [CalendarEvent] = []
    var masterUIDs: Set<String> = []
    var overrides: [String: CalendarEvent] = [:]
    while let line = try reader.next() {
      if line.kind == .property, line.depth == 1, line.isNamed("PRODID") {
        isOurs = line.value.map(asciiUppercased).starts(with: "-//BDCONVERT//".utf8)
      } else if line.kind == .begin, line.depth == 2,
        line.value.map(asciiUppercased).elementsEqual("VEVENT".utf8)
      {
        current = PendingEvent(lineNumber: line.lineNumber)
      } else if line.kind == .property, line.depth == 2, current != nil {
        current?.take(line)
      } else if line.kind == .end, line.depth == 2, let pending = current {
        current = nil
        let location = SourceLocation(file: fileName, line: pending.lineNumber)
        let event = pending.event(
          today: today, isOurs: isOurs, location: location, diagnostics: diagnostics)
        if pending.isOverride {
          if overrides[event.uid] == nil { overrides[event.uid] = event }
        } else if masterUIDs.insert(event.uid).inserted {
          masters.append(event)
        }
      }
    }
    for (uid, event) in overrides where !masterUIDs.contains(uid) { masters.append(event) }
    return masters.sorted { lhs, rhs in
      switch (lhs.next, rhs.next) {
      case (let left?, let right?) where left != right: return left < right
      case (.some, .none): return true
      case (.none, .some): return false
      default: return (lhs.uid, lhs.lineNumber) < (rhs.uid, rhs.lineNumber)
      }
    }
  }
}

/// The properties of one VEVENT being read.
private struct PendingEvent {
  var lineNumber: Int
  var uid: [UInt8]?
  var summary: [UInt8] = []
  var start: [UInt8]?
  var startLine = 0
  var rrule: [UInt8]?
  var description: [UInt8] = []
  var isOverride = false

  mutating func take(_ line: CalendarLine) {
    if line.isNamed("UID") {
      uid = unescapedText(line.value)
    } else if line.isNamed("SUMMARY") {
      summary = unescapedText(line.value)
    } else if line.isNamed("DTSTART") {
      start = Array(line.value)
      startLine = line.lineNumber
    } else if line.isNamed("RRULE") {
      rrule = Array(line.value)
    } else if line.isNamed("DESCRIPTION") {
      description = unescapedText(line.value)
    } else if line.isNamed("RECURRENCE-ID") {
      isOverride = true
    }
  }

  func event(
    today: CivilDate, isOurs: Bool, location: SourceLocation, diagnostics: DiagnosticHandler
  )
    -> CalendarEvent
  {
    let uidText = uid.map { String(decoding: $0, as: UTF8.self) } ?? ""
    if uid == nil { diagnostics(Diagnostic("VEVENT without UID", at: location)) }
    let rruleText = rrule.map { String(decoding: $0, as: UTF8.self) }
    var event = CalendarEvent(
      uid: uidText, summary: String(decoding: summary, as: UTF8.self), date: nil,
      rrule: rruleText, next: nil, lineNumber: location.line)
    guard let start else {
      diagnostics(Diagnostic("VEVENT '\(uidText)' has no DTSTART", at: location))
      return event
    }
    let startText = String(decoding: start, as: UTF8.self)
    guard let startDate = RecurrenceRule.date(startText) else {
      diagnostics(
        Diagnostic(
          "invalid DTSTART value '\(startText)'",
          at: SourceLocation(file: location.file, line: startLine)))
      return event
    }
    event.date = startDate
    if isOurs {
      let born =
        description.starts(with: "Born ".utf8)
        ? RecurrenceRule.date(
          String(
            decoding: description.dropFirst(5).filter { $0 != UInt8(ascii: "-") }, as: UTF8.self))
        : nil
      event.date =
        born?.month == startDate.month && born?.day == startDate.day ? born : startDate.withoutYear
    }
    guard let rruleText else {
      event.next = startDate >= today ? startDate : nil
      return event
    }
    do throws(RecurrenceRuleError) {
      let rule = try RecurrenceRule(parsing: rruleText)
      event.next = rule.nextOccurrence(start: startDate, onOrAfter: today)
    } catch {
      guard case .unsupported(let part) = error else { return event }
      diagnostics(
        Diagnostic(
          "unsupported RRULE part '\(part)' in '\(rruleText)'; next occurrence not shown",
          at: location, isConversionFailure: false))
    }
    return event
  }
}
