import Testing

@testable import BirthdayKit

/// Every diagnostic the readers make carries the kind of its factory, so that callers group and
/// filter them without reading their text.
@Suite struct DiagnosticKindTests {
  @Test func vCardProblemsHaveTheirKinds() throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:3.0\r
      FN:A\r
      BDAY:1985-02-30\r
      END:VCARD\r
      stray\r
      BEGIN:VCARD\r
      FN:B\r
      BDAY:1990-01-01\r
      BDAY:1991-01-01\r
      BEGIN:VCARD\r
      FN:C\r

      """
    var kinds: [Diagnostic.Kind] = []
    var reader = VCardReader(source: MemoryByteSource(text), fileName: "k.vcf") {
      kinds.append($0.kind)
    }
    try reader.forEachContact { _ in }
    #expect(
      kinds == [
        .vCardInvalidDate, .vCardTextOutsideCard, .vCardSeveralBirthdays, .vCardMissingEnd,
        .vCardMissingEnd,
      ])
  }

  @Test func csvProblemsHaveTheirKindsAndNameNoOption() throws {
    var diagnostics: [Diagnostic] = []
    var reader = CSVContactReader(
      source: MemoryByteSource("Name,Birthday\nA,garbage\nB,1985-01-01,extra\n"),
      fileName: "k.csv", options: CSVReadOptions()
    ) { diagnostics.append($0) }
    try reader.forEachContact { _ in }
    #expect(diagnostics.map(\.kind) == [.csvInvalidDate, .csvFieldCount])
    #expect(diagnostics.allSatisfy { !$0.message.contains("--") || $0.message.contains("--MM-DD") })
    #expect(
      throws: InputFormatError(
        Diagnostic.Message(.csvNoBirthdayColumn, "no birthday column: the header row has 'Name'"),
        at: SourceLocation(file: "k.csv", line: 1))
    ) {
      var headerOnly = CSVContactReader(
        source: MemoryByteSource("Name\nA\n"), fileName: "k.csv", options: CSVReadOptions()
      ) { _ in }
      try headerOnly.forEachContact { _ in }
    }
  }

  @Test func aDiagnosticWithoutLocationHasNoToolPrefix() {
    #expect(Diagnostic("something", at: nil).description == "warning: something")
    #expect(Diagnostic("something", at: nil).kind == .unclassified)
  }
}
