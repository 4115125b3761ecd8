import Testing

@testable import BirthdayKit

/// The renderer writes texts straight into its output and escapes them there, copies constant
/// runs, and writes dates and numbers digit by digit: each checked against the definitions.
@Suite struct EventRendererTests {
  static func events(
    _ celebrations: [Celebration], configure: (inout CalendarOptions) -> Void = { _ in }
  ) -> [String] {
    var options = CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))
    configure(&options)
    let renderer = EventRenderer(options: options)
    return celebrations.map { celebration in
      let output = OutputBuffer()
      renderer.append(celebration, to: output)
      return String(decoding: output.bytes, as: UTF8.self)
    }
  }

  /// The content lines of `text`, unfolded.
  static func lines(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast()
  }

  static func celebration(
    _ name: PersonName, _ date: CivilDate, kind: CelebrationKind = .birthday,
    label: String? = nil
  ) -> Celebration {
    Celebration(
      uid: EventIdentity.uid(kind: kind, sourceIdentifier: nil, name: name, date: date),
      name: name, kind: kind, date: date, label: label)
  }

  @Test func firstIndexNeedingEscapeFindsEveryByteThatEscapingLooksAt() {
    for byte in UInt8.min...UInt8.max {
      let needs = byte < 0x20 || byte == 0x2C || byte == 0x3B || byte == 0x5C || byte == 0x7F
      for offset in 0..<20 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
        bytes[offset] = byte
        let found = TextEscaping.firstIndexNeedingEscape(in: bytes.span)
        #expect(found == (needs ? offset : nil), "byte \(byte) at \(offset)")
      }
    }
  }

  /// Titles and alarm texts with bytes to escape anywhere, and an alarm whose text is the
  /// previous one's (copied): every text line is the escaped rendered template.
  @Test(arguments: ["Doe, Jane", "A;B", "back\\slash", ",", "plain name", "Zoë, 🎂; ok\\"])
  func textsAreEscapedWhereTheyAreWritten(formatted: String) throws {
    let name = try #require(PersonName(formatted: formatted, given: "Jo, J", family: formatted))
    let celebration = Self.celebration(name, CivilDate(year: 1990, month: 5, day: 17)!)
    let summary = try EventTextTemplate("{name}; {year} ({last})")
    let message = try EventTextTemplate("{first} {last}, {year}")
    let event = try #require(
      Self.events([celebration]) { options in
        options.summaryTemplate = summary
        options.messageTemplate = message
        options.alarms = [.eightAM, AlarmSpecification(hour: 9, minute: 0)!]
      }.first)
    let lines = Self.lines(event)
    #expect(lines.contains("SUMMARY:" + TextEscaping.escaped(summary.render(for: celebration))))
    let alarmText = "DESCRIPTION:" + TextEscaping.escaped(message.render(for: celebration))
    #expect(lines.filter { $0 == alarmText }.count == 2)
  }

  /// A long title is folded where it was written, at 75 octets, never inside a character.
  @Test func longTextsAreFolded() throws {
    let formatted = String(repeating: "Zoë, ", count: 30) + "end"
    let name = try #require(PersonName(formatted: formatted))
    let event = try #require(
      Self.events([Self.celebration(name, CivilDate(year: 1990, month: 5, day: 17)!)]).first)
    for line in event.components(separatedBy: "\r\n") {
      #expect(line.utf8.count <= 75)
      #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
    }
    #expect(Self.lines(event).contains("SUMMARY:Birthday: " + TextEscaping.escaped(formatted)))
  }

  /// Dates are written as `"\(year)"` and two-digit fields would write them, at both ends of
  /// the years a date can have (the day after 9999-12-31 has a five-digit year).
  @Test(arguments: [
    (1, 1, 1, "19720101", "19720102", "0001-01-01"),
    (1971, 12, 31, "19721231", "19730101", "1971-12-31"),
    (1972, 2, 29, "19720229", "19720301", "1972-02-29"),
    (2024, 9, 30, "20240930", "20241001", "2024-09-30"),
    (9999, 12, 31, "99991231", "100000101", "9999-12-31"),
  ])
  func datesAreWrittenDigitByDigit(
    year: Int, month: Int, day: Int, start: String, end: String, iso: String
  ) throws {
    let date = try #require(CivilDate(year: year, month: month, day: day))
    let event = try #require(
      Self.events([Self.celebration(PersonName(formatted: "Jane Doe")!, date)]).first)
    let lines = Self.lines(event)
    #expect(lines.contains("DTSTART;VALUE=DATE:" + start))
    #expect(lines.contains("DTEND;VALUE=DATE:" + end))
    #expect(lines.contains("DESCRIPTION:Born " + iso))
  }

  /// `{year}`, `{age}` and `{ordinal}` as string interpolation writes the numbers.
  @Test func numbersAreWrittenAsInterpolationWritesThem() throws {
    let template = try EventTextTemplate("{year}|{age}|{ordinal}")
    let name = PersonName(formatted: "Jane Doe")!
    for year in [1, 9, 10, 99, 100, 999, 1000, 1904, 9999] {
      let date = try #require(CivilDate(year: year, month: 3, day: 1))
      let celebration = Self.celebration(name, date)
      for age in [1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1000, 1_000_001] {
        let expectedOrdinal = EventTextTemplate.englishOrdinal(age)
        #expect(
          template.render(for: celebration, inYear: year + age)
            == "\(year)|\(age)|\(expectedOrdinal)")
      }
    }
    #expect(EventTextTemplate.englishOrdinal(1) == "1st")
    #expect(EventTextTemplate.englishOrdinal(112) == "112th")
    #expect(EventTextTemplate.englishOrdinal(1_000_001) == "1000001st")
    #expect(EventTextTemplate.englishOrdinal(-2) == "-2th")
  }
}
