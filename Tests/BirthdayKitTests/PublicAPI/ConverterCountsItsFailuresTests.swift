// Through the public API only (no @testable import): an app that streams a file through
// BirthdayCalendarConverter gets records with problems told from records without a date, with
// nothing to wire.

import BirthdayKit
import Testing

@Suite struct ConverterCountsItsFailuresTests {
  static let vCard = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Good\r
    BDAY:1985-04-12\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Bad Date\r
    BDAY:1985-02-30\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:No Date\r
    END:VCARD\r

    """

  @Test func aVCardFileStreamedThroughTheConverter() throws {
    var diagnostics: [Diagnostic] = []
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(), options: ConversionOptions()
    ) { diagnostics.append($0) }
    try converter.begin()
    try converter.convert(vCard: MemoryByteSource(Self.vCard), fileName: "contacts.vcf")
    let statistics = try converter.finish()
    #expect(statistics.recordsRead == 3)
    #expect(statistics.eventsWritten == 1)
    #expect(statistics.recordsWithProblems == 1)
    #expect(statistics.recordsWithoutDate == 1)
    #expect(diagnostics.map(\.kind.rawValue) == ["vcard.invalid-date"])
  }

  @Test func aCSVExportStreamedThroughTheConverter() throws {
    let csv = "Name,Birthday\r\nGood,1985-04-12\r\nBad Date,1985-13-40\r\nNo Date,\r\n"
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(), options: ConversionOptions()
    ) { _ in }
    try converter.begin()
    try converter.convert(csv: MemoryByteSource(csv), fileName: "contacts.csv")
    let statistics = try converter.finish()
    #expect(statistics.recordsRead == 3)
    #expect(statistics.recordsWithProblems == 1)
    #expect(statistics.recordsWithoutDate == 1)
  }
}
