import Testing

@testable import BirthdayKit

@Suite struct VCardBirthdayTests {
  static let expected = "(expected YYYY-MM-DD, YYYYMMDD or --MM-DD)"

  @Test(
    arguments: [
      ("3.0", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-09", "--05-09"),  // Apple iOS/macOS year-less
      // Open-Xchange Apple form
      ("3.0", "BDAY;X-APPLE-OMIT-YEAR=1604;VALUE=DATE:16040105", "--01-05"),
      ("3.0", "BDAY:1604-03-15", "--03-15"),  // iOS 12.4: 1604 without the parameter
      // omit-year differs: year kept
      ("3.0", "BDAY;X-APPLE-OMIT-YEAR=1604:1985-05-09", "1985-05-09"),
      // Apple full date, lower-case value=date
      ("3.0", "BDAY;value=date:2012-06-06", "2012-06-06"),
      ("3.0", "BDAY:--0414", "--04-14"),  // Google Contacts --MMDD inside 3.0
      ("3.0", "BDAY:1980-03-22", "1980-03-22"),  // Google / Evolution full date
      ("2.1", "BDAY:--12-24", "--12-24"),  // Android AOSP exporter in 2.1
      ("2.1", "BDAY:19800322", "1980-03-22"),  // Outlook 2.1 basic format
      ("2.1", "BDAY:1995-04-15", "1995-04-15"),  // vCard 2.1 §2.2.4 extended format
      ("3.0", "BDAY:--01-01", "--01-01"),  // Monica extended year-less
      ("4.0", "BDAY:19930102", "1993-01-02"),  // CardBook 4.0 basic
      ("4.0", "BDAY:--0412", "--04-12"),  // RFC 6350 §6.2.5 year-less
      ("4.0", "BDAY:--1022T1400", "--10-22"),  // RFC 6350 §4.3.4 truncated date-time
      ("3.0", "BDAY:1953-10-15T23:10:00Z", "1953-10-15"),  // RFC 2426 §3.1.5 date-time UTC
      ("3.0", "BDAY;VALUE=date-time:1987-09-27T08:30:00-06:00", "1987-09-27"),  // zone: no shift
      ("4.0", "BDAY;VALUE=DATE:19850412", "1985-04-12"),  // upper-case VALUE=DATE
      ("4.0", "BDAY;VALUE=text:1985-04-12", "1985-04-12"),  // VALUE=text that parses
      ("4.0", "BDAY;CALSCALE=gregorian:19850412", "1985-04-12"),  // RFC 6350 §5.8 explicit
      ("3.0", "BDAY:1900-01-01", "1900-01-01"),  // 1900 is a real year (INTEROP E 8)
      ("3.0", "BDAY:--02-29", "--02-29"),  // leap day without a year
      ("3.0", "BDAY:1604-02-29", "--02-29"),  // Apple leap day (1604 is a leap year)
      (nil, "BDAY:1970-09-21", "1970-09-21"),  // no VERSION: lenient
      // ez-vcard fullcontact
      ("4.0", "BDAY;ALTID=1:20160801\nBDAY;ALTID=1;VALUE=text:2016-08-01", "2016-08-01"),
      // RFC 6350 §5.4
      ("4.0", "BDAY;ALTID=1;VALUE=text:circa 1800\nBDAY;ALTID=1:18000101", "1800-01-01"),
    ] as [(String?, String, String)])
  func acceptedBirthday(version: String?, lines: String, expected: String) throws {
    let result = try readVCard(card(version: version, lines))
    #expect(result.birthday == expected)
    #expect(result.diagnostics.isEmpty)
  }

  @Test(
    arguments: [
      ("3.0", "BDAY;VALUE=DATE:", "invalid BDAY value ''"),  // owncloud contacts#1043 empty value
      // generated garbage
      ("3.0", "BDAY;value=date:🔖 13 January 2001", "invalid BDAY value '🔖 13 January 2001'"),
      ("3.0", "BDAY;value=date: 09-12-2007", "invalid BDAY value '09-12-2007'"),  // locale date
      ("4.0", "BDAY:1985-04", "invalid BDAY value '1985-04'"),  // reduced: no day
      ("4.0", "BDAY:T102200", "invalid BDAY value 'T102200'"),  // time only
      ("4.0", "BDAY;VALUE=text:circa 1800", "invalid BDAY value 'circa 1800'"),  // RFC 6350 text
    ] as [(String?, String, String)])
  func rejectedBirthday(version: String?, lines: String, message: String) throws {
    let result = try readVCard(card(version: version, lines))
    #expect(result.contacts.count == 1)
    #expect(result.contacts.first?.birthday == nil)
    #expect(result.contacts.first?.name?.formatted == "Test")
    // The location names the value's column: just after the colon.
    let column = (lines.split(separator: ":", maxSplits: 1).first?.utf8.count ?? 0) + 2
    #expect(result.rendered == ["test.vcf:4:\(column): warning: \(message) \(Self.expected)"])
    #expect(result.diagnostics.first?.isConversionFailure == true)
  }

  /// A value of the right form that is not a date says why, not which forms are expected; a
  /// calendar scale other than the Gregorian one is named (issue 12, item 17).
  @Test(
    arguments: [
      ("3.0", "BDAY:1985-02-30", "invalid BDAY value '1985-02-30': February 1985 has 28 days"),
      // 29 February in a common year
      ("3.0", "BDAY:2023-02-29", "invalid BDAY value '2023-02-29': February 2023 has 28 days"),
      ("3.0", "BDAY:1985-04-31", "invalid BDAY value '1985-04-31': April 1985 has 30 days"),
      ("4.0", "BDAY:--0230", "invalid BDAY value '--0230': February has at most 29 days"),
      ("4.0", "BDAY:--0631", "invalid BDAY value '--0631': June has 30 days"),
      ("3.0", "BDAY:1990-13-01", "invalid BDAY value '1990-13-01': there is no month 13"),
      ("3.0", "BDAY:1990-05-00", "invalid BDAY value '1990-05-00': there is no day 0"),
      ("3.0", "BDAY:0000-05-01", "invalid BDAY value '0000-05-01': there is no year 0"),
      (  // RFC 6350 §5.8
        "4.0", "BDAY;CALSCALE=chinese:19850412",
        "invalid BDAY value '19850412': the calendar scale 'chinese' is not supported (only gregorian)"
      ),
    ] as [(String, String, String)])
  func impossibleDateSaysWhy(version: String, lines: String, message: String) throws {
    let result = try readVCard(card(version: version, lines))
    #expect(result.contacts.first?.birthday == nil)
    let column = (lines.split(separator: ":", maxSplits: 1).first?.utf8.count ?? 0) + 2
    #expect(result.rendered == ["test.vcf:4:\(column): warning: \(message)"])
  }

  @Test func severalBirthdaysUseTheFirstValidWithANotice() throws {
    let result = try readVCard(
      card(version: "3.0", "BDAY:1985-02-30\nBDAY:1985-04-12\nBDAY:1986-01-01"))
    #expect(result.birthday == "1985-04-12")
    #expect(
      result.rendered == [
        "test.vcf:4:6: warning: invalid BDAY value '1985-02-30': February 1985 has 28 days",
        "test.vcf:6:6: warning: several BDAY properties, using '1985-04-12' and ignoring '1986-01-01'",
      ])
    #expect(result.diagnostics.map(\.isConversionFailure) == [true, false])
  }

  @Test func cardWithoutDateIsSilent() throws {
    let result = try readVCard(card(version: "3.0", "TEL:+1 555 0100"))
    #expect(result.contacts.count == 1)
    #expect(result.contacts.first?.birthday == nil)
    #expect(result.diagnostics.isEmpty)
  }

  @Test(
    arguments: [
      ("4.0", "ANNIVERSARY:20110113", ["2011-01-13"]),  // RFC 6350 §6.2.6
      ("3.0", "X-ANNIVERSARY:1990-04-30", ["1990-04-30"]),  // Thunderbird extension
      ("2.1", "X-MS-ANNIVERSARY:20120801", ["2012-08-01"]),  // Outlook 2007
      ("3.0", "X-EVOLUTION-ANNIVERSARY:1980-03-22", ["1980-03-22"]),  // Evolution
      // Apple/Google
      ("3.0", "item1.X-ABDATE:1975-03-01\nitem1.X-ABLabel:_$!<Anniversary>!$_", ["1975-03-01"]),
      (
        "3.0", "ITEM2.X-ABLABEL:_$!<Anniversary>!$_\nITEM2.X-ABDATE;type=pref:2017-12-13",
        ["2017-12-13"]
      ),  // sabre upper case, label first
      // custom label ignored
      ("3.0", "item10.X-ABDATE:2001-01-01\nitem10.X-ABLabel:CustomDateCategory", []),
      ("3.0", "X-ABDATE:1776-07-04", []),  // ungrouped X-ABDATE: no label
      // label of another group
      ("3.0", "item1.X-ABDATE:1975-03-01\nitem2.X-ABLabel:_$!<Anniversary>!$_", []),
      (
        "3.0",
        "X-ANNIVERSARY:2001-06-02\nitem1.X-ABDATE:2001-06-02\nitem1.X-ABLabel:_$!<Anniversary>!$_",
        ["2001-06-02"]
      ),  // sabre writes both
      // input order
      ("4.0", "ANNIVERSARY:--0615\nANNIVERSARY:20000101", ["--06-15", "2000-01-01"]),
    ] as [(String, String, [String])])
  func anniversaries(version: String, lines: String, expected: [String]) throws {
    let result = try readVCard(card(version: version, lines))
    #expect(result.contacts.first?.anniversaries.map(\.description) == expected)
    #expect(result.diagnostics.isEmpty)
  }

  @Test func invalidAnniversaryIsReported() throws {
    let result = try readVCard(
      card(
        version: "3.0",
        "item1.X-ABDATE:1975-02-30\nitem1.X-ABLabel:_$!<Anniversary>!$_\nX-MS-ANNIVERSARY:"))
    #expect(result.contacts.first?.anniversaries == [])
    #expect(
      result.rendered == [
        "test.vcf:4:16: warning: invalid X-ABDATE value '1975-02-30': February 1975 has 28 days",
        "test.vcf:6:18: warning: invalid X-MS-ANNIVERSARY value '' \(Self.expected)",
      ])
  }
}
