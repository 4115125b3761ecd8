/// What the vCard reader reports, one factory per kind of problem.
extension Diagnostic.Kind {
  /// A card without `END:VCARD` (cut off by the end of the file or by the next card).
  package static let vCardMissingEnd = Self(rawValue: "vcard.missing-end")
  /// Lines between cards.
  package static let vCardTextOutsideCard = Self(rawValue: "vcard.text-outside-card")
  /// Lines before the first card (an exporter's preamble), skipped.
  package static let vCardTextBeforeFirstCard = Self(rawValue: "vcard.text-before-first-card")
  /// A second `BDAY`, ignored.
  package static let vCardSeveralBirthdays = Self(rawValue: "vcard.several-birthdays")
  /// A date property that is not a date.
  package static let vCardInvalidDate = Self(rawValue: "vcard.invalid-date")
  /// A date in a calendar scale other than the Gregorian one.
  package static let vCardUnsupportedCalendarScale = Self(
    rawValue: "vcard.unsupported-calendar-scale")
  /// A value in a `CHARSET=` that cannot be decoded.
  package static let vCardUndecodableCharset = Self(rawValue: "vcard.undecodable-charset")
  /// More date or label properties in one card than are kept.
  package static let vCardTooManyDates = Self(rawValue: "vcard.too-many-dates")
  /// A value longer than is kept.
  package static let vCardValueTooLong = Self(rawValue: "vcard.value-too-long")
  /// A value read as Windows-1252 because it is not UTF-8.
  package static let vCardNotUTF8 = Self(rawValue: "vcard.not-utf8")
  /// The input is not a vCard file (an ``InputFormatError``).
  package static let vCardNotVCard = Self(rawValue: "vcard.not-vcard")
}

extension Diagnostic.Message {
  static func vCardMissingEnd(beginLine: Int, newCardBegins: Bool) -> Self {
    Self(
      .vCardMissingEnd,
      "missing END:VCARD for the card that begins on line \(beginLine); "
        + (newCardBegins ? "a new card begins here" : "keeping what was read"))
  }

  static func vCardTextOutsideCard(_ found: String) -> Self {
    Self(.vCardTextOutsideCard, "text outside BEGIN:VCARD/END:VCARD skipped: '\(found)'")
  }

  static func vCardSeveralBirthdays(using first: String, ignoring extra: String) -> Self {
    Self(
      .vCardSeveralBirthdays, "several BDAY properties, using '\(first)' and ignoring '\(extra)'",
      isConversionFailure: false)
  }

  static func vCardTextBeforeFirstCard(_ found: String) -> Self {
    Self(
      .vCardTextBeforeFirstCard, "text before the first BEGIN:VCARD skipped: '\(found)'",
      isConversionFailure: false)
  }

  /// - Parameter reason: what is wrong with the value, when it is known (a day that does not
  ///   exist); else the message lists the forms expected.
  static func vCardInvalidDate(property: String, value: String, reason: String? = nil) -> Self {
    Self(
      .vCardInvalidDate,
      "invalid \(property) value '\(value)'"
        + (reason.map { ": " + $0 } ?? " (expected YYYY-MM-DD, YYYYMMDD or --MM-DD)"))
  }

  static func vCardUnsupportedCalendarScale(property: String, value: String, scale: String)
    -> Self
  {
    Self(
      .vCardUnsupportedCalendarScale,
      "invalid \(property) value '\(value)': the calendar scale '\(scale)' is not supported (gregorian, chinese, korean, hebrew, islamic, persian are)"
    )
  }

  static func vCardUndecodableCharset(
    property: String, charset: String, readAsWindows1252: Bool
  ) -> Self {
    Self(
      .vCardUndecodableCharset,
      "\(property) value in CHARSET=\(charset) cannot be decoded (an unknown charset, or bytes not valid in it), read as \(readAsWindows1252 ? "Windows-1252" : "UTF-8")",
      isConversionFailure: false)
  }

  static func vCardTooManyDates(maximum: Int) -> Self {
    Self(
      .vCardTooManyDates,
      "more than \(maximum) date or label properties in one card, the rest ignored")
  }

  static func vCardValueTooLong(property: String, limit: Int) -> Self {
    Self(.vCardValueTooLong, "\(property) value longer than \(limit) bytes, the rest ignored")
  }

  static func vCardNotUTF8(property: String) -> Self {
    Self(
      .vCardNotUTF8, "\(property) value is not valid UTF-8, read as Windows-1252",
      isConversionFailure: false)
  }

  static func vCardNotVCard(found: String) -> Self {
    Self(.vCardNotVCard, "not a vCard file: expected BEGIN:VCARD, found '\(found)'")
  }
}
