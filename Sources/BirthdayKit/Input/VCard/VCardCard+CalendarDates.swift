extension VCardCard {
  /// Whether `kept` is a date of another calendar, read by ``resolveCalendarDates`` and not as
  /// a Gregorian date: every `X-ALTBDAY`, and a `BDAY` or `ANNIVERSARY` whose `CALSCALE` names a
  /// ``CalendarSystem``.
  func isCalendarDate(_ kept: KeptDate) -> Bool {
    switch kept.property {
    case .alternateBirthday: return true
    case .birthday, .anniversary:
      guard let scale = storage.parameters(of: kept.value).otherCalendarScale else { return false }
      return CalendarSystem(name: scale) != nil
    default: return false
    }
  }

  /// The birthday and anniversaries kept in other calendars (INTEROP: Apple writes
  /// `X-ALTBDAY;CALSCALE=chinese:007800021101`; vCard 4 writes `BDAY;CALSCALE=…`), with a
  /// diagnostic for each value that names no day of its calendar. The first birthday wins.
  func resolveCalendarDates(
    version: VCardVersion, diagnostics: inout [Diagnostic]
  ) -> (birthday: CalendarDate?, anniversaries: [CalendarDate]) {
    var birthday: CalendarDate?
    var anniversaries: [CalendarDate] = []
    for kept in dates where isCalendarDate(kept) {
      let value = kept.value
      let parameters = storage.parameters(of: value)
      let bytes = storage.unfolded(value, version)
      let text = String(decoding: bytes, as: UTF8.self)
      let location = SourceLocation(file: location.file, line: value.line, column: value.column)
      guard let scale = parameters.otherCalendarScale, let system = CalendarSystem(name: scale)
      else {
        // X-ALTBDAY in the Gregorian calendar (Apple keeps that in BDAY) or in one not read.
        if let scale = parameters.otherCalendarScale {
          diagnostics.append(
            Diagnostic(
              .vCardUnsupportedCalendarScale(
                property: kept.property.displayName, value: VCardBytes.quoted(bytes),
                scale: scale), at: location))
        }
        continue
      }
      let date =
        kept.property == .alternateBirthday
        ? CalendarDate.parseAppleAlternate(text, in: system)
        : CalendarDate.parse(text, in: system)
      guard let date, !value.isTruncated else {
        diagnostics.append(
          Diagnostic(
            .vCardInvalidDate(
              property: kept.property.displayName, value: VCardBytes.quoted(bytes),
              reason: "not a day of the \(system.rawValue) calendar"), at: location))
        continue
      }
      if kept.property == .birthday || kept.property == .alternateBirthday {
        if birthday == nil { birthday = date }
      } else if !anniversaries.contains(date) {
        anniversaries.append(date)
      }
    }
    return (birthday, anniversaries)
  }
}
