import Testing

@testable import BirthdayKit

/// RFC 5545 §3.1 folding: at most 75 octets a line, CRLF + one space, never inside a UTF-8 character.
@Suite struct ContentLineFolderTests {
  static func fold(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    ContentLineFolder.appendFolded(Array(text.utf8), to: &output)
    return output
  }

  static func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
        lines.append(current)
        current = []
        index += 2
      } else {
        current.append(bytes[index])
        index += 1
      }
    }
    #expect(current.isEmpty, "output must end with CRLF")
    return lines
  }

  static let samples: [String] = [
    "",
    "SUMMARY:short",
    "SUMMARY:" + String(repeating: "x", count: 67),  // exactly 75 octets
    "SUMMARY:" + String(repeating: "x", count: 68),  // 76 octets: one fold
    "SUMMARY:" + String(repeating: "é", count: 100),  // 2-byte characters across every boundary
    "SUMMARY:" + String(repeating: "€", count: 100),  // 3-byte characters
    "SUMMARY:" + String(repeating: "🎂", count: 100),  // 4-byte characters
    "SUMMARY:a" + String(repeating: "👨‍👩‍👧", count: 30),  // ZWJ sequences
    "DESCRIPTION:" + String(repeating: "Ünïcödé ", count: 40),
    "X:" + String(repeating: "日本語", count: 50),
  ]

  @Test(arguments: samples)
  func noLineLongerThan75OctetsAndNoSplitCharacter(text: String) {
    let lines = Self.physicalLines(Self.fold(text))
    for (index, line) in lines.enumerated() {
      #expect(line.count <= 75, "line \(index) has \(line.count) octets")
      if index > 0 { #expect(line.first == 0x20) }
      // Every physical line is valid UTF-8 on its own: no character was split.
      #expect(String(validating: line, as: UTF8.self) != nil)
    }
    // CRLF only: every LF follows a CR, and every CR precedes an LF.
    let folded = Self.fold(text)
    for index in folded.indices where folded[index] == 0x0A || folded[index] == 0x0D {
      if folded[index] == 0x0A { #expect(index > 0 && folded[index - 1] == 0x0D) }
      if folded[index] == 0x0D { #expect(index + 1 < folded.count && folded[index + 1] == 0x0A) }
    }
  }

  @Test(arguments: samples)
  func unfoldingRestoresTheLine(text: String) {
    let folded = Self.fold(text)
    #expect(LineUnfolding.unfoldedLines(of: folded) == [Array(text.utf8)])
  }

  @Test func foldsAt75OctetsExactly() {
    let text = "SUMMARY:" + String(repeating: "x", count: 68)
    let lines = Self.physicalLines(Self.fold(text))
    #expect(lines.map(\.count) == [75, 2])
    #expect(String(decoding: lines[1], as: UTF8.self) == " x")
  }
}
