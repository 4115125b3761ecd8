/// The texts of ``CalendarOptions`` in a language other than English (``CalendarOptions/language``):
/// the catalog's defaults, and a user's own templates with `{ordinal}` and the order of names
/// of that language. English keeps the built-in texts of ``CalendarOptions``, byte for byte.
extension CalendarOptions {
  /// The title template for `kind` in ``language``.
  func localizedSummaryTemplate(for kind: CelebrationKind, _ texts: LanguageTexts)
    -> EventTextTemplate
  {
    let own: EventTextTemplate? =
      switch kind {
      case .birthday: summaryTemplate
      case .anniversary: anniversarySummaryTemplate ?? summaryTemplate
      case .memorial, .other: nil
      }
    if let own { return own.localized(language) }
    return EventTextTemplate(builtIn: Self.title(for: kind, texts)).localized(language)
  }

  /// The alarm text template for `kind`, `daysBefore` days before the day, in ``language``.
  func localizedMessageTemplate(
    for kind: CelebrationKind, daysBefore: Int, _ texts: LanguageTexts
  ) -> EventTextTemplate {
    if kind == .anniversary, let anniversaryMessageTemplate {
      return anniversaryMessageTemplate.localized(language)
    }
    if kind == .birthday || kind == .anniversary, let messageTemplate {
      return messageTemplate.localized(language)
    }
    let text: String
    switch daysBefore {
    case 0:
      text =
        switch kind {
        case .birthday: texts.birthdayToday
        case .anniversary: texts.anniversaryToday
        case .memorial: texts.memorialToday
        case .other: texts.otherToday
        }
    default:
      let when = daysBefore == 1 ? texts.tomorrow : texts.inDays.text(for: daysBefore)
      text = texts.before.replacingPlaceholder("{title}", with: Self.title(for: kind, texts))
        .replacingPlaceholder("{when}", with: when)
    }
    // Catalog text checked by the catalog's tests: always parses.
    return EventTextTemplate(builtIn: text).localized(language)
  }

  /// The catalog's title for `kind`.
  private static func title(for kind: CelebrationKind, _ texts: LanguageTexts) -> String {
    switch kind {
    case .birthday: texts.birthdayTitle
    case .anniversary: texts.anniversaryTitle
    case .memorial: texts.memorialTitle
    case .other: texts.otherTitle
    }
  }

  /// What comes before the date in the `DESCRIPTION` of a `kind` event ("Geboren: "); `nil`
  /// in English, whose words the renderer writes itself.
  func descriptionPrefix(for kind: CelebrationKind) -> String? {
    guard language != .english, let texts = language.texts else { return nil }
    return switch kind {
    case .birthday: texts.born
    case .anniversary, .other: texts.since
    case .memorial: texts.died
    }
  }

  /// The `DESCRIPTION` of an occurrence of a date kept in another calendar: "出生日期：1984-09-10
  /// (农历 1984-08-15)", or in English ``CalendarOccurrence/descriptionText(kind:)``.
  func descriptionText(of occurrence: CalendarOccurrence, kind: CelebrationKind) -> String {
    guard language != .english, let texts = language.texts else {
      return occurrence.descriptionText(kind: kind)
    }
    let calendar =
      switch occurrence.origin.system {
      case .chinese: texts.chineseCalendar
      case .korean: texts.koreanCalendar
      case .hebrew: texts.hebrewCalendar
      case .islamic, .islamicCivil, .islamicTabular: texts.islamicCalendar
      case .persian: texts.persianCalendar
      }
    let dated = "\(calendar) \(occurrence.origin)"
    guard let gregorian = occurrence.gregorianOrigin, let prefix = descriptionPrefix(for: kind)
    else { return dated }
    return "\(prefix)\(gregorian) (\(dated))"
  }
}
