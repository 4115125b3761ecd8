import Synchronization
import Testing

@testable import BirthdayKit

/// A diagnostic whose text is made when read (the converter's merged duplicates, most of which a
/// command-line tool counts without printing) behaves as one made with its text.
@Suite struct DeferredDiagnosticTests {
  static let here = SourceLocation(file: "in.csv", line: 3)

  @Test func theTextIsMadeOnlyWhenReadAndIsTheSameEachTime() {
    let made = Atomic<Int>(0)
    let deferred = Diagnostic(.duplicateUID, isConversionFailure: false, at: Self.here) {
      made.add(1, ordering: .relaxed)
      return "duplicate event UID x for 'Ann' (birthday); kept the earlier one"
    }
    let copy = deferred
    #expect(made.load(ordering: .relaxed) == 0)
    #expect(copy.kind == .duplicateUID && !copy.isConversionFailure && copy.location == Self.here)
    #expect(
      deferred.description
        == "in.csv:3: warning: duplicate event UID x for 'Ann' (birthday); kept the earlier one")
    #expect(made.load(ordering: .relaxed) == 1)
    #expect(copy.message == deferred.message)
    #expect(made.load(ordering: .relaxed) == 3)
  }

  @Test func equalityAndHashingGoByTheTextNotByHowItIsKept() {
    let eager = Diagnostic(
      .duplicateUID("x", name: "Ann", kind: .birthday), at: Self.here)
    let deferred = Diagnostic(.duplicateUID, isConversionFailure: false, at: Self.here) {
      "duplicate event UID x for 'Ann' (birthday); kept the earlier one"
    }
    #expect(eager == deferred)
    #expect(Set([eager, deferred]).count == 1)
    var renamed = deferred
    renamed.message = "something else"
    #expect(renamed != eager && renamed.message == "something else")
    let otherText = Diagnostic(.duplicateUID, isConversionFailure: false, at: Self.here) {
      "duplicate event UID y for 'Ann' (birthday); kept the earlier one"
    }
    #expect(otherText != eager)
  }

  @Test func theConvertersDuplicateNoticeIsTheFactorysMessage() throws {
    var diagnostics: [Diagnostic] = []
    var converter = BirthdayCalendarConverter(
      sink: MemoryByteSink(),
      options: .init(calendar: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0)))
    ) { diagnostics.append($0) }
    let date = CivilDate(year: 1980, month: 3, day: 22)
    try converter.begin()
    for line in [2, 9] {
      try converter.add(
        Contact(
          sourceIdentifier: "same-uid", name: PersonName(formatted: "Ann Lee"), birthday: date,
          location: SourceLocation(file: "in.csv", line: line)))
    }
    _ = try converter.finish()
    #expect(diagnostics.count == 1)
    let uid = try #require(
      converter.sink.text.split(separator: "\r\n").first { $0.hasPrefix("UID:") }
    )
    .dropFirst(4)
    #expect(
      diagnostics.first
        == Diagnostic(
          .duplicateUID(String(uid), name: "Ann Lee", kind: .birthday),
          at: SourceLocation(file: "in.csv", line: 9)))
  }
}
