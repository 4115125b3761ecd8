import Testing

@testable import BirthdayKit

@Suite struct BirthdayCalendarConverterTests {
  static let here = SourceLocation(file: "in.vcf", line: 1)

  static func convert(
    _ contacts: [Contact], anniversaries: Bool = false
  ) throws -> (text: String, statistics: ConversionStatistics, diagnostics: [String]) {
    var diagnostics: [String] = []
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(),
      options: .init(
        calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)),
        includeAnniversaries: anniversaries)
    ) { diagnostics.append($0.description) }
    try converter.begin()
    for contact in contacts { try converter.add(contact) }
    let statistics = try converter.finish()
    return (converter.sink.text, statistics, diagnostics)
  }

  static func contact(
    _ name: String?, _ birthday: CivilDate?, uid: String? = nil, anniversaries: [CivilDate] = [],
    line: Int = 1
  ) -> Contact {
    Contact(
      sourceIdentifier: uid, name: name.flatMap { PersonName(formatted: $0) }, birthday: birthday,
      anniversaries: anniversaries, location: SourceLocation(file: "in.vcf", line: line))
  }

  @Test func eventsKeepInputOrderAndSkippedRecordsAreCounted() throws {
    let result = try Self.convert([
      Self.contact("Zed", CivilDate(month: 12, day: 31)),
      Self.contact("No Date", nil),
      Self.contact("Amy", CivilDate(month: 1, day: 1)),
    ])
    let summaries = result.text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
    #expect(summaries == ["SUMMARY:Birthday: Zed", "SUMMARY:Birthday: Amy"])
    #expect(result.statistics.eventsWritten == 2)
    #expect(result.statistics.recordsRead == 3)
    #expect(result.statistics.recordsWithoutDate == 1)
    #expect(result.diagnostics.isEmpty)  // no date is normal, not a warning
  }

  @Test func dateWithoutNameIsWarnedNamingTheCard() throws {
    let result = try Self.convert([
      Self.contact(nil, CivilDate(year: 1990, month: 5, day: 1), line: 7)
    ])
    #expect(
      result.diagnostics == [
        "in.vcf:7: warning: card has a birthday (1990-05-01) but no name; skipped"
      ])
    #expect(result.statistics.eventsWritten == 0 && result.statistics.recordsSkipped == 1)
  }

  @Test func sameUIDTwiceGivesOneEventAndANotice() throws {
    let date = CivilDate(year: 1980, month: 3, day: 22)
    let result = try Self.convert([
      Self.contact("Jane Doe", date, line: 1),
      Self.contact("jane  DOE", date, line: 9),  // same person, another export
      Self.contact("Other", date, uid: "same-uid", line: 20),
      Self.contact("Other Renamed", date, uid: "same-uid", line: 30),
    ])
    #expect(result.statistics.eventsWritten == 2)
    #expect(result.statistics.duplicatesMerged == 2)
    #expect(result.diagnostics.count == 2)
    #expect(result.diagnostics[0].hasPrefix("in.vcf:9: warning: duplicate event UID "))
    #expect(result.statistics.eventsWritten == 2)
    #expect(result.statistics.recordsRead == 4)
    #expect(result.statistics.duplicatesMerged == 2)
  }

  @Test func anniversariesOnlyWhenAsked() throws {
    let contact = Self.contact(
      "Jane", CivilDate(month: 4, day: 12),
      anniversaries: [CivilDate(year: 2011, month: 1, day: 13)!])
    #expect(try Self.convert([contact]).statistics.eventsWritten == 1)
    let with = try Self.convert([contact], anniversaries: true)
    #expect(with.statistics.eventsWritten == 2)
    #expect(with.text.contains("SUMMARY:Anniversary: Jane\r\n"))
    let onlyAnniversary = Self.contact("Bob", nil, anniversaries: [CivilDate(month: 6, day: 1)!])
    #expect(try Self.convert([onlyAnniversary]).statistics.recordsSkipped == 1)
    #expect(try Self.convert([onlyAnniversary], anniversaries: true).statistics.eventsWritten == 1)
  }

  @Test func recordsWithoutADateAreToldFromRecordsWithProblems() throws {
    // A reader reports a record's problems before handing the record over.
    let failures = ConversionFailureCounter()
    var diagnostics: [String] = []
    let report = failures.counting { diagnostics.append($0.description) }
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(),
      options: .init(
        calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)),
        includeAnniversaries: true),
      diagnostics: report, failureCounter: failures)
    try converter.begin()
    let date = CivilDate(year: 1980, month: 3, day: 22)
    let anniversary = CivilDate(year: 2011, month: 1, day: 13)!
    try converter.add(Self.contact("Amy", date, anniversaries: [anniversary]))
    try converter.add(Self.contact("No Date", nil))
    report(Diagnostic("invalid BDAY value '1985-02-30'", at: Self.here))
    try converter.add(Self.contact("Bad Date", nil))
    report(Diagnostic("invalid ANNIVERSARY value 'x'", at: Self.here))
    try converter.add(Self.contact("Half Bad", date))  // a problem, and still an event
    try converter.add(Self.contact(nil, date))  // no name: the converter's own problem
    report(Diagnostic("not valid UTF-8", at: Self.here, isConversionFailure: false))
    try converter.add(Self.contact("Amy", date, anniversaries: [anniversary]))  // duplicates
    let statistics = try converter.finish()
    #expect(statistics.recordsRead == 6)
    #expect(statistics.eventsWritten == 3 && statistics.anniversariesWritten == 1)
    #expect(statistics.recordsWithoutDate == 1)
    #expect(statistics.recordsWithProblems == 3)
    #expect(statistics.recordsSkipped == 3)
    #expect(statistics.duplicatesMerged == 2)
    #expect(statistics.eventsWritten == 3)
    #expect(statistics.anniversariesWritten == 1)
    #expect(statistics.recordsRead == 6)
    #expect(statistics.recordsWithoutDate == 1)
    #expect(statistics.recordsWithProblems == 3)
  }

  @Test func withoutACounterProblemsCountAsWithoutADate() throws {
    // The package initializer without a counter (the public one always counts).
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(), options: .init(), diagnostics: { _ in }, failureCounter: nil)
    try converter.begin()
    try converter.add(Self.contact("No Date", nil))
    try converter.add(Self.contact(nil, CivilDate(month: 1, day: 2)))
    let statistics = try converter.finish()
    #expect(statistics.recordsWithoutDate == 2)
    #expect(statistics.recordsWithProblems == 0)
    #expect(statistics.eventsWritten == 0)
    #expect(statistics.recordsRead == 2)
  }

  @Test func theConverterCountsItsOwnProblems() throws {
    // A record without a name is the converter's own problem: counted with nothing wired.
    let result = try Self.convert([
      Self.contact("No Date", nil), Self.contact(nil, CivilDate(month: 1, day: 2)),
    ])
    #expect(result.statistics.recordsWithoutDate == 1)
    #expect(result.statistics.recordsWithProblems == 1)
    #expect(result.statistics.recordsRead == 2)
  }
}
