import TestSupport
import Testing

@testable import BirthdayKit

/// Parallel CSV conversion must be indistinguishable from reading the file in sequence: same
/// bytes, same diagnostics in the same order with the same line numbers, same errors. Batches of a
/// few rows put every kind of row next to a batch boundary.
@Suite struct ParallelCSVConversionTests {
  static func convert(_ bytes: [UInt8], options: CSVReadOptions, threads: Int?, batchSize: Int)
    -> ConversionRun
  {
    ConversionRun { converter, report in
      if let threads {
        try converter.convert(
          CSVSegmentedInput(
            source: MemoryByteSource(bytes), fileName: "book.csv", options: options,
            batchSize: batchSize),
          threads: threads)
      } else {
        var reader = CSVContactReader(
          source: MemoryByteSource(bytes), fileName: "book.csv", options: options,
          diagnostics: report)
        try converter.convert(&reader, recordNoun: .row)
      }
    }
  }

  /// Checks the parallel path against the sequential one for several batch sizes and threads.
  static func expectSameAsSequential(_ text: String, options: CSVReadOptions = .init()) {
    expectSameAsSequential(Array(text.utf8), options: options)
  }

  static func expectSameAsSequential(_ bytes: [UInt8], options: CSVReadOptions = .init()) {
    let sequential = convert(bytes, options: options, threads: nil, batchSize: 0)
    for threads in [1, 2, 3] {
      for batchSize in [1, 40, 200, 1 << 20] {
        let parallel = convert(bytes, options: options, threads: threads, batchSize: batchSize)
        #expect(parallel == sequential, "threads \(threads), batch \(batchSize) bytes")
      }
    }
  }

  /// Google-layout rows of every shape: ISO and year-less dates, invalid dates, rows without a
  /// name, duplicates, quoted fields with delimiters, quotes and line breaks, blank lines, rows
  /// with too few fields, anniversaries.
  static let googleRows: String = {
    var rows = ["First Name,Last Name,Birthday,Notes,Event 1 - Label,Event 1 - Value"]
    for index in 0..<60 {
      switch index % 10 {
      case 0: rows.append("Ann\(index),Lee,1985-04-\(10 + index % 18),,,")
      case 1: rows.append("Bo\(index),Kim,--02-29,\"a note, with comma\",,")
      case 2: rows.append("Cy\(index),Ray,1985-02-30,,,")  // invalid: a diagnostic
      case 3: rows.append(",,1990-01-01,,,")  // no name: a diagnostic
      case 4: rows.append("Dup,Person,1970-07-07,,,")  // the same UID each time
      case 5: rows.append("Ed\(index),\"Quoted \"\"Nick\"\" Name\",2001-09-11,\"two\r\nlines\",,")
      case 6: rows.append("")
      case 7: rows.append("Fay\(index),Short")  // too few fields
      case 8: rows.append("Gus\(index),Moe,,,Anniversary,2010-06-05")
      default: rows.append("Hal\(index),Ng,19800101,,,")
      }
    }
    return rows.joined(separator: "\r\n") + "\r\n"
  }()

  @Test func googleLayoutRowsOfEveryShape() {
    Self.expectSameAsSequential(Self.googleRows)
  }

  @Test func preambleBeforeTheHeaderAndNoFinalLineBreak() {
    Self.expectSameAsSequential(
      "Notes:\nexported by a tool\n\nName;Birthday\nAnn Lee;1985-04-12\n\"Bo\nKim\";1990-01-02")
  }

  @Test func dateOrderDecidedAfterHeldBackRows() {
    // 5/10 and 3/4 wait for the order; 25/12 proves day-month, later rows use it.
    var rows = ["Name,Birthday"]
    for index in 0..<30 { rows.append("P\(index),\(1 + index % 12)/\(1 + index % 9)/1980") }
    rows.append("Proof,25/12/1980")
    for index in 0..<30 { rows.append("Q\(index),\(1 + index % 12)/\(1 + index % 9)/1981") }
    Self.expectSameAsSequential(rows.joined(separator: "\n") + "\n")
  }

  @Test func dateOrderProvedFirst() {
    var rows = ["Name,Birthday", "Proof,12/25/1980"]
    for index in 0..<40 { rows.append("P\(index),\(1 + index % 12)/\(1 + index % 9)/1980") }
    Self.expectSameAsSequential(rows.joined(separator: "\n") + "\n")
  }

  @Test func dateOrderGivenByTheUser() {
    var rows = ["Name,Birthday"]
    for index in 0..<40 { rows.append("P\(index),\(1 + index % 12)/\(1 + index % 9)/1980") }
    Self.expectSameAsSequential(
      rows.joined(separator: "\n") + "\n", options: CSVReadOptions(dateOrder: .dmy))
  }

  @Test func undecidedDateOrderFailsTheSameWay() {
    var rows = ["Name,Birthday", "Iso,1999-01-01"]
    for index in 0..<20 { rows.append("P\(index),\(1 + index % 12)/\(1 + index % 9)/1980") }
    let text = rows.joined(separator: "\n") + "\n"
    #expect(
      Self.convert(Array(text.utf8), options: .init(), threads: nil, batchSize: 0).error != nil)
    Self.expectSameAsSequential(text)
  }

  @Test func mixedDateOrdersFailTheSameWay() {
    var rows = ["Name,Birthday", "A,12/25/1980"]
    for index in 0..<20 { rows.append("P\(index),1999-01-\(10 + index)") }
    rows.append("B,25/12/1980")
    for index in 0..<20 { rows.append("Q\(index),1999-02-\(10 + index)") }
    let text = rows.joined(separator: "\n") + "\n"
    #expect(
      Self.convert(Array(text.utf8), options: .init(), threads: nil, batchSize: 0).error != nil)
    Self.expectSameAsSequential(text)
  }

  @Test func windows1252NoticeOnlyOnce() {
    var bytes = Array("Name,Birthday\n".utf8)
    for index in 0..<30 {
      bytes += Array("Jos".utf8) + [0xE9] + Array(" \(index),1985-04-12\n".utf8)  // é in 1252
    }
    let sequential = Self.convert(bytes, options: .init(), threads: nil, batchSize: 0)
    #expect(sequential.diagnostics.filter { $0.contains("Windows-1252") }.count == 1)
    Self.expectSameAsSequential(bytes)
  }

  @Test func unterminatedQuoteAtTheEnd() {
    Self.expectSameAsSequential("Name,Birthday\nAnn,1985-04-12\n\"Bo,1990-01-02\nCy,1991-01-01\n")
  }

  @Test func noBirthdayColumnFailsTheSameWay() {
    Self.expectSameAsSequential("Name,Phone\nAnn,555\n")
  }

  /// Checks the parallel path against the sequential one with every segment size up to
  /// `sizes`: each cut falls once at each byte, before and after every quote and line break.
  static func expectSameAsSequentialForEveryCut(_ bytes: [UInt8], sizes: ClosedRange<Int>) {
    let sequential = convert(bytes, options: .init(), threads: nil, batchSize: 0)
    for threads in [1, 2] {
      for batchSize in sizes {
        let parallel = convert(bytes, options: .init(), threads: threads, batchSize: batchSize)
        #expect(parallel == sequential, "threads \(threads), segment \(batchSize) bytes")
      }
    }
  }

  /// Rows where quote parity misleads the cut (a quote inside an unquoted field), quoted line
  /// breaks of every kind, doubled quotes next to line breaks, CR, LF and CRLF mixed, a CR
  /// followed by a quoted LF, blank lines and a last record without a line break.
  @Test func segmentsCutAtEveryByte() {
    let text =
      "\u{FEFF}\"First\r\nName\",Birthday,Notes\r\n"
      + "Ann,1985-04-12,5'10\" tall\r\n"
      + "Bo,1986-05-13,\"a\nb\"\n"
      + "Cy,1987-06-14,\"\"\"\r\"\"\"\r"
      + "Di,1988-07-15,x\"y\"z\n\r\n"
      + "Ed,1989-08-16,\"\r\n\r\n\"\r\n"
      + "Fay,1990-09-17,\"end\"\"\r"
      + "\"Gus\",1991-10-18,\"q\"x\n"
      + "Hal,1992-11-19,\"last\nrow"
    Self.expectSameAsSequentialForEveryCut(Array(text.utf8), sizes: 1...150)
  }

  @Test func segmentsCutAtEveryByteWithBalancedQuotes() {
    let text =
      "Name,Birthday,Address\n"
      + "Ann,1985-04-12,\"1 Main St\nTown\"\n"
      + "Bo,1986-05-13,\"2 \"\"Elm\"\"\r\nCity\"\r\n"
      + "Cy,1987-06-14,\"\"\r"
      + "Dup,1970-07-07,\n"
      + "Dup,1970-07-07,\"\n\"\n"
      + "Ed,02/30/1989,\n"
      + "Fay,1990-09-17,tail"
    Self.expectSameAsSequentialForEveryCut(Array(text.utf8), sizes: 1...120)
  }

  @Test func cutIsTheLastLineBreakAfterEvenQuotes() {
    func cut(_ text: String, limit: Int) -> Int? {
      let bytes = Array(text.utf8)
      return CSVSegmentCut.cut(in: bytes.span, limit: limit)
    }
    #expect(cut("a\nb\nc", limit: 4) == 4)
    #expect(cut("a\n\"b\nc\"\nd", limit: 6) == 2)  // the LF at 4 is inside quotes
    #expect(cut("a\r\nb", limit: 2) == nil)  // a CR before an LF is no cut
    #expect(cut("a\rb", limit: 2) == 2)
    #expect(cut("a\"b\nc", limit: 5) == 4)  // odd quotes only: the latest line break
    #expect(cut("abc", limit: 2) == nil)
  }

  /// A batch whose numeric date needs the file's date order, still unknown when the batch was
  /// cut, says so as a returned value (no error thrown for control flow): the driver reads it
  /// again in sequence. With the order known, the same rows are read alone.
  @Test(arguments: [nil, DateOrder.dmy])
  func aBatchThatNeedsTheDateOrderSaysSo(order: DateOrder?) throws {
    let text = "Name,Birthday\nAnn,5/10/1971\n"
    var input = CSVSegmentedInput(
      source: MemoryByteSource(Array(text.utf8)), fileName: "b.csv",
      options: CSVReadOptions(dateOrder: order), batchSize: 1)
    let segment = try #require(try input.nextSegment(report: { _ in }))
    var names: [String] = []
    let end = CSVSegmentedInput<MemoryByteSource>.read(
      segment, report: { _ in }, body: { names.append($0.name?.formatted ?? "") })
    switch (end, order) {
    case (.needsSequentialRead, nil): #expect(names.isEmpty)
    case (.complete, .dmy?): #expect(names == ["Ann"])
    default: Issue.record("unexpected end \(end) with order \(String(describing: order))")
    }
  }
}

/// A segment's items and events are reserved at once from the last segment's counts.
@Suite struct SegmentConversionCapacityTests {
  @Test func readReservesTheCapacityItIsGivenAndTellsTheNext() throws {
    var rows = ["First Name,Last Name,Birthday"]
    for index in 0..<20 { rows.append("Ann\(index),Lee,1985-04-\(10 + index)") }
    var input = CSVSegmentedInput(
      source: MemoryByteSource(Array((rows.joined(separator: "\n") + "\n").utf8)),
      fileName: "book.csv", options: .init())
    let segment = try #require(try input.nextSegment(report: { _ in }))
    let conversion = SegmentConversion.read(
      segment, of: CSVSegmentedInput<MemoryByteSource>.self, recordKind: .row,
      builder: CelebrationBuilder(),
      program: EventRenderer.Program(
        options: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))),
      output: OutputBuffer(capacity: 1 << 10),
      capacity: SegmentConversion.Capacity(items: 500, events: 300))
    #expect(conversion.items.capacity >= 500)
    #expect(conversion.events.capacity >= 300)
    #expect(conversion.celebrations.capacity >= 300)
    #expect(conversion.items.count == 40)  // a record and an event per row
    let next = conversion.capacityForNext
    #expect(next.items >= 40 && next.events >= 20)
  }

  /// A segment's items: each record after its diagnostics and before its events, with its
  /// event count, and why it was left out when it has no events.
  @Test func itemsGiveEachRecordAfterItsDiagnosticsAndBeforeItsEvents() throws {
    let rows = [
      "First Name,Last Name,Birthday,Anniversary,Labels",
      "Ann,Lee,1985-04-10,2010-06-30,Family",
      ",,1990-01-01,,Family",
      "Bo,Kim,,,Family",
      "Cy,Ray,1970-01-02,,Work",
      "Di,Fox,1980-03-04,,Family",
    ]
    var builder = CelebrationBuilder(includeAnniversaries: true)
    builder.groups = ["Family"]
    var input = CSVSegmentedInput(
      source: MemoryByteSource(Array((rows.joined(separator: "\n") + "\n").utf8)),
      fileName: "book.csv", options: .init())
    let segment = try #require(try input.nextSegment(report: { _ in }))
    let conversion = SegmentConversion.read(
      segment, of: CSVSegmentedInput<MemoryByteSource>.self, recordKind: .row,
      builder: builder,
      program: EventRenderer.Program(
        options: CalendarOptions(timestamp: UTCTimestamp(secondsSince1970: 0))),
      output: OutputBuffer(capacity: 1 << 10))
    let items = conversion.items.map { item -> String in
      switch item {
      case .diagnostic: "diagnostic"
      case .record(let count, let leftOut): "record \(count) \(leftOut.map { "\($0)" } ?? "-")"
      case .problem(let name, _): "problem \(name?.formatted ?? "-")"
      case .event(let index): "event \(index)"
      }
    }
    #expect(
      items == [
        "record 2 -", "event 0", "event 1", "diagnostic", "record 0 -", "problem -", "record 0 -",
        "record 0 notChosen", "record 1 -", "event 2",
      ])
    #expect(conversion.celebrations.map(\.name.formatted) == ["Ann Lee", "Ann Lee", "Di Fox"])
  }
}
