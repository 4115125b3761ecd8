import Foundation

/// How a language chooses the form of a noun after a number: CLDR's cardinal plural rules
/// (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html), for
/// whole numbers only, which is all bdconvert counts (days).
package enum PluralRule: Sendable {
  /// `one` for 1, else `other`: German, Dutch, Swedish, Italian, Spanish.
  case oneOther
  /// `one` for 0 and 1, else `other`: French, Portuguese.
  case zeroOneOther
  /// Russian, Ukrainian: `one` 1, 21, 31…; `few` 2-4, 22-24…; `many` the rest.
  case eastSlavic
  /// Polish: `one` 1 only; `few` 2-4, 22-24…; `many` the rest.
  case polish
  /// Hebrew: `one` 1, `two` 2, else `other`.
  case hebrew
  /// Arabic: `zero`, `one`, `two`, `few` (3-10 of each hundred), `many` (11-99), `other`.
  case arabic
  /// No plural after a number: Chinese, Japanese, Korean, Vietnamese, Turkish, Hungarian,
  /// Persian.
  case none

  /// The category of `number`.
  package func category(of number: Int) -> PluralCategory {
    let n = number.magnitude
    let (mod10, mod100) = (n % 10, n % 100)
    switch self {
    case .oneOther: return n == 1 ? .one : .other
    case .zeroOneOther: return n <= 1 ? .one : .other
    case .eastSlavic:
      if mod10 == 1 && mod100 != 11 { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      return .many
    case .polish:
      if n == 1 { return .one }
      if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
      return .many
    case .hebrew: return n == 1 ? .one : n == 2 ? .two : .other
    case .arabic:
      switch n {
      case 0: return .zero
      case 1: return .one
      case 2: return .two
      default:
        if (3...10).contains(mod100) { return .few }
        if (11...99).contains(mod100) { return .many }
        return .other
      }
    case .none: return .other
    }
  }
}

/// A CLDR plural category.
package enum PluralCategory: Sendable, CaseIterable {
  case zero, one, two, few, many, other
}

/// A text that depends on a number: one form per plural category the language has, `{days}`
/// standing for the number. A form not given is `other`.
package struct PluralText: Sendable {
  package var rule: PluralRule
  package var forms: [PluralCategory: String]

  /// `other` is required; the other forms as the language's rule needs them.
  package init(
    _ rule: PluralRule, zero: String? = nil, one: String? = nil, two: String? = nil,
    few: String? = nil, many: String? = nil, other: String
  ) {
    self.rule = rule
    var forms: [PluralCategory: String] = [.other: other]
    forms[.zero] = zero
    forms[.one] = one
    forms[.two] = two
    forms[.few] = few
    forms[.many] = many
    self.forms = forms
  }

  /// The text for `number`, with `{days}` replaced by it.
  package func text(for number: Int) -> String {
    let form = forms[rule.category(of: number)] ?? forms[.other] ?? ""
    return form.replacingPlaceholder("{days}", with: "\(number)")
  }
}

extension String {
  /// This text with every `placeholder` replaced by `value`; a catalog's own placeholders
  /// (`{days}`, `{title}`, `{when}`) are filled before the text becomes a template.
  package func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let range = rest.range(of: placeholder) {
      result += rest[..<range.lowerBound]
      result += value
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
