import BirthdayKit
import Foundation
import TestSupport
import Testing

/// Untrusted names and options, through the real binary, never add a property, parameter or
/// component, and leave no control character in a value.
@Suite(.tags(.slow), .slowTimeLimit) struct InjectionTests {
  /// Names that decode to line breaks and controls in each vCard version's own way.
  static let cards: [(String, String)] = [
    (
      "3.0 escaped newline",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve\\nEND:VEVENT\\nBEGIN:VEVENT\r\nBDAY:1990-01-01\r\nEND:VCARD\r\n"
    ),
    (
      "2.1 quoted-printable CRLF",
      "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;ENCODING=QUOTED-PRINTABLE:Eve=0D=0AATTACH:x=0D=0A\r\nBDAY:19900101\r\nEND:VCARD\r\n"
    ),
    (
      "4.0 separators and controls",
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Eve\u{2028}UID:x\u{2029}\u{85}\u{1B}[2J\u{7}\u{202E}\r\nBDAY:19900101\r\nEND:VCARD\r\n"
    ),
    (
      "semicolons colons commas",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Eve\\;X-EVIL=1:yes\\,no\\\\\r\nN:Doe\\;X;Eve:\\n;;;\r\nBDAY:1990-01-01\r\nEND:VCARD\r\n"
    ),
  ]

  @Test(arguments: cards)
  func namesCannotInject(label: String, card: String) throws {
    let result = try runBDConvert(
      [
        "vcf-to-ics", "--summary", "{name}\n\rX-SUMMARY:{first}", "--message", "a\u{2028}b {last}",
        "--calendar-name", "Cal\r\nMETHOD:CANCEL",
      ],
      stdin: Array(card.utf8))
    #expect(result.status == 0, "\(label): \(result.stderr)")
    #expect(CalendarStructureCheck.problems(in: result.stdoutBytes) == [], "\(label)")
    let unfolded = result.stdout.replacingOccurrences(of: "\r\n ", with: "")
    let names = unfolded.components(separatedBy: "\r\n").dropLast().map {
      String($0.prefix { $0 != ":" && $0 != ";" })
    }
    #expect(
      names == [
        "BEGIN", "VERSION", "PRODID", "CALSCALE", "NAME", "X-WR-CALNAME", "BEGIN", "UID", "DTSTAMP",
        "DTSTART",
        "DTEND", "RRULE", "SUMMARY", "DESCRIPTION", "CATEGORIES", "TRANSP", "BEGIN", "ACTION",
        "TRIGGER", "DESCRIPTION", "END",
        "END", "END",
      ], "\(label)")
    for scalar in unfolded.unicodeScalars where scalar != "\r" && scalar != "\n" {
      #expect(
        scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value),
        "\(label): U+\(String(scalar.value, radix: 16))")
      #expect(![0x2028, 0x2029, 0x202E].contains(scalar.value), "\(label)")
    }
  }
}
