import Testing

@testable import BirthdayKit

/// The catalogs: every language has every text with its placeholders, and nothing a client
/// would show raw (issue 33 item 8).
@Suite struct LanguageCatalogTests {
  static let translated = Language.allCases.filter { $0 != .english }

  /// The languages the issue asks for, and Hungarian for its order of names.
  @Test func everyLanguageAsked() {
    let tags = Set(Language.allCases.map(\.rawValue))
    for tag in [
      "en", "de", "fr", "es", "it", "pt", "nl", "pl", "sv", "ru", "uk", "tr", "zh-Hans", "zh-Hant",
      "ja", "ko", "vi", "he", "ar", "fa", "hu",
    ] {
      #expect(tags.contains(tag), "\(tag)")
    }
    for language in Language.allCases {
      #expect((language.texts == nil) == (language == .english), "\(language)")
    }
  }

  @Test(arguments: translated)
  func everyTextHasItsPlaceholders(language: Language) throws {
    let texts = try #require(language.texts)
    for (field, text, placeholders) in texts.placeholderRequirements {
      #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(field)")
      for placeholder in placeholders {
        #expect(text.contains(placeholder), "\(language) \(field) lacks \(placeholder): \(text)")
      }
      // Only the placeholders of templates and of the catalog itself.
      let known = ["{name}", "{label}", "{first}", "{last}", "{title}", "{when}", "{days}"]
      var rest = text
      for placeholder in known { rest = rest.replacingPlaceholder(placeholder, with: "") }
      #expect(!rest.contains("{") && !rest.contains("}"), "\(language) \(field): \(text)")
    }
    // Every plural form the language's rule can choose is written, each with the number (the
    // Hebrew and Arabic duals and the Arabic singular say it in words).
    for days in 2...130 {
      let text = texts.inDays.text(for: days)
      #expect(!text.contains("{days}") && !text.isEmpty, "\(language) \(days)")
      let category = texts.inDays.rule.category(of: days)
      if category != .two {
        #expect(text.contains("\(days)"), "\(language) \(days): \(text)")
      }
    }
  }

  /// Right-to-left texts carry no direction marks or embeddings: SUMMARY and DESCRIPTION are
  /// shown raw by some clients, and the bidirectional algorithm lays them out without marks.
  /// Nor does any text need escaping in a `DESCRIPTION` prefix.
  @Test(arguments: translated)
  func noDirectionMarksAndNothingToEscape(language: Language) throws {
    let texts = try #require(language.texts)
    let marks: Set<UInt32> = Set([0x200E, 0x200F, 0x061C]).union(0x202A...0x202E).union(
      0x2066...0x2069)
    for (field, text, _) in texts.placeholderRequirements {
      #expect(!text.unicodeScalars.contains { marks.contains($0.value) }, "\(language) \(field)")
      #expect(!text.contains("\\") && !text.contains(";"), "\(language) \(field)")
    }
    for prefix in [texts.born, texts.since, texts.died] {
      #expect(!prefix.contains(","), "\(language) \(prefix)")
    }
  }

  /// Every default template of every language parses and renders a name whole.
  @Test(arguments: translated)
  func defaultTemplatesRender(language: Language) throws {
    var options = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))
    options.language = language
    let name = try #require(PersonName(formatted: "Anna Nagy", given: "Anna", family: "Nagy"))
    let date = try #require(CivilDate(year: 1980, month: 5, day: 1))
    for kind in CelebrationKind.allCases {
      let celebration = Celebration(uid: "u", name: name, kind: kind, date: date, label: "Label")
      let title = options.summaryTemplate(for: kind).render(for: celebration)
      #expect(title.contains("Anna Nagy"), "\(language) \(kind): \(title)")
      for days in [0, 1, 3, 7, 21] {
        let message = options.messageTemplate(for: kind, daysBefore: days).render(for: celebration)
        #expect(message.contains("Anna Nagy"), "\(language) \(kind) \(days): \(message)")
      }
    }
  }
}
