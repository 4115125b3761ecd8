import Testing

@testable import BirthdayKit

/// `appendRecord` finds a record inside the read buffer by its quotes and line breaks alone
/// (issue 16: the calling thread of a parallel CSV conversion copied every record twice, byte
/// run by byte run); it must cut records, number lines and flag unterminated quotes exactly as
/// the byte-by-byte `nextRecord`, wherever the buffer ends.
@Suite struct CSVRecordScannerTests {
  struct Read: Equatable {
    var bytes: [UInt8]
    var line: Int
    var unterminatedQuote: Bool
  }

  static func records(
    _ input: [UInt8], chunkSize: Int, delimiter: UInt8?, appending: Bool
  ) throws -> [Read] {
    var scanner = CSVRecordScanner(MemoryByteSource(input), chunkSize: chunkSize)
    var reads: [Read] = []
    var record: [UInt8] = []
    while true {
      let info: CSVRecordScanner.Record?
      if appending {
        record = [0x78]  // appended after what is there
        info = try scanner.appendRecord(to: &record, delimiter: delimiter)
        record.removeFirst()
      } else {
        info = try scanner.nextRecord(into: &record, delimiter: delimiter)
      }
      guard let info else { return reads }
      reads.append(Read(bytes: record, line: info.line, unterminatedQuote: info.unterminatedQuote))
    }
  }

  static func expectSame(_ input: [UInt8], chunkSize: Int, delimiter: UInt8?) throws {
    let expected = try records(input, chunkSize: chunkSize, delimiter: delimiter, appending: false)
    let read = try records(input, chunkSize: chunkSize, delimiter: delimiter, appending: true)
    #expect(
      read == expected, "\(input) chunk \(chunkSize) delimiter \(String(describing: delimiter))")
  }

  @Test func randomInputsAtEveryBufferEnd() throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x22, 0x2C, 0x3B, 0x09, 0x0A, 0x0D, 0x61, 0x20]
    for _ in 0..<1500 {
      let length = Int.random(in: 0..<80, using: &generator)
      let input = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      for chunkSize in [16, 17, 23, 64] {
        for delimiter: UInt8? in [nil, 0x2C] {
          try Self.expectSame(input, chunkSize: chunkSize, delimiter: delimiter)
        }
      }
    }
  }

  /// Every short tail of quotes, line breaks and a delimiter, placed so that it straddles the
  /// end of the first buffer (16 bytes).
  @Test func everyShortTailAcrossTheBufferEnd() throws {
    let alphabet: [UInt8] = [0x22, 0x2C, 0x0A, 0x0D, 0x61]
    var tails: [[UInt8]] = [[]]
    var last: [[UInt8]] = [[]]
    for _ in 1...5 {
      last = last.flatMap { tail in alphabet.map { tail + [$0] } }
      tails += last
    }
    for tail in tails {
      for padding in 12...16 {
        let input = Array(repeating: 0x62, count: padding) + tail + Array(#"a,"b"#.utf8)
        try Self.expectSame(input, chunkSize: 16, delimiter: 0x2C)
      }
    }
  }

  @Test func byteOrderMarkAndLineNumbers() throws {
    let input = [0xEF, 0xBB, 0xBF] + Array("a,\"x\r\ny\"\r\nb\rc\n\"\"\"q\"".utf8)
    let read = try Self.records(input, chunkSize: 1 << 16, delimiter: nil, appending: true)
    #expect(
      read == [
        Read(bytes: Array("a,\"x\r\ny\"".utf8), line: 1, unterminatedQuote: false),
        Read(bytes: Array("b".utf8), line: 3, unterminatedQuote: false),
        Read(bytes: Array("c".utf8), line: 4, unterminatedQuote: false),
        Read(bytes: Array("\"\"\"q\"".utf8), line: 5, unterminatedQuote: false),
      ])
  }
}
