import Testing

@testable import BirthdayKit

@Suite struct LineReaderTests {
  /// Reads every line with a given chunk size, so line breaks fall on chunk boundaries.
  static func lines(_ bytes: [UInt8], chunkSize: Int) throws -> [(Int, String)] {
    var reader = LineReader(MemoryByteSource(bytes), chunkSize: chunkSize)
    var result: [(Int, String)] = []
    while let text = try reader.nextLine({ String(decoding: $0, as: UTF8.self) }) {
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
}
