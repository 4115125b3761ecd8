import Foundation

/// Ordinal numbers for `{ordinal}` in a language other than English, from ICU's rules through
/// Foundation (`NumberFormatter`, style `.ordinal`, the language's locale): "41." in German,
/// "41e" in French, "第41" in Chinese, "41번째" in Korean, "۴۱." in Persian.
///
/// ICU has no ordinal rule for Russian, Ukrainian, Hebrew and Arabic and writes the bare number;
/// Russian and Ukrainian then get the written abbreviation "41-й" (the masculine that agrees with
/// день рождения, день народження), Hebrew and Arabic the number as it is, which is how they
/// write an ordinal above ten ("יום הולדת 41").
///
/// Formatted once per language and kept (the ages 0-150 people reach), so that rendering an
/// event does not make a formatter; a larger number is formatted when asked.
enum OrdinalNumbers {
  /// The numbers kept per language.
  static let keptCount = 151

  /// Per ``Language/code``: the ordinals 0..<``keptCount``; empty for English, which the
  /// template writes itself.
  private static let tables: [[String]] = Language.allCases.map { language in
    guard language != .english else { return [] }
    let formatter = makeFormatter(language)
    return (0..<keptCount).map { format($0, language: language, formatter: formatter) }
  }

  /// `number` as an ordinal in `language` (not English).
  static func text(_ number: Int, language: Language) -> String {
    let table = tables[Int(language.code)]
    if number >= 0, number < table.count { return table[number] }
    return format(number, language: language, formatter: makeFormatter(language))
  }

  private static func makeFormatter(_ language: Language) -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: language.rawValue)
    formatter.numberStyle = .ordinal
    return formatter
  }

  private static func format(_ number: Int, language: Language, formatter: NumberFormatter)
    -> String
  {
    let plain = "\(number)"
    let text = formatter.string(from: NSNumber(value: number)) ?? plain
    // The bare number (no rule in ICU), with the fallbacks above.
    guard text == plain else { return text }
    switch language {
    case .russian, .ukrainian: return plain + "-й"
    default: return plain
    }
  }
}
