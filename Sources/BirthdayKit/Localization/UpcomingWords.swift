import Foundation

/// The words of `upcoming`'s human output (its lines and its table) in one language: English as
/// it has always been written, or the catalog's words (``LanguageTexts/today``, the headings and
/// the kinds of day, ``LanguageTexts/tomorrow`` and ``LanguageTexts/inDays`` as the reminders
/// use them). The days of the week come from ICU through Foundation (the language's
/// stand-alone short weekday names), as ``OrdinalNumbers`` takes its ordinals. Dates, ages and
/// the JSON stay the same in every language.
package struct UpcomingWords: Sendable {
  /// The catalog's words; `nil` for English.
  private let texts: LanguageTexts?
  /// The days of the week, Thursday first (1970-01-01, day number 0, was a Thursday).
  private let weekdays: [String]

  /// The words of `language`.
  package init(_ language: Language) {
    texts = language.texts
    weekdays = language == .english ? Self.englishWeekdays : Self.weekdays(language)
  }

  private static let englishWeekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

  /// ICU's names, which start on Sunday, turned to start on Thursday; English's when ICU has
  /// none for the language.
  private static func weekdays(_ language: Language) -> [String] {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: language.rawValue)
    let sundayFirst: [String] = formatter.shortStandaloneWeekdaySymbols
    guard sundayFirst.count == 7 else { return englishWeekdays }
    return (0..<7).map { sundayFirst[($0 + 4) % 7] }
  }

  /// The table's headings: DATE DAY WHEN NAME AGE KIND in English.
  package var headings: [String] {
    guard let texts else { return ["DATE", "DAY", "WHEN", "NAME", "AGE", "KIND"] }
    return [
      texts.dateHeading, texts.dayHeading, texts.whenHeading, texts.nameHeading,
      texts.ageHeading, texts.kindHeading,
    ]
  }

  /// `today`, `tomorrow`, `in 5 days`.
  package func when(days: Int) -> String {
    guard let texts else {
      switch days {
      case 0: return "today"
      case 1: return "tomorrow"
      default: return "in \(days) days"
      }
    }
    switch days {
    case 0: return texts.today
    case 1: return texts.tomorrow
    default: return texts.inDays.text(for: days)
    }
  }

  /// `birthday`, `anniversary`, `memorial`, `other`.
  package func kind(_ kind: CelebrationKind) -> String {
    guard let texts else { return kind.rawValue }
    switch kind {
    case .birthday: return texts.birthdayKind
    case .anniversary: return texts.anniversaryKind
    case .memorial: return texts.memorialKind
    case .other: return texts.otherKind
    }
  }

  /// The short name of the day of the week of the day `dayNumber` (days since 1970-01-01).
  package func weekday(dayNumber: Int) -> String {
    let number = dayNumber % 7
    return weekdays[number < 0 ? number + 7 : number]
  }
}
