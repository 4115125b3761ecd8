/// The properties of one VEVENT being read by `list`, kept as bytes.
struct PendingEvent {
  var lineNumber: Int
  var uid: [UInt8]?
  var summary: [UInt8] = []
  var start: [UInt8]?
  var startLine = 0
  var rrule: [UInt8]?
  var description: [UInt8] = []
  var isOverride = false
  var isAnniversary = false
  var recurrence = EventRecurrenceProperties()

  init(lineNumber: Int) {
    self.lineNumber = lineNumber
  }

  /// Keeps what `list` shows from a property line of the VEVENT.
  mutating func take(_ line: ICalendarLineView) {
    recurrence.take(line)
    if line.isNamed("UID") {
      uid = TextEscaping.unescaped(bytes: line.value)
    } else if line.isNamed("SUMMARY") {
      summary = TextEscaping.unescaped(bytes: line.value)
    } else if line.isNamed("DTSTART") {
      start = Array(line.value)
      startLine = line.lineNumber
    } else if line.isNamed("RRULE") {
      rrule = Array(line.value)
    } else if line.isNamed("DESCRIPTION") {
      description = TextEscaping.unescaped(bytes: line.value)
    } else if line.isNamed("RECURRENCE-ID") {
      isOverride = true
    } else if line.isNamed("CATEGORIES") {
      // A list of names: ANNIVERSARY as a whole item, in any case.
      isAnniversary =
        isAnniversary
        || TextEscaping.unescaped(bytes: line.value).split(separator: UInt8(ascii: ",")).contains {
          $0.count == 11 && String(decoding: $0, as: UTF8.self).uppercased() == "ANNIVERSARY"
        }
    }
  }

  /// Writes the event's ``ListedEventRecord`` into `record`, working out its date and next
  /// occurrence, and reports what cannot be interpreted.
  ///
  /// - Parameters:
  ///   - isOurs: the calendar was written by bdconvert, so the year comes from
  ///     `DESCRIPTION:Born YYYY-MM-DD` or `DESCRIPTION:Since YYYY-MM-DD` (the DTSTART year may be
  ///     a placeholder).
  ///   - rules: parsed `RRULE`s to reuse.
  func encode(
    into record: inout [UInt8], today: CivilDate, isOurs: Bool, location: SourceLocation,
    rules: inout RecurrenceRuleCache, diagnostics: DiagnosticHandler
  ) {
    var date: CivilDate?
    var next: CivilDate?
    defer {
      ListedEventRecord.encode(
        uid: uid ?? [], summary: summary, date: date, rrule: rrule, next: next,
        lineNumber: lineNumber, isOverride: isOverride, isAnniversary: isAnniversary,
        recurrence: isOverride || recurrence.isRecurring ? recurrence : nil, into: &record)
    }
    if uid == nil { diagnostics(Diagnostic(.eventWithoutUID, at: location)) }
    guard let start else {
      let uidText = String(decoding: uid ?? [], as: UTF8.self)
      diagnostics(Diagnostic(.eventWithoutStart(uid: uidText), at: location))
      return
    }
    guard let startDate = RecurrenceRule.date(bytes: start) else {
      diagnostics(
        Diagnostic(
          .invalidStart(String(decoding: start, as: UTF8.self)),
          at: SourceLocation(file: location.file, line: startLine)))
      return
    }
    date = startDate
    if isOurs {
      // Birthdays say "Born YYYY-MM-DD", anniversaries "Since YYYY-MM-DD".
      let prefixLength =
        description.starts(with: "Born ".utf8)
        ? 5 : description.starts(with: "Since ".utf8) ? 6 : nil
      let born = prefixLength.flatMap { length in
        RecurrenceRule.date(
          bytes: description.dropFirst(length).lazy.filter { $0 != UInt8(ascii: "-") })
      }
      date =
        born?.month == startDate.month && born?.day == startDate.day ? born : startDate.withoutYear
    }
    guard recurrence.isRecurring else {
      next = startDate >= today ? startDate : nil
      return
    }
    next = recurrence.nextDate(
      onOrAfter: today, rules: &rules, location: location, diagnostics: diagnostics)
  }
}
