import Testing

@testable import BirthdayKit

/// Parameter names and values compare with the keyword form of `equalsIgnoringCase`: any case,
/// the exact length, nothing more or less.
@Suite struct VCardParametersTests {
  private func parameters(_ section: String) -> VCardParameters {
    let line = Array("FN\(section):x".utf8)
    let colon = line.lastIndex(of: VCardBytes.colon)!
    return line.withUnsafeBufferPointer { VCardParameters($0, from: 2, to: colon) }
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
}
