import Testing

@testable import BirthdayKit

/// Which language a tag or the environment names, the plural rules and the ordinals (issue 33
/// item 6).
@Suite struct LanguageTests {
  @Test(arguments: [
    ("de", Language.german), ("DE", .german), ("de-AT", .german), ("de_DE.UTF-8", .german),
    ("de_CH.utf8@euro", .german), ("C", .english), ("POSIX", .english), ("C.UTF-8", .english),
    ("en_GB.UTF-8", .english), ("zh", .chineseSimplified), ("zh_CN.UTF-8", .chineseSimplified),
    ("zh-Hans", .chineseSimplified), ("zh-Hant", .chineseTraditional),
    ("zh_TW", .chineseTraditional),
    ("zh-HK", .chineseTraditional), ("zh-Hant-HK", .chineseTraditional),
    ("zh-Hans-HK", .chineseSimplified), ("pt-BR", .portuguese), ("pt_PT", .portuguese),
    ("iw_IL", .hebrew), ("he", .hebrew), ("fa_IR.UTF-8", .persian), ("hu_HU", .hungarian),
  ])
  func tags(tag: String, language: Language) {
    #expect(Language(tag: tag) == language)
  }

  @Test(arguments: ["xx", "klingon", "", "C-DE", "hi_IN"])
  func unknownTags(tag: String) {
    #expect(Language(tag: tag) == nil)
  }

  /// LC_ALL, then LC_MESSAGES, then LANG, as the C library reads them; an empty one is not set,
  /// a language without a catalog is English (a locale is no error).
  @Test func environmentOrder() {
    #expect(Language.fromEnvironment([:]) == .english)
    #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
    #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"]) == .french)
    #expect(
      Language.fromEnvironment(["LANG": "de_DE", "LC_MESSAGES": "fr_FR", "LC_ALL": "ja_JP"])
        == .japanese)
    #expect(Language.fromEnvironment(["LANG": "de_DE", "LC_ALL": ""]) == .german)
    #expect(Language.fromEnvironment(["LANG": "de_DE", "LC_ALL": "C"]) == .english)
    #expect(Language.fromEnvironment(["LANG": "hi_IN.UTF-8"]) == .english)
  }

  @Test func pluralRules() {
    let russian = [1, 2, 5, 11, 12, 21, 22, 25, 111, 112, 121].map {
      PluralRule.eastSlavic.category(of: $0)
    }
    #expect(russian == [.one, .few, .many, .many, .many, .one, .few, .many, .many, .many, .one])
    let polish = [1, 2, 5, 12, 21, 22, 25].map { PluralRule.polish.category(of: $0) }
    #expect(polish == [.one, .few, .many, .many, .many, .few, .many])
    let arabic = [0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map { PluralRule.arabic.category(of: $0) }
    #expect(arabic == [.zero, .one, .two, .few, .few, .many, .many, .other, .other, .few])
    #expect(LanguageTexts.russian.inDays.text(for: 3) == "через 3 дня")
    #expect(LanguageTexts.russian.inDays.text(for: 5) == "через 5 дней")
    #expect(LanguageTexts.russian.inDays.text(for: 21) == "через 21 день")
    #expect(LanguageTexts.hebrew.inDays.text(for: 2) == "בעוד יומיים")
    #expect(LanguageTexts.arabic.inDays.text(for: 11) == "بعد 11 يومًا")
  }

  /// `{ordinal}` from ICU's rules on this machine (Linux's ICU as shipped with Foundation), and
  /// the fallbacks where ICU has no rule.
  @Test(arguments: [
    (Language.german, "41."), (.french, "41e"), (.spanish, "41.º"), (.italian, "41º"),
    (.portuguese, "41º"), (.dutch, "41e"), (.polish, "41."), (.swedish, "41:a"),
    (.russian, "41-й"), (.ukrainian, "41-й"), (.turkish, "41."), (.hungarian, "41."),
    (.chineseSimplified, "第41"), (.chineseTraditional, "第41"), (.japanese, "第41"),
    (.korean, "41번째"), (.vietnamese, "thứ 41"), (.hebrew, "41"), (.arabic, "41"),
    (.persian, "۴۱."),
  ])
  func ordinals(language: Language, expected: String) throws {
    #expect(OrdinalNumbers.text(41, language: language) == expected)
    // Past the kept table: formatted when asked, the same way.
    #expect(OrdinalNumbers.text(1041, language: language).contains("41") || language == .persian)
    let template = try EventTextTemplate("{name} ({ordinal})").localized(language)
    let name = try #require(PersonName(formatted: "Anna"))
    let date = try #require(CivilDate(year: 1985, month: 5, day: 1))
    let celebration = Celebration(uid: "u", name: name, kind: .birthday, date: date)
    #expect(template.render(for: celebration, inYear: 2026) == "Anna (\(expected))")
    // No age, no ordinal: the bracket goes, as in English.
    #expect(template.render(for: celebration) == "Anna")
  }

  /// English keeps its own suffixes, whatever the template.
  @Test func englishOrdinalUnchanged() throws {
    let template = try EventTextTemplate("{ordinal}").localized(.english)
    let name = try #require(PersonName(formatted: "Anna"))
    let date = try #require(CivilDate(year: 1985, month: 5, day: 1))
    let celebration = Celebration(uid: "u", name: name, kind: .birthday, date: date)
    #expect(template.render(for: celebration, inYear: 2026) == "41st")
  }
}
