import TestSupport
import Testing

@testable import BirthdayKit

/// The one line cutter against references written byte by byte from the definitions: every
/// input of up to 8 bytes over CR, LF, space, tab and a letter, from every start, at the end of
/// the input or not, folding or not, in both forms; random longer inputs; and a cut resumed
/// after more bytes arrive, which must end where a fresh cut of all the bytes ends.
@Suite struct LineCutterTests {
  typealias Cut = LineCutter.Cut

  /// Line breaks in `bytes` as the lenient form counts them: CRLF, CR and LF are one each.
  static func referenceLineBreaks(_ bytes: [UInt8]) -> Int {
    var total = 0
    for (index, byte) in bytes.enumerated()
    where byte == 0x0D || (byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D)) {
      total += 1
    }
    return total
  }

  /// The lenient form, byte by byte.
  static func lenient(_ bytes: [UInt8], from start: Int, isEnd: Bool, folding: Bool) -> Cut {
    var position = start
    var physicalLines = 0
    var contentEnd = -1
    while true {
      if physicalLines > 0 {
        if !folding { break }
        if position == bytes.count {
          if isEnd { break }
          return .incomplete
        }
        if bytes[position] != 0x20, bytes[position] != 0x09 { break }
      }
      var terminator = position
      while terminator < bytes.count, bytes[terminator] != 0x0D, bytes[terminator] != 0x0A {
        terminator += 1
      }
      if terminator == bytes.count {
        guard isEnd, position < bytes.count else { return .incomplete }
        if contentEnd < 0 { contentEnd = terminator }
        physicalLines += 1
        position = terminator
        break
      }
      var next = terminator + 1
      if bytes[terminator] == 0x0D {
        if next == bytes.count, !isEnd { return .incomplete }
        if next < bytes.count, bytes[next] == 0x0A { next += 1 }
      }
      if contentEnd < 0 { contentEnd = terminator }
      physicalLines += 1
      position = next
    }
    return .line(contentEnd: contentEnd, end: position, physicalLines: physicalLines)
  }

  /// The common form, byte by byte: CRLF after every physical line, none empty.
  static func commonForm(_ bytes: [UInt8], from start: Int, isEnd: Bool, folding: Bool) -> Cut {
    var position = start
    var physicalLines = 0
    var contentEnd = -1
    while true {
      var terminator = position
      while terminator < bytes.count, bytes[terminator] != 0x0D, bytes[terminator] != 0x0A {
        terminator += 1
      }
      if terminator == bytes.count { return .incomplete }
      if terminator == position || bytes[terminator] == 0x0A { return .notCommonForm }
      if terminator + 1 == bytes.count { return .incomplete }
      if bytes[terminator + 1] != 0x0A { return .notCommonForm }
      if contentEnd < 0 { contentEnd = terminator }
      physicalLines += 1
      position = terminator + 2
      let line = Cut.line(contentEnd: contentEnd, end: position, physicalLines: physicalLines)
      if !folding { return line }
      if position == bytes.count { return isEnd ? line : .incomplete }
      if bytes[position] != 0x20, bytes[position] != 0x09 { return line }
    }
  }

  static func cut(
    _ bytes: [UInt8], from start: Int, isEnd: Bool, form: LineCutter.Form, folding: Bool
  ) -> Cut {
    LineCutter.cut(
      bytes.span, from: start, to: bytes.count, isEnd: isEnd, form: form, folding: folding)
  }

  static func reference(
    _ bytes: [UInt8], from start: Int, isEnd: Bool, form: LineCutter.Form, folding: Bool
  ) -> Cut {
    switch form {
    case .lenient: lenient(bytes, from: start, isEnd: isEnd, folding: folding)
    case .commonForm: commonForm(bytes, from: start, isEnd: isEnd, folding: folding)
    }
  }

  @Test(.tags(.slow), .slowTimeLimit) func everyShortInputCutsAsTheDefinition() {
    let alphabet: [UInt8] = [0x0D, 0x0A, 0x20, 0x09, 0x61]
    var mismatches: [String] = []
    for length in 1...7 {
      var digits = [Int](repeating: 0, count: length)
      while true {
        let bytes = digits.map { alphabet[$0] }
        for start in 0..<length {
          for isEnd in [false, true] {
            for form in [LineCutter.Form.lenient, .commonForm] {
              for folding in [false, true] {
                let found = Self.cut(bytes, from: start, isEnd: isEnd, form: form, folding: folding)
                let expected = Self.reference(
                  bytes, from: start, isEnd: isEnd, form: form, folding: folding)
                if found != expected, mismatches.count < 5 {
                  mismatches.append(
                    "\(bytes) from \(start) \(form) folding \(folding) isEnd \(isEnd): \(found), not \(expected)"
                  )
                }
              }
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

  /// Long lines (the kernel's blocks) with the breaks anywhere, and a cut resumed after the
  /// bytes grow: it ends where a fresh cut of all of them does.
  @Test(.tags(.slow), .slowTimeLimit) func randomLongInputsAndResumedCutsAgreeWithTheDefinition() {
    var generator = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      [0x0D, 0x0A], [0x0A], [0x0D], [0x20], [0x09], Array("BEGIN:VEVENT".utf8),
      Array(repeating: 0x61, count: 17), Array(repeating: 0x62, count: 40),
    ]
    var mismatches: [String] = []
    for round in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1..<12, using: &generator) {
        bytes += pieces.randomElement(using: &generator)!
      }
      let form: LineCutter.Form = round % 2 == 0 ? .lenient : .commonForm
      let folding = round % 3 != 0
      let start = Int.random(in: 0..<bytes.count, using: &generator)
      let expected = Self.reference(bytes, from: start, isEnd: true, form: form, folding: folding)
      // Grow the bytes from `start` in random steps, resuming the same progress.
      var progress = LineCutter.Progress(lineAt: start)
      var end = start
      var found: Cut = .incomplete
      repeat {
        end = min(bytes.count, end + Int.random(in: 0...20, using: &generator))
        let isEnd = end == bytes.count
        found = LineCutter.cut(
          bytes.span, to: end, isEnd: isEnd, form: form, folding: folding, progress: &progress)
        if found != .incomplete { break }
        if isEnd { break }
      } while true
      if found != expected, mismatches.count < 5 {
        mismatches.append(
          "\(bytes) from \(start) \(form) folding \(folding): \(found), not \(expected)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func commonFormLinesAndTheirContinuations() {
    func cut(_ text: String, from start: Int = 0, isEnd: Bool = true) -> Cut {
      Self.cut(Array(text.utf8), from: start, isEnd: isEnd, form: .commonForm, folding: true)
    }
    #expect(cut("A:1\r\nB:2\r\n") == .line(contentEnd: 3, end: 5, physicalLines: 1))
    #expect(cut("A:1\r\nB:2\r\n", from: 5) == .line(contentEnd: 8, end: 10, physicalLines: 1))
    #expect(cut("A:1\r\n x\r\n\ty\r\nB:2\r\n") == .line(contentEnd: 3, end: 13, physicalLines: 3))
    // The next block may start with a space that continues the line.
    #expect(cut("A:1\r\n", isEnd: false) == .incomplete)
    #expect(cut("A:1\r", isEnd: false) == .incomplete)
    #expect(cut("A:1", isEnd: true) == .incomplete)
    #expect(cut("A:1\nB:2\r\n") == .notCommonForm)
    #expect(cut("A:1\rB:2\r\n") == .notCommonForm)
    #expect(cut("\r\nA:1\r\n") == .notCommonForm)
    #expect(cut("A:1\r\n x\nB:2\r\n") == .notCommonForm)
  }

  @Test func physicalLinesComeWithTheirLineBreaks() {
    let bytes = Array("a\r\nb\nc\rd\r\r\n\r\ne".utf8)
    var lines: [String] = []
    LineCutter.forEachPhysicalLine(in: bytes.span) { content, lineBreak in
      lines.append(
        String(decoding: Array(copying: content), as: UTF8.self) + "|"
          + String(decoding: Array(copying: lineBreak), as: UTF8.self))
    }
    #expect(lines == ["a|\r\n", "b|\n", "c|\r", "d|\r", "|\r\n", "|\r\n", "e|"])
    #expect(Self.referenceLineBreaks(bytes) == 6)
  }
}
