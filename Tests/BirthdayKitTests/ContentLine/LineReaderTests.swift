import Testing

@testable import BirthdayKit

@Suite struct LineReaderTests {
  /// Reads every line with a given chunk size, so line breaks fall on chunk boundaries.
  static func lines(_ bytes: [UInt8], chunkSize: Int) throws -> [(Int, String)] {
    var reader = LineReader(MemoryByteSource(bytes), chunkSize: chunkSize)
    var result: [(Int, String)] = []
    while let text = try reader.nextLine({ ByteKernel.string(decoding: $0) }) {
      result.append((reader.lineNumber, text))
    }
    return result
  }

  @Test(arguments: [16, 17, 18, 19, 64, 1 << 18])
  func lineBreaksOfEveryKindAtEveryChunkBoundary(chunkSize: Int) throws {
    let input = "one\r\ntwo\nthree\rfour\r\r\nsix\n\nlast-without-newline"
    let lines = try Self.lines(Array(input.utf8), chunkSize: chunkSize)
    #expect(
      lines.map(\.1) == ["one", "two", "three", "four", "", "six", "", "last-without-newline"])
    #expect(lines.map(\.0) == Array(1...8))
  }

  @Test func byteOrderMarkIsRemovedOnlyAtTheStart() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let lines = try Self.lines(bom + Array("a\n".utf8) + bom + Array("b\n".utf8), chunkSize: 16)
    #expect(lines.map(\.1) == ["a", "\u{FEFF}b"])
  }

  @Test func lineLongerThanTheChunkGrowsTheBuffer() throws {
    let long = String(repeating: "x", count: 1000)
    let lines = try Self.lines(Array((long + "\nshort").utf8), chunkSize: 16)
    #expect(lines.map(\.1) == [long, "short"])
  }

  @Test func emptyInputHasNoLines() throws {
    #expect(try Self.lines([], chunkSize: 16).isEmpty)
    #expect(try Self.lines([0xEF, 0xBB, 0xBF], chunkSize: 16).isEmpty)
    #expect(try Self.lines(Array("\n".utf8), chunkSize: 16).map(\.1) == [""])
  }

  /// The byte-at-a-time split the word-at-a-time scan must match.
  static func referenceLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        result.append(current)
        current = []
        if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
      } else {
        current.append(byte)
      }
      index += 1
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  @Test(
    arguments: [
      [0x0A],  // LF
      [0x0D],  // CR
      [0x0D, 0x0A],  // CRLF
      [0x0D, 0x0D, 0x0A],  // CR CR LF
    ] as [[UInt8]])
  func wordScanFindsTheFirstBreakAtEveryOffset(lineBreak: [UInt8]) throws {
    // Neighbours that differ from CR or LF by one bit or a borrow, where a word scan could misfire.
    let lookalikes: [UInt8] = [0x0B, 0x0C, 0x0E, 0x09, 0x8A, 0x8D, 0x00, 0xFF, 0x1A, 0x41]
    for filler in lookalikes {
      for offset in 0..<18 {
        var bytes = [UInt8](repeating: filler, count: offset) + lineBreak
        bytes += [UInt8](repeating: filler, count: 17 - offset) + lineBreak + [0x7A]
        for chunkSize in [16, 21, 1 << 12] {
          var reader = LineReader(MemoryByteSource(bytes), chunkSize: chunkSize)
          var lines: [[UInt8]] = []
          while let line = try reader.nextLine({ Array(copying: $0) }) { lines.append(line) }
          #expect(lines == Self.referenceLines(bytes), "filler \(filler) offset \(offset)")
        }
      }
    }
  }
}
