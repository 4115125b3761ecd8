import Testing

@testable import BirthdayKit

/// Parameter names and values compare with the keyword form of `equalsIgnoringCase`: any case,
/// the exact length, nothing more or less.
@Suite struct VCardParametersTests {
  private func parameters(_ section: String) -> VCardParameters {
    let line = Array("FN\(section):x".utf8)
    let colon = line.lastIndex(of: VCardBytes.colon)!
    return VCardParameters(line.span, from: 2, to: colon)
  }

  @Test func namesAndValuesMatchInAnyCase() {
    #expect(parameters(";ENCODING=QUOTED-PRINTABLE").isQuotedPrintable)
    #expect(parameters(";encoding=quoted-printable").isQuotedPrintable)
    #expect(parameters(";EnCoDiNg = \"Quoted-Printable\"").isQuotedPrintable)
    #expect(parameters(";QUOTED-PRINTABLE").isQuotedPrintable)
    #expect(parameters(";CHARSET=ISO-8859-1").charset == .isoLatin1)
    #expect(parameters(";charset=Utf-8").charset == nil)
    #expect(parameters(";CALSCALE=chinese").otherCalendarScale != nil)
    #expect(parameters(";CALSCALE=GREGORIAN").isGregorian)
    #expect(parameters(";X-APPLE-OMIT-YEAR=1604").appleOmitYear == 1604)
    #expect(parameters(";ALTID=1").altID == Array("1".utf8))
  }

  @Test func nearMissesDoNotMatch() {
    #expect(!parameters(";ENCODIN=QUOTED-PRINTABLE").isQuotedPrintable)
    #expect(!parameters(";ENCODINGS=QUOTED-PRINTABLE").isQuotedPrintable)
    #expect(!parameters(";ENCODING=QUOTED-PRINTABLEX").isQuotedPrintable)
    #expect(!parameters(";QUOTED-PRINTABL").isQuotedPrintable)
    #expect(!parameters(";QUOTED_PRINTABLE").isQuotedPrintable)
    #expect(parameters(";CHARSETX=ISO-8859-1").charset == nil)
    #expect(parameters(";X-APPLE-OMIT-YEARS=1604").appleOmitYear == nil)
    // A non-ASCII byte never folds onto a keyword letter.
    #expect(!parameters(";ENCODING=QUOTED-PRINTABL\u{C5}").isQuotedPrintable)
  }

  @Test(arguments: [
    "", ";TYPE=home", ";ENCODING=QUOTED-PRINTABLE", ";QUOTED-PRINTABLE", ";CHARSET=ISO-8859-1",
    ";CHARSET=UTF-8", ";CHARSET=KOI8-R", ";CALSCALE=chinese", ";CALSCALE=gregorian",
    ";X-APPLE-OMIT-YEAR=1604", ";ALTID=1", ";ALTID=", ";WORK;VOICE", ";VALUE=date",
  ])
  func isDefaultIsEqualToTheDefault(section: String) {
    let parsed = parameters(section)
    #expect(parsed.isDefault == (parsed == VCardParameters()))
  }

  /// `isQuotedPrintable(_:from:to:)` (the check of skipped properties) against the full parse,
  /// on sections made of pieces: separators, quotes, blanks, names and values in any case.
  static let sectionPieces = [
    ";", "=", "\"", " ", "\t", ":", "encoding", "ENCODING", "quoted-printable",
    "QUOTED-PRINTABLE", "Quoted-Printable", "charset", "utf-8", "b", "^",
  ]

  static func expectQuotedPrintableCheckAgrees(_ section: String) {
    for prefix in ["FN", "FN;", "FN;x"] {
      let line = Array((prefix + section + ":v").utf8)
      let end = line.count - 2
      for start in [2, min(3, end)] {
        let full = VCardParameters(line.span, from: start, to: end).isQuotedPrintable
        let check = VCardParameters.isQuotedPrintable(line.span, from: start, to: end)
        #expect(check == full, "\(prefix + section) from \(start)")
      }
    }
  }

  @Test func theQuotedPrintableCheckAgreesWithTheParse() {
    // Every section of up to three pieces, and of up to four of the ones that matter most.
    let pieces = Self.sectionPieces
    for first in pieces {
      Self.expectQuotedPrintableCheckAgrees(first)
      for second in pieces {
        Self.expectQuotedPrintableCheckAgrees(first + second)
        for third in pieces { Self.expectQuotedPrintableCheckAgrees(first + second + third) }
      }
    }
    let few = [";", "=", "\"", " ", "encoding", "quoted-printable"]
    for a in few {
      for b in few {
        for c in few { for d in few { Self.expectQuotedPrintableCheckAgrees(a + b + c + d) } }
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...12, using: &generator)
      Self.expectQuotedPrintableCheckAgrees(
        (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    // Common sections, where the check reads the last parameter first.
    #expect(
      parameters(";HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE").isQuotedPrintable
        && Self.check(";HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE"))
    #expect(Self.check(";ENCODING=QUOTED-PRINTABLE;HOME"))
    #expect(!Self.check(";HOME;CHARSET=UTF-8"))
    #expect(!Self.check(";X=\";ENCODING=QUOTED-PRINTABLE\""))
  }

  static func check(_ section: String) -> Bool {
    let line = Array("FN\(section):x".utf8)
    return VCardParameters.isQuotedPrintable(line.span, from: 2, to: line.count - 2)
  }
}
