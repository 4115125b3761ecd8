import TestSupport
import Testing

@testable import BirthdayKit

/// The common-form line splitter that `list`, `delete` and the sync inventory share.
@Suite struct CommonFormLineTests {
  static func next(_ text: String, from start: Int = 0, isEnd: Bool = true) -> CommonFormLine {
    Array(text.utf8).withUnsafeBufferPointer {
      CommonFormLine.next(in: $0, from: start, isEnd: isEnd)
    }
  }

  @Test func findsWholeLinesAndTheirContinuations() {
    #expect(Self.next("A:1\r\nB:2\r\n") == .line(end: 5, physicalLines: 1))
    #expect(Self.next("A:1\r\nB:2\r\n", from: 5) == .line(end: 10, physicalLines: 1))
    #expect(Self.next("A:1\r\n x\r\n\ty\r\nB:2\r\n") == .line(end: 13, physicalLines: 3))
  }

  @Test func aLineAtTheEndOfABlockIsCompleteOnlyAtTheEndOfTheInput() {
    // The next block may start with a space that continues it.
    #expect(Self.next("A:1\r\n", isEnd: false) == .incomplete)
    #expect(Self.next("A:1\r\n", isEnd: true) == .line(end: 5, physicalLines: 1))
    #expect(Self.next("A:1\r", isEnd: false) == .incomplete)
    #expect(Self.next("A:1", isEnd: true) == .incomplete)
  }

  @Test func loneBreaksAndEmptyLinesAreNotTheCommonForm() {
    #expect(Self.next("A:1\nB:2\r\n") == .notCommonForm)
    #expect(Self.next("A:1\rB:2\r\n") == .notCommonForm)
    #expect(Self.next("\r\nA:1\r\n") == .notCommonForm)
    #expect(Self.next("A:1\r\n x\nB:2\r\n") == .notCommonForm)
  }

  /// Every input of up to 8 bytes over CR, LF, space and a letter, from every start, against a
  /// byte loop written from the definition.
  @Test(.tags(.slow), .slowTimeLimit) func everyShortInputSplitsAsTheDefinition() {
    let alphabet: [UInt8] = [0x0D, 0x0A, 0x20, 0x61]
    var mismatches: [String] = []
    for length in 1...8 {
      var digits = [Int](repeating: 0, count: length)
      while true {
        let bytes = digits.map { alphabet[$0] }
        for start in 0..<length {
          for isEnd in [false, true] {
            let found = bytes.withUnsafeBufferPointer {
              CommonFormLine.next(in: $0, from: start, isEnd: isEnd)
            }
            let expected = Self.definition(bytes, from: start, isEnd: isEnd)
            if found != expected, mismatches.count < 5 {
              mismatches.append("\(bytes) from \(start), isEnd \(isEnd): \(found), not \(expected)")
            }
          }
        }
        var index = 0
        while index < length, digits[index] == alphabet.count - 1 {
          digits[index] = 0
          index += 1
        }
        if index == length { break }
        digits[index] += 1
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  static func definition(_ bytes: [UInt8], from start: Int, isEnd: Bool) -> CommonFormLine {
    var position = start
    var physicalLines = 0
    while true {
      var terminator = position
      while terminator < bytes.count, bytes[terminator] != 0x0D, bytes[terminator] != 0x0A {
        terminator += 1
      }
      if terminator == bytes.count { return .incomplete }
      if terminator == position || bytes[terminator] == 0x0A { return .notCommonForm }
      if terminator + 1 == bytes.count { return .incomplete }
      if bytes[terminator + 1] != 0x0A { return .notCommonForm }
      physicalLines += 1
      position = terminator + 2
      if position == bytes.count {
        return isEnd ? .line(end: position, physicalLines: physicalLines) : .incomplete
      }
      if bytes[position] != 0x20, bytes[position] != 0x09 {
        return .line(end: position, physicalLines: physicalLines)
      }
    }
  }
}
