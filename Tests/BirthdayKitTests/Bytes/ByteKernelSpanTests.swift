import Testing

@testable import BirthdayKit

/// The kernel's span entry points, which the readers outside the fence use instead of pointers:
/// the same answers as a byte loop, on every window of a buffer.
@Suite struct ByteKernelSpanTests {
  static let bytes: [UInt8] = (0..<70).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

  @Test func copyWritesTheBytesAtTheOffsetAndNothingElse() {
    for count in 0...20 {
      for offset in 0...(40 - count) {
        var target = [UInt8](repeating: 0xEE, count: 40)
        let source = Array(Self.bytes[..<count])
        do {
          var span = target.mutableSpan
          ByteKernel.copy(source.span, into: &span, at: offset)
        }
        var expected = [UInt8](repeating: 0xEE, count: 40)
        expected.replaceSubrange(offset..<offset + count, with: source)
        #expect(target == expected, "count \(count), offset \(offset)")
      }
    }
  }

  @Test func equalFindsADifferenceAtEveryPosition() {
    for count in 0...40 {
      let first = Array(Self.bytes[..<count])
      let same = ByteKernel.equal(first.span, first.span)
      let longer = first + [0]
      let prefix = ByteKernel.equal(first.span, longer.span)
      #expect(same && !prefix)
      for position in 0..<count {
        var second = first
        second[position] ^= 0x20
        let equal = ByteKernel.equal(first.span, second.span)
        #expect(!equal, "count \(count), at \(position)")
      }
    }
  }

  @Test func appendAddsTheSpansBytes() {
    var array: [UInt8] = [1, 2]
    ByteKernel.append(Self.bytes.span.extracting(3..<9), to: &array)
    #expect(array == [1, 2] + Self.bytes[3..<9])
  }

  @Test func spanSearchesMatchAByteLoopOnEveryWindow() {
    let text = Array("ab,c\"d\r\ne,,f\u{E9}g\n\"hh\",ij,klmnopqrstu,v\r".utf8)
    let span = text.span
    for start in 0...text.count {
      for end in start...text.count {
        let window = text[start..<end]
        let comma = ByteKernel.firstIndex(of: UInt8(ascii: ","), in: span, from: start, to: end)
        let lineBreak = ByteKernel.firstLineBreak(in: span, from: start, to: end)
        let commas = ByteKernel.count(of: UInt8(ascii: ","), in: span, from: start, to: end)
        let oddQuotes = ByteKernel.hasOddCount(of: 0x22, in: span, from: start, to: end)
        #expect(comma == window.firstIndex(of: UInt8(ascii: ",")))
        #expect(lineBreak == window.firstIndex { $0 == 0x0A || $0 == 0x0D })
        #expect(commas == window.filter { $0 == UInt8(ascii: ",") }.count)
        #expect(oddQuotes == (window.filter { $0 == 0x22 }.count % 2 == 1))
      }
    }
    // `from` past `to` finds nothing (the CSV splitter searches past a closing quote).
    let backwards = ByteKernel.firstIndex(of: UInt8(ascii: "a"), in: span, from: 5, to: 3)
    #expect(backwards == nil)
  }

  @Test func rangeSourceReadsPrefixRangeAndSuffixThroughSmallSpans() throws {
    let source = MemoryRandomAccessSource(Self.bytes)
    var range = RangeByteSource(source, range: 10..<31, prefix: [1, 2, 3], suffix: [9, 8])
    var read: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4)
    while true {
      let count = try Self.read(&range, into: &chunk)
      if count == 0 { break }
      read += chunk[..<count]
    }
    #expect(read == [1, 2, 3] + Self.bytes[10..<31] + [9, 8])
  }

  static func read(_ source: inout RangeByteSource, into chunk: inout [UInt8]) throws -> Int {
    var span = chunk.mutableSpan
    return try source.read(into: &span)
  }
}
