import Testing

@testable import BirthdayKit

/// Vendor properties that hold anniversaries (issue 12, item 8).
@Suite struct VCardVendorDateTests {
  /// Shaped like Android's vCard composer output: event rows as `X-ANDROID-CUSTOM`, quoted-
  /// printable when it chose to, next to rows of other kinds.
  static let android =
    "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nBDAY:1985-04-12\r\n"
    + "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;JD;1;;;;;;;;;;;;;\r\n"
    + "X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;2011-06-18;1;;;;;;;;;;;;;\r\n"
    + "X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;2015-02-01;2;;;;;;;;;;;;;\r\n"
    + "X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;2016-03-02;0;Graduation;;;;;;;;;;;;\r\n"
    + "X-ANDROID-CUSTOM;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:vnd.android.cursor.item/contact_event;=\r\n"
    + "2012-07-19;1;;;;;;;;;;;;;\r\n"
    + "END:VCARD\r\n"

  @Test func androidAnniversaryEventsAreAnniversaries() throws {
    let result = try readVCard(Self.android)
    #expect(result.birthday == "1985-04-12")
    // Type 1 is an anniversary; "other" (2) and custom labels (0) are other dates (--other-dates).
    #expect(
      result.contacts.first?.anniversaries.map(\.description) == ["2011-06-18", "2012-07-19"])
    #expect(
      result.contacts.first?.otherDates.map { "\($0.label) \($0.date)" } == [
        "Other 2015-02-01", "Graduation 2016-03-02",
      ])
    #expect(result.rendered.isEmpty)
  }

  @Test func androidInvalidAnniversaryIsReported() throws {
    let result = try readVCard(
      card(
        version: "3.0", "X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;2011-02-30;1;;;;"))
    #expect(result.contacts.first?.anniversaries == [])
    #expect(
      result.rendered == [
        "test.vcf:4:18: warning: invalid X-ANDROID-CUSTOM value '2011-02-30': February 2011 has 28 days"
      ])
  }

  @Test(arguments: [
    "X-KADDRESSBOOK-X-Anniversary:2002-06-07",  // KDE KAddressBook
    "X-EVOLUTION-ANNIVERSARY:2002-06-07",  // Evolution
  ])
  func desktopAnniversaries(line: String) throws {
    let result = try readVCard(card(version: "3.0", line))
    #expect(result.contacts.first?.anniversaries.map(\.description) == ["2002-06-07"])
    #expect(result.rendered.isEmpty)
  }
}
