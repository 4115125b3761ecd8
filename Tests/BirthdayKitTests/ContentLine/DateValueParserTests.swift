import Testing

@testable import BirthdayKit

/// The ISO 8601 forms of INTEROP rule 7, shared by the vCard and CSV readers.
@Suite struct DateValueParserTests {
  @Test(arguments: [
    ("19850412", "1985-04-12"),  // vCard 2.1 / 4.0 basic (Outlook, CardBook)
    ("1985-04-12", "1985-04-12"),  // vCard 3.0 extended (Evolution, Google)
    ("--0412", "--04-12"),  // vCard 4.0 without year
    ("--04-12", "--04-12"),  // Android, Google data API, Monica
    ("  --04-12 ", "--04-12"),  // padded
    ("1953-10-15T23:10:00Z", "1953-10-15"),  // RFC 2426 date-time: the written date, no zone shift
    ("1987-09-27T08:30:00-06:00", "1987-09-27"),
    ("19961022T140000", "1996-10-22"),  // 4.0 date-time basic
    ("--1022T1400", "--10-22"),  // 4.0 truncated date-time
    ("2000-02-29", "2000-02-29"),  // leap day
    ("--0229", "--02-29"),  // leap day without year
    // Apple's placeholder is still a date here; the vCard reader drops it
    ("1604-05-09", "1604-05-09"),
  ])
  func accepts(value: String, expected: String) {
    #expect(DateValueParser.parse(value)?.description == expected)
  }

  @Test(arguments: [
    "",  // empty BDAY (owncloud contacts#1043)
    "1985-04",  // reduced: no day
    "1985",  // year only
    "---12",  // day only
    "1985-02-30",  // impossible
    "19850230",
    "1900-02-29",  // not a leap year
    "1985-13-01",  // month 13
    "0000-01-01",  // year 0000
    "--1301",
    "🔖 13 January 2001",  // free text seen in the wild
    " 09-12-2007",  // locale date in a vCard
    "1985/04/12",
    "85-04-12",
    "1985-4-12",
    "T102200",  // time only
  ])
  func rejects(value: String) {
    #expect(DateValueParser.parse(value) == nil)
  }
}
