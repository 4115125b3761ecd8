extension Contact {
  /// Whether the contact keeps a date in another calendar.
  var hasCalendarDates: Bool { calendarBirthday != nil || !calendarAnniversaries.isEmpty }
}

extension CelebrationBuilder {
  /// The Gregorian years from the current one for which dates of other calendars become
  /// events (`--years`, default 10): `sync` run in a later year moves the window forward.
  package static func defaultCalendarYears(from year: Int, count: Int = 10) -> Range<Int> {
    year..<(year + max(count, 0))
  }

  /// Calls `body` with one celebration per occurrence of the contact's dates kept in other
  /// calendars within ``calendarYears``, each with a UID of its own: the contact's UID for the
  /// kind, extended by the calendar, the month and day, and the calendar year.
  func forEachCalendarCelebration(
    of contact: Contact, record: RecordKind, report: DiagnosticHandler,
    _ body: (Celebration) -> Void
  ) {
    var dates: [(CelebrationKind, CalendarDate)] = []
    if let birthday = contact.calendarBirthday { dates.append((.birthday, birthday)) }
    if includeAnniversaries { dates += contact.calendarAnniversaries.map { (.anniversary, $0) } }
    for (kind, origin) in dates {
      let occurrences = OtherCalendarConversion.celebrations(
        of: origin, inGregorianYears: calendarYears, adar: hebrewAdar)
      guard let name = contact.name else {
        if let first = occurrences.first {
          report(
            Diagnostic(
              .recordWithoutName(record, kind: kind, date: first.date), at: contact.location))
        }
        return
      }
      guard !occurrences.isEmpty else { continue }
      // The month and day stand in for the date in a contact's UID without a source UID.
      guard let standIn = CivilDate(month: min(origin.month, 12), day: min(origin.day, 29)) else {
        preconditionFailure("months 1-12 have days 1-29 without a year")
      }
      let base = EventIdentity.uuid(
        kind: kind, sourceIdentifier: contact.sourceIdentifier, name: name, date: standIn)
      let key = "\(origin.system.rawValue):\(origin.withoutYear):"
      for occurrence in occurrences {
        var celebration = Celebration(
          uuid: NameBasedUUID(namespace: base, name: key + String(occurrence.calendarYear)),
          name: name, kind: kind, date: occurrence.date, location: contact.location,
          identityKey: identityKey(of: contact))
        celebration.calendarOccurrence = CalendarOccurrence(
          origin: origin, calendarYear: occurrence.calendarYear)
        body(celebration)
      }
    }
  }
}
