import Testing

@testable import BirthdayKit

@Suite struct PersonNameTests {
  @Test func formattedNameIsBuiltFromPartsWhenMissing() {
    #expect(PersonName(formatted: nil, given: "Jane", family: "Doe")?.formatted == "Jane Doe")
    #expect(PersonName(formatted: "  ", given: nil, family: "Doe")?.formatted == "Doe")
    #expect(PersonName(formatted: nil) == nil)
    #expect(PersonName(formatted: "\r\n\t", given: " ", family: "\u{202E}") == nil)
  }

  @Test(arguments: [
    ("Jane\r\nDoe", "Jane Doe"),  // line breaks become spaces
    ("  Jane \t  Doe  ", "Jane Doe"),  // white space collapses
    ("Jane\u{2028}Doe", "Jane Doe"),  // Unicode line separator
    ("Ja\u{202E}ne\u{2066}", "Jane"),  // bidi overrides and isolates dropped
    ("Jane\u{00}\u{1B}Doe", "Jane Doe"),  // controls are separators, never kept
    ("\u{FEFF}Zoë Ångström", "Zoë Ångström"),  // stray BOM dropped, letters kept
    ("אבי כהן", "אבי כהן"),  // right-to-left text is kept as it is
  ])
  func namesAreSanitized(raw: String, clean: String) {
    #expect(PersonName(formatted: raw)?.formatted == clean)
  }

  @Test func identityKeyIgnoresCaseSpacingAndNormalization() {
    let composed = PersonName(formatted: "Zoë Doe")!
    let decomposed = PersonName(formatted: "ZOE\u{0308}  DOE")!
    #expect(composed.identityKey == decomposed.identityKey)
    #expect(composed.identityKey == "zoë doe")
  }
}
