/// A language bdconvert writes its event texts in: titles, reminders and descriptions.
///
/// English is the built-in texts (``CalendarOptions`` keeps them, byte for byte as before any
/// other language existed); every other language has a catalog in `Catalog/`, one file each.
/// The raw value is the BCP 47 tag that `--lang` takes.
package enum Language: String, CaseIterable, Hashable, Sendable {
  case english = "en"
  case german = "de"
  case french = "fr"
  case spanish = "es"
  case italian = "it"
  case portuguese = "pt"
  case dutch = "nl"
  case polish = "pl"
  case swedish = "sv"
  case russian = "ru"
  case ukrainian = "uk"
  case turkish = "tr"
  case hungarian = "hu"
  case chineseSimplified = "zh-Hans"
  case chineseTraditional = "zh-Hant"
  case japanese = "ja"
  case korean = "ko"
  case vietnamese = "vi"
  case hebrew = "he"
  case arabic = "ar"
  case persian = "fa"

  /// The language of a BCP 47 tag (`de`, `de-AT`, `zh-Hans`, `zh-TW`, `pt-BR`) or of a POSIX
  /// locale name (`de_DE.UTF-8`, `sr_RS@latin`, `C`, `POSIX`, `C.UTF-8`); `nil` for a language
  /// without a catalog. Case does not matter. Chinese without a script is Simplified unless its
  /// region writes Traditional characters (Taiwan, Hong Kong, Macao).
  package init?(tag: String) {
    var text = Substring(tag)
    // POSIX: language[_territory][.codeset][@modifier]; the codeset and modifier say nothing
    // about the language.
    if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
    let subtags = text.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" }).map(
      String.init)
    guard let primary = subtags.first else { return nil }
    if primary == "c" || primary == "posix" {
      guard subtags.count == 1 else { return nil }
      self = .english
      return
    }
    switch primary {
    case "zh":
      let rest = Set(subtags.dropFirst())
      if rest.contains("hant") {
        self = .chineseTraditional
      } else if rest.contains("hans") {
        self = .chineseSimplified
      } else {
        self = rest.isDisjoint(with: ["tw", "hk", "mo"]) ? .chineseSimplified : .chineseTraditional
      }
    // `iw` is Hebrew's code before 1989; glibc and Java still write it.
    case "iw": self = .hebrew
    default:
      guard let language = Self.allCases.first(where: { $0.rawValue == primary }) else {
        return nil
      }
      self = language
    }
  }

  /// The language the environment asks for, as the C library reads it for messages: the first
  /// of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty. English when that names a
  /// language without a catalog (a user's locale is no error), or none is set.
  package static func fromEnvironment(_ environment: [String: String]) -> Language {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      return Language(tag: value) ?? .english
    }
    return .english
  }

  /// The supported tags, for a message: `en, de, fr, ...`.
  package static var supportedTags: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// The words of this language; `nil` for English, whose texts are the built-in ones.
  package var texts: LanguageTexts? {
    switch self {
    case .english: nil
    case .german: .german
    case .french: .french
    case .spanish: .spanish
    case .italian: .italian
    case .portuguese: .portuguese
    case .dutch: .dutch
    case .polish: .polish
    case .swedish: .swedish
    case .russian: .russian
    case .ukrainian: .ukrainian
    case .turkish: .turkish
    case .hungarian: .hungarian
    case .chineseSimplified: .chineseSimplified
    case .chineseTraditional: .chineseTraditional
    case .japanese: .japanese
    case .korean: .korean
    case .vietnamese: .vietnamese
    case .hebrew: .hebrew
    case .arabic: .arabic
    case .persian: .persian
    }
  }

  /// Whether names in the Latin script are written family name first (Hungarian: "Nagy Anna").
  /// CJK names are family-first in every language (``PersonName/isFamilyFirstWithoutSpace``).
  package var writesFamilyNameFirst: Bool { self == .hungarian }

  /// A small number for this language, kept in a template's pieces (0 is English).
  var code: Int32 { Int32(Self.allCases.firstIndex(of: self) ?? 0) }

  /// The language of ``code``.
  static func of(code: Int32) -> Language {
    let index = Int(code)
    return allCases.indices.contains(index) ? allCases[index] : .english
  }
}
