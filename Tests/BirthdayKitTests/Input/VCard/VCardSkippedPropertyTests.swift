import Testing

@testable import BirthdayKit

/// Properties never read are skipped from their name alone; the cases where what follows them
/// still matters take the long way: a line ending in `=` (a quoted-printable soft line break
/// continues the property on the next line) and a line without a colon (perhaps a name folded
/// before its colon).
@Suite struct VCardSkippedPropertyTests {
  private static func card(_ lines: String) -> String {
    "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Jane Doe\r\n" + lines + "END:VCARD\r\n"
  }

  @Test(
    arguments: [
      // A quoted-printable soft line break swallows the next line, BDAY or not.
      ("NOTE;ENCODING=QUOTED-PRINTABLE:first line=\r\nBDAY:1990-03-03\r\n", nil),
      ("item1.ADR;CHARSET=UTF-8;QUOTED-PRINTABLE:;;M=C3=BCller=\r\nBDAY:1990-03-03\r\n", nil),
      // Without quoted-printable a trailing `=` is text.
      ("TEL;TYPE=CELL:12=\r\nBDAY:1990-03-03\r\n", "1990-03-03"),
      ("NOTE:a=\r\nBDAY:1990-03-03\r\n", "1990-03-03"),
      // A name folded before its colon: not a property of its own until unfolded.
      ("BD\r\n AY:1990-03-03\r\n", "1990-03-03"),
      ("BDAY;VALUE=da\r\n te:1990-03-03\r\n", "1990-03-03"),
      // Plain skipped properties, with and without parameters and groups.
      (
        "TEL;TYPE=CELL:+1 555\r\nitem2.EMAIL:a@b\r\nX-FOO;A=\"x:y\":z\r\nBDAY:1990-03-03\r\n",
        "1990-03-03"
      ),
    ] as [(String, String?)])
  func whatFollowsASkippedPropertyIsReadAsBefore(lines: String, birthday: String?) throws {
    let result = try readVCard(Self.card(lines))
    #expect(result.contacts.count == 1)
    #expect(result.name == "Jane Doe")
    #expect(result.birthday == birthday)
  }
}
