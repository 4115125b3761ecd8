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
  /// Marked as a birthday or anniversary by a property (see ``take(_:)``). The marks, as the
  /// apps write them:
  /// - Nextcloud's birthday calendar: `X-NEXTCLOUD-BC-FIELD-TYPE:BDAY`, `ANNIVERSARY` or
  ///   `DEATHDATE` (nextcloud/server, apps/dav/lib/CalDAV/BirthdayService.php).
  /// - Evolution's "Birthdays & Anniversaries": UID `<contact UID>-birthday` or `-anniversary`,
  ///   `CATEGORIES` "Birthday" or "Anniversary", translated (evolution-data-server,
  ///   e-cal-backend-contacts.c).
  /// - Google Calendar's "Birthdays" calendar exported as .ics: UID `2021_BIRTHDAY_…@google.com`
  ///   and `X-GOOGLE-CALENDAR-CONTENT-ICON:…/googlecalendar/images/cake.gif` (an export kept as
  ///   a test fixture in a public repository).
  /// - Apple: `X-APPLE-SPECIAL-DAY:BIRTHDAY`; iCloud's holiday calendars use the same property
  ///   with `WORK-HOLIDAY` and `ALTERNATE-WORKDAY`, which are no birthdays.
  /// - KOrganizer's birthdays from KAddressBook: `X-KDE-KABC-BIRTHDAY`.
  var isCelebration = false
  /// bdconvert's `X-BDCONVERT-CALENDAR-DATE`: the date in another calendar celebrated.
  var calendarDate: CalendarDate?
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
    isCelebration = false
    calendarDate = nil
    recurrence.reset()
  }

  /// The DTSTART value as written.
  var start: [UInt8]? { recurrence.start?.value }
  /// The (last) RRULE value as written.
  var rrule: [UInt8]? { recurrence.rules.last }

  /// Keeps what `list` shows from a property line of the VEVENT.
  mutating func take(_ line: ICalendarLineView, content: Span<UInt8>) {
    recurrence.take(line, content: content)
    let value = content.extracting(line.valueRange)
    if line.isNamed("UID", in: content) {
      uid.removeAll(keepingCapacity: true)
      TextEscaping.appendUnescaped(bytes: value, to: &uid)
      hasUID = true
    } else if line.isNamed("SUMMARY", in: content) {
      summary.removeAll(keepingCapacity: true)
      TextEscaping.appendUnescaped(bytes: value, to: &summary)
    } else if line.isNamed("DTSTART", in: content) {
      startLine = line.lineNumber
    } else if line.isNamed("DESCRIPTION", in: content) {
      description.removeAll(keepingCapacity: true)
      TextEscaping.appendUnescaped(bytes: value, to: &description)
    } else if line.isNamed("RECURRENCE-ID", in: content) {
      isOverride = true
    } else if line.isNamed("CATEGORIES", in: content) {
      // A list of names: BIRTHDAY or ANNIVERSARY as a whole item, in any case (bdconvert's,
      // and Evolution's "Birthday" and "Anniversary").
      for item in TextEscaping.unescaped(bytes: value).split(separator: UInt8(ascii: ",")) {
        if Self.isWord(item, "ANNIVERSARY") {
          isAnniversary = true
          isCelebration = true
        } else if Self.isWord(item, "BIRTHDAY") {
          isCelebration = true
        }
      }
    } else if line.isNamed("X-BDCONVERT-SET", in: content)
      || line.isNamed("X-KDE-KABC-BIRTHDAY", in: content)
    {
      // bdconvert's sync mark; KOrganizer's birthdays from KAddressBook.
      isCelebration = true
    } else if line.isNamed("X-NEXTCLOUD-BC-FIELD-TYPE", in: content)
      || line.isNamed("X-APPLE-SPECIAL-DAY", in: content)
    {
      // Nextcloud's birthday calendar: BDAY, ANNIVERSARY (and DEATHDATE, not a celebration);
      // Apple: BIRTHDAY (its holiday calendars use WORK-HOLIDAY and ALTERNATE-WORKDAY).
      let value = Array(copying: value)
      if Self.isWord(value, "ANNIVERSARY") {
        isAnniversary = true
        isCelebration = true
      } else if Self.isWord(value, "BDAY") || Self.isWord(value, "BIRTHDAY") {
        isCelebration = true
      }
    } else if line.isNamed("X-BDCONVERT-CALENDAR-DATE", in: content) {
      calendarDate = CalendarOccurrence.calendarDate(
        propertyValue: String(decoding: Array(copying: value), as: UTF8.self))
    } else if line.isNamed("X-GOOGLE-CALENDAR-CONTENT-ICON", in: content) {
      // Google Calendar's "Birthdays" calendar shows a cake.
      isCelebration =
        isCelebration
        || ByteKernel.string(decoding: value).lowercased().hasSuffix("/cake.gif")
    }
  }

  /// Whether `bytes`, without surrounding blanks, are `keyword` (upper-case ASCII) in any case.
  private static func isWord<Bytes: BidirectionalCollection<UInt8>>(
    _ bytes: Bytes, _ keyword: StaticString
  ) -> Bool {
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = bytes.firstIndex(where: { !isBlank($0) }),
      let last = bytes.lastIndex(where: { !isBlank($0) })
    else { return false }
    let word = bytes[first...last]
    guard word.count == keyword.utf8CodeUnitCount else { return false }
    return zip(word, 0..<word.count).allSatisfy { asciiUppercased($0) == keyword.utf8Start[$1] }
  }

  /// Whether the UID is one that an address book's birthday calendar makes: Google's
  /// `2020_BIRTHDAY_…@google.com`, Evolution's `<contact UID>-birthday` and `-anniversary`.
  var hasCelebrationUID: Bool {
    let uid = String(decoding: uid, as: UTF8.self).lowercased()
    return
      (uid.hasSuffix("@google.com")
      && (uid.contains("_birthday_") || uid.contains("_anniversary_")))
      || uid.hasSuffix("-birthday") || uid.hasSuffix("-anniversary")
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
        isCelebration: isOurs || isCelebration || hasCelebrationUID,
        calendarDate: calendarDate,
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
