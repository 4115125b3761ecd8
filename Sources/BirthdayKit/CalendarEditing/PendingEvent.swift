/// The properties of one VEVENT being read by `list`, kept as bytes.
///
/// One value is reused from event to event (``reset(lineNumber:)``), so that its buffers are
/// allocated once, not once per event.
struct PendingEvent {
  var lineNumber: Int
  /// The unescaped UID; empty without one (``hasUID``).
  var uid: [UInt8] = []
  var hasUID = false
  var summary: [UInt8] = []
  var startLine = 0
  var description: [UInt8] = []
  var isOverride = false
  var isAnniversary = false
  /// Also holds DTSTART (``start``) and the RRULEs (``rrule`` is the last one).
  var recurrence = EventRecurrenceProperties()

  init(lineNumber: Int) {
    self.lineNumber = lineNumber
  }

  /// Empties the event for the next VEVENT, keeping the buffers.
  mutating func reset(lineNumber: Int) {
    self.lineNumber = lineNumber
    uid.removeAll(keepingCapacity: true)
    hasUID = false
    summary.removeAll(keepingCapacity: true)
    startLine = 0
    description.removeAll(keepingCapacity: true)
    isOverride = false
    isAnniversary = false
    recurrence.reset()
  }

  /// The DTSTART value as written.
  var start: [UInt8]? { recurrence.start?.value }
  /// The (last) RRULE value as written.
  var rrule: [UInt8]? { recurrence.rules.last }

  /// Keeps what `list` shows from a property line of the VEVENT.
  mutating func take(_ line: ICalendarLineView) {
    recurrence.take(line)
    if line.isNamed("UID") {
      uid.removeAll(keepingCapacity: true)
      TextEscaping.appendUnescaped(bytes: line.value, to: &uid)
      hasUID = true
    } else if line.isNamed("SUMMARY") {
      summary.removeAll(keepingCapacity: true)
      TextEscaping.appendUnescaped(bytes: line.value, to: &summary)
    } else if line.isNamed("DTSTART") {
      startLine = line.lineNumber
    } else if line.isNamed("DESCRIPTION") {
      description.removeAll(keepingCapacity: true)
      TextEscaping.appendUnescaped(bytes: line.value, to: &description)
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
        uid: uid, summary: summary, date: date, rrule: rrule, next: next,
        lineNumber: lineNumber, isOverride: isOverride, isAnniversary: isAnniversary,
        recurrence: isOverride || recurrence.isRecurring ? recurrence : nil, into: &record)
    }
    if !hasUID { diagnostics(Diagnostic(.eventWithoutUID, at: location)) }
    guard let start else {
      let uidText = String(decoding: uid, as: UTF8.self)
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
        Self.starts(description, with: "Born ")
        ? 5 : Self.starts(description, with: "Since ") ? 6 : nil
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

  /// Whether `bytes` start with the ASCII `prefix` (without going through a `String`).
  private static func starts(_ bytes: [UInt8], with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    let expected = prefix.utf8Start
    for index in 0..<count where bytes[index] != expected[index] { return false }
    return true
  }
}
