import Testing

@testable import BirthdayKit

/// The byte-preserving and unfolding views of the one line splitter, the one unfold, the one TEXT
/// unescape and the one ISO date reader, as the readers and the editor use them.
@Suite struct ContentLineLayerTests {
  static let mixed = Array(
    "\u{FEFF}BEGIN:VCALENDAR\r\nX-A:one\r\n  two\n\tthree\rX-B:x\r\r\nEND:VCALENDAR".utf8)

  @Test(arguments: [16, 17, 18, 19, 23, 64, 1 << 16])
  func linesWithTerminatorsGiveBackTheInput(chunkSize: Int) throws {
    var reader = LineReader(
      MemoryByteSource(Self.mixed), chunkSize: chunkSize, keepingByteOrderMark: true)
    var joined: [UInt8] = []
    var breaks: [[UInt8]] = []
    while try reader.nextLineWithTerminator({ (line, contentCount) -> Void in
      joined += Array(copying: line)
      breaks.append(Array(copying: line.extracting(contentCount...)))
    }) != nil {}
    #expect(joined == Self.mixed)
    #expect(breaks == [[13, 10], [13, 10], [10], [13], [13], [13, 10], []])
  }

  @Test(arguments: [16, 17, 19, 29, 1 << 16])
  func foldedLinesKeepTheirBytesAndUnfold(chunkSize: Int) throws {
    var reader = LineReader(
      MemoryByteSource(Self.mixed), chunkSize: chunkSize, keepingByteOrderMark: true)
    var scratch: [UInt8] = []
    var lines: [(content: String, first: Int, count: Int, range: Range<Int>)] = []
    var joined: [UInt8] = []
    while let line = try reader.nextFoldedLine({ raw, count, first, offset in
      joined += Array(copying: raw)
      let content = LineUnfolding.withUnfoldedContent(
        of: raw, physicalLines: count, scratch: &scratch
      ) { ByteKernel.string(decoding: $0) }
      return (content, first, count, offset..<offset + raw.count)
    }) {
      lines.append(line)
    }
    #expect(joined == Self.mixed)
    #expect(
      lines.map(\.content) == [
        "\u{FEFF}BEGIN:VCALENDAR", "X-A:one twothree", "X-B:x", "", "END:VCALENDAR",
      ])
    #expect(lines.map(\.first) == [1, 2, 5, 6, 7])
    #expect(lines.map(\.count) == [1, 3, 1, 1, 1])
    #expect(lines.map(\.range.lowerBound) == [0, 20, 42, 48, 50])
  }

  @Test func calendarLinesCarryTheirByteRanges() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\\,b\r\n c\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    var reader = ICalendarReader(MemoryByteSource(text), fileName: "a.ics")
    var events: [Range<Int>] = []
    var start = 0
    var uid: [UInt8] = []
    while let line = try reader.next() {
      #expect(Array(Array(text.utf8)[line.byteRange]) == line.raw)
      if line.kind == .begin, line.depth == 2 { start = line.byteRange.lowerBound }
      if line.kind == .end, line.depth == 2 { events.append(start..<line.byteRange.upperBound) }
      if line.isNamed("UID") { uid = TextEscaping.unescaped(bytes: line.value) }
    }
    #expect(events == [17..<57])
    #expect(String(decoding: Array(text.utf8)[17..<57], as: UTF8.self).hasSuffix("END:VEVENT\r\n"))
    #expect(uid == Array("a,bc".utf8))
  }

  @Test func textUnescapeOfBytesAndStringsIsTheSame() {
    for text in [#"a\,b\;c\\d\ne\Nf"#, #"trailing\"#, #"\x"#] {
      #expect(
        TextEscaping.unescaped(text)
          == String(decoding: TextEscaping.unescaped(bytes: Array(text.utf8)), as: UTF8.self))
    }
    #expect(TextEscaping.unescaped(#"a\,b\nc\"#) == "a,b\nc\\")
  }

  @Test func extendedDatesOnly() {
    #expect(
      DateValueParser.parseExtendedDate("2024-02-29") == CivilDate(year: 2024, month: 2, day: 29))
    for text in ["2023-02-29", "20240229", "--02-29", " 2024-02-2", "2024-02-29T00", "2024-2-029"] {
      #expect(DateValueParser.parseExtendedDate(text) == nil, "\(text)")
    }
  }
}
