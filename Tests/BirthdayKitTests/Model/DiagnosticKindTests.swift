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

  /// Every problem the vCard reader reports has a kind of its own, and no message names a
  /// command-line option.
  @Test func vCardProblemsHaveTheirKinds() throws {
    let text = """
      Exported by a tool
      BEGIN:VCARD
      VERSION:3.0
      FN:A
      BDAY:1985-02-30
      BDAY:1985-04-12
      BDAY:1986-01-01
      FN;CHARSET=X-UNHEARD-OF:B
      END:VCARD
      stray
      BEGIN:VCARD
      VERSION:4.0
      FN:C
      BDAY;CALSCALE=ethiopic:19850412
      BEGIN:VCARD
      FN:D

      """
    var diagnostics: [Diagnostic] = []
    var reader = VCardReader(source: MemoryByteSource(text), fileName: "k.vcf") {
      diagnostics.append($0)
    }
    try reader.forEachContact { _ in }
    #expect(
      diagnostics.map(\.kind) == [
        .vCardTextBeforeFirstCard, .vCardInvalidDate, .vCardSeveralBirthdays,
        .vCardTextOutsideCard, .vCardUnsupportedCalendarScale, .vCardMissingEnd,
      ])
    #expect(!diagnostics.contains { $0.message.contains("--") && !$0.message.contains("'--") })
    var notVCard = VCardReader(source: MemoryByteSource("hello\n"), fileName: "k.vcf") { _ in }
    #expect(
      throws: InputFormatError(.vCardNotVCard(found: "hello"), at: .init(file: "k.vcf", line: 1))
    ) {
      try notVCard.forEachContact { _ in }
    }
  }

  /// The CSV reader's problems have kinds; errors that a command line solves with an option
  /// leave the option to the command line.
  @Test func csvProblemsHaveTheirKindsAndNameNoOption() throws {
    func read(_ text: String) -> (kinds: [Diagnostic.Kind], error: InputFormatError?) {
      var kinds: [Diagnostic.Kind] = []
      var reader = CSVContactReader(source: MemoryByteSource(text), fileName: "k.csv") {
        kinds.append($0.kind)
        #expect(!$0.message.contains("--date-order") && !$0.message.contains("--column"))
      }
      do {
        try reader.forEachContact { _ in }
      } catch let error as InputFormatError {
        #expect(!error.message.contains("--date-order") && !error.message.contains("--column"))
        return (kinds, error)
      } catch {
        Issue.record("\(error)")
      }
      return (kinds, nil)
    }
    let rows = read("Name,Birthday\nA,1985-02-30,x\nB,5/10/71\nC,31/12/1980\nD,\"1985")
    #expect(
      rows.kinds == [
        .csvFieldCount, .csvInvalidDate, .csvTwoDigitYear, .csvUnterminatedQuote, .csvInvalidDate,
      ])
    #expect(read("a,b\n1,2\n").error?.kind == .csvNoHeader)
    #expect(read("Name,Phone\nA,1\n").error?.kind == .csvNoBirthdayColumn)
    #expect(read("Name,Birthday\nA,5/10/1971\n").error?.kind == .csvAmbiguousDateOrder)
    #expect(
      read("Name,Birthday\nA,31/12/1980\nB,12/31/1980\n").error?.kind == .csvMixedDateOrders)
  }

  /// A CSV cell's problem names its line and byte column, also after a quoted line break in
  /// the same record; a vCard value's, the column after its property's colon.
  @Test func columnsOfCellsAndValues() throws {
    var located: [BirthdayKit.SourceLocation?] = []
    var csv = CSVContactReader(
      source: MemoryByteSource(
        "Name,Notes,Birthday\nAnn,x,1985-02-30\n\"Bo\",\"two\r\nlines\",1985-02-30\n"),
      fileName: "k.csv"
    ) { located.append($0.location) }
    try csv.forEachContact { _ in }
    #expect(
      located == [
        BirthdayKit.SourceLocation(file: "k.csv", line: 2, column: 7),
        BirthdayKit.SourceLocation(file: "k.csv", line: 4, column: 8),
      ])
    located = []
    var vCard = VCardReader(
      source: MemoryByteSource(
        "BEGIN:VCARD\nVERSION:3.0\nFN:A\nitem1.BDAY;VALUE=date:1985-02-30\nEND:VCARD\n"),
      fileName: "k.vcf"
    ) { located.append($0.location) }
    try vCard.forEachContact { _ in }
    #expect(located == [SourceLocation(file: "k.vcf", line: 4, column: 23)])
    #expect(located.first??.description == "k.vcf:4:23")
  }
}
