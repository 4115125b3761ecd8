import TestSupport
import Testing

@testable import BirthdayKit

/// The common-form fast path must never disagree with the general parser: whenever it gives a
/// date, the general parser gives the same; and it must take the forms it is for.
@Suite struct DateValueParserCommonFormTests {
  /// A difference for `bytes`, or `nil`: the fast path may decline (`nil`), never differ.
  static func mismatch(_ bytes: [UInt8]) -> String? {
    do {
      let buffer = bytes.span
      guard let fast = DateValueParser.parseCommonForm(buffer) else { return nil }
      let general = DateValueParser.parse(buffer)
      return fast == general ? nil : "\(bytes): \(fast) vs \(String(describing: general))"
    }
  }

  @Test(.tags(.slow), .slowTimeLimit) func everyShortInputOverDigitsAndDashesAgrees() {
    // Every input of 6, 8 and 10 bytes over 0, 1, 9 and `-` (and the lengths around them):
    // separators in and out of place, zero and out-of-range months and days.
    let alphabet = Array("019-".utf8)
    var mismatches: [String] = []
    for count in [0, 1, 5, 6, 7, 8, 9, 10, 11] {
      var bytes = [UInt8](repeating: alphabet[0], count: count)
      var digits = [Int](repeating: 0, count: count)
      while true {
        if let found = Self.mismatch(bytes) { mismatches.append(found) }
        var position = 0
        while position < count {
          digits[position] += 1
          if digits[position] < alphabet.count {
            bytes[position] = alphabet[digits[position]]
            break
          }
          digits[position] = 0
          bytes[position] = alphabet[0]
          position += 1
        }
        if position == count { break }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func everyMonthAndDayOfSeveralYearsAgrees() {
    // Months 00-19 and 99, days 00-39 and 99, in leap and common years and without a year, in
    // each form; each must be taken exactly when it is a real date.
    var mismatches: [String] = []
    var taken = 0
    var real = 0
    for year in ["0000", "0001", "1604", "1900", "1972", "2000", "2023", "2024", "2100", "9999"] {
      for month in Array(0...19) + [99] {
        for day in Array(0...39) + [99] {
          let m = month < 10 ? "0\(month)" : "\(month)"
          let d = day < 10 ? "0\(day)" : "\(day)"
          for text in ["\(year)-\(m)-\(d)", "\(year)\(m)\(d)", "--\(m)\(d)"] {
            let bytes = Array(text.utf8)
            if let found = Self.mismatch(bytes) { mismatches.append(found) }
            let fast = DateValueParser.parseCommonForm(bytes.span)
            if fast != nil { taken += 1 }
            if DateValueParser.parse(bytes) != nil { real += 1 }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(taken == real)
  }

  @Test func oneByteChangedAgrees() {
    // Each byte of real dates in each form replaced by its neighbours, a blank, `T`, `/`, a
    // letter, NUL and high bytes.
    var mismatches: [String] = []
    let replacements: [UInt8] = [
      0x2F, 0x3A, 0x2C, 0x2E, 0x20, 0x09, 0x54, 0x74, 0x61, 0x00, 0x80, 0xB0, 0xFF,
    ]
    for text in ["1985-04-12", "19850412", "--0412", "2000-02-29", "--0229", "1604-01-01"] {
      let original = Array(text.utf8)
      for index in original.indices {
        for replacement in replacements + [original[index] &+ 1, original[index] &- 1] {
          var bytes = original
          bytes[index] = replacement
          if let found = Self.mismatch(bytes) { mismatches.append(found) }
        }
        var shorter = original
        shorter.remove(at: index)
        if let found = Self.mismatch(shorter) { mismatches.append(found) }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func randomInputsAgree() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("0123456789-- Tt/:".utf8) + [0x00, 0xC3, 0xFF]
    var mismatches: [String] = []
    for _ in 0..<20000 {
      let count = Int.random(in: 4...12, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      if let found = Self.mismatch(bytes) { mismatches.append(found) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func takesTheCommonForms() {
    let cases: [(String, CivilDate?)] = [
      ("1985-04-12", CivilDate(year: 1985, month: 4, day: 12)),
      ("19850412", CivilDate(year: 1985, month: 4, day: 12)),
      ("--0412", CivilDate(month: 4, day: 12)),
      ("2023-02-29", nil), ("--04-12", nil), (" 1985-04-12", nil), ("1985-04-12T00:00:00Z", nil),
    ]
    for (text, expected) in cases {
      let bytes = Array(text.utf8)
      #expect(DateValueParser.parseCommonForm(bytes.span) == expected)
    }
  }
}
