import Testing

@testable import BirthdayKit

/// Diagnostics made by message factories carry their kind, so that callers group and filter them
/// without reading their text.
@Suite struct DiagnosticKindTests {
  @Test func csvEncodingNoticeAndCalendarProblemsHaveTheirKinds() throws {
    var diagnostics: [Diagnostic] = []
    var reader = CSVContactReader(
      source: MemoryByteSource(
        [UInt8]("Name,Birthday\nJos".utf8) + [0xE9] + [UInt8](",1985-01-01\n".utf8)),
      fileName: "k.csv", options: CSVReadOptions()
    ) { diagnostics.append($0) }
    try reader.forEachContact { _ in }
    #expect(diagnostics.map(\.kind) == [.csvNotUTF8])
    var listed: [Diagnostic.Kind] = []
    _ = try CalendarLister.list(
      MemoryByteSource(
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"),
      fileName: "k.ics", today: CivilDate(year: 2026, month: 1, day: 1)!
    ) { listed.append($0.kind) }
    #expect(listed == [.eventWithoutUID, .eventWithoutStart])
    #expect(throws: InputFormatError.self) {
      _ = try CalendarLister.list(
        MemoryByteSource("hello\r\n"), fileName: "k.ics",
        today: CivilDate(year: 2026, month: 1, day: 1)!)
    }
  }

  @Test func aDiagnosticWithoutLocationHasNoToolPrefix() {
    #expect(Diagnostic("something", at: nil).description == "warning: something")
    #expect(Diagnostic("something", at: nil).kind == .unclassified)
  }
}
