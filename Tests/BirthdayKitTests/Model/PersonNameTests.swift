import Foundation
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

  @Test(arguments: [
    ("Jane", "Doe"), ("Zoë", "Ångström"), ("Олег", "Петров"), ("Fang", "王"),
    (
      "Alexandros Nikolaos",
      "Papadopoulos"
    ), ("A", "B"), ("Jean-Baptiste Émile", "de la Fontaine-Dupont"),
  ])
  func formattedNameJoinsGivenAndFamily(given: String, family: String) {
    #expect(
      PersonName(formatted: nil, given: given, family: family)?.formatted == "\(given) \(family)")
  }

  /// A CJK name is written family name first with no space (issue 33 item 7): 王 and 芳 are
  /// 王芳, not "芳 王".
  @Test func cjkNameJoinsFamilyFirst() {
    #expect(PersonName(formatted: nil, given: "芳", family: "王")?.formatted == "王芳")
  }

  /// Greek and Arabic letters take the key's path without Foundation: for every scalar of those
  /// ranges, alone and in every pair, the key is the definition's (NFC, then lower case).
  @Test func greekAndArabicKeysMatchTheDefinition() {
    let scalars = ([0x0386] + Array(0x0388...0x03FF) + Array(0x0621...0x064A)).compactMap {
      Unicode.Scalar(UInt32($0))
    }
    func definition(_ text: String) -> String {
      TextSanitizer.singleLine(text).precomposedStringWithCanonicalMapping.lowercased()
    }
    for scalar in scalars {
      let text = "Ab " + String(scalar) + "C"
      #expect(TextSanitizer.identityKey(text) == definition(text), "U+\(scalar.value)")
      #expect(String(scalar).precomposedStringWithCanonicalMapping == String(scalar))
    }
    for first in scalars {
      for second in scalars {
        let text = String(first) + String(second)
        #expect(
          text.precomposedStringWithCanonicalMapping == text,
          "U+\(first.value) U+\(second.value)")
      }
    }
    #expect(TextSanitizer.identityKey("ΣΟΦΙΑ Παπαδοπούλου") == "σοφια παπαδοπούλου")
  }

  /// The key's own lower-casing (only the scalars that change) against the definition, for every
  /// scalar of the ranges it takes (CJK and Hangul sampled), next to ASCII, and for Greek words
  /// ending in capital sigma.
  @Test func composedKeysLowerCaseAsTheDefinition() {
    let ranges: [ClosedRange<Int>] = [
      0x00A0...0x02FF, 0x0386...0x03FF, 0x0400...0x052F, 0x0621...0x064A, 0x3041...0x30FA,
    ]
    var values = ranges.flatMap { Array($0) }
    values += Array(stride(from: 0x4E00, through: 0x9FFF, by: 37))
    values += Array(stride(from: 0xAC00, through: 0xD7A3, by: 41))
    for value in values {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let text = "Ab " + String(scalar) + String(scalar) + "Z"
      #expect(
        TextSanitizer.identityKey(text)
          == TextSanitizer.singleLine(text).precomposedStringWithCanonicalMapping.lowercased(),
        "U+\(value)")
    }
    for word in ["ΟΔΥΣΣΕΥΣ", "ΣΑΣ ΣΑΣ", "Ἀθῆναι", "ǅemal", "İstanbul", "ΣΟΦΙΑ Σ"] {
      #expect(
        TextSanitizer.identityKey(word)
          == TextSanitizer.singleLine(word).precomposedStringWithCanonicalMapping.lowercased(),
        "\(word)")
    }
  }
}
