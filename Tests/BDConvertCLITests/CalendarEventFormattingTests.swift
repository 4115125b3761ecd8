import BirthdayKit
import Testing

@testable import BDConvertCLI

/// The byte-level `textLine` and `jsonLine` against the scalar-by-scalar code they replaced.
@Suite struct CalendarEventFormattingTests {
  private static func referenceOneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
  }

  private static func referenceJSONString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16, uppercase: false)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  @Test(arguments: [
    String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init))),  // all ASCII
    "Zoé \u{85}\u{2028}\u{202E} 😀 e\u{301}",  // C1, separators, bidi, emoji, combining
    String(decoding: [0x61, 0xFF, 0x0A, 0xC3], as: UTF8.self),  // repaired invalid UTF-8
    "",
  ])
  func sameAsScalarByScalar(text: String) {
    let event = CalendarEvent(
      uid: text, summary: text + "\t" + text, date: CivilDate(month: 2, day: 29), rrule: text,
      next: CivilDate(year: 2028, month: 2, day: 29), lineNumber: 1)
    #expect(
      event.textLine
        == "2028-02-29\t--02-29\t\(Self.referenceOneLine(text))\t"
        + Self.referenceOneLine(text + "\t" + text))
    let json = Self.referenceJSONString
    #expect(
      event.jsonLine
        == "{\"uid\":\(json(text)),\"summary\":\(json(text + "\t" + text)),"
        + "\"date\":\"--02-29\",\"next\":\"2028-02-29\",\"rrule\":\(json(text))}")
  }

  @Test func jsonEscapesQuotesBackslashesAndControls() {
    let event = CalendarEvent(
      uid: "q\"b\\s", summary: "Zoé\n\t\u{01}\u{7F}", date: CivilDate(month: 2, day: 29),
      rrule: nil, next: nil, lineNumber: 1)
    #expect(
      event.jsonLine
        == "{\"uid\":\"q\\\"b\\\\s\",\"summary\":\"Zoé\\n\\t\\u0001\\u007f\","
        + "\"date\":\"--02-29\",\"next\":null,\"rrule\":null}")
    #expect(event.textLine == "-\t--02-29\tq\"b\\s\tZoé    ")  // four controls, four spaces
  }
}
