import TestSupport
import Testing

@testable import BirthdayKit

/// The sixteen-at-a-time line-break search must find exactly what a byte-by-byte loop finds.
@Suite struct SIMDByteScanLineBreakTests {
  static func naive(_ bytes: [UInt8], from: Int, to: Int) -> Int? {
    (from..<to).first { bytes[$0] == 0x0A || bytes[$0] == 0x0D }
  }

  static func scan(_ bytes: [UInt8], from: Int, to: Int) -> Int? {
    bytes.withUnsafeBufferPointer { SIMDByteScan.firstLineBreak(in: $0, from: from, to: to) }
  }

  @Test(.tags(.slow), .slowTimeLimit) func findsABreakAtEveryOffsetOfEveryWindow() {
    // One CR or LF (or both) anywhere in up to 40 bytes, every window: each lane of both halves
    // of a block, the block edges and the tail after the last whole block.
    var mismatches: [String] = []
    for count in 0...40 {
      for position in -1..<count {
        for breakByte: UInt8 in [0x0A, 0x0D] {
          var bytes = [UInt8](repeating: 0x61, count: count)
          if position >= 0 { bytes[position] = breakByte }
          if position + 3 < count { bytes[position + 3] = 0x0A }
          for from in 0...count {
            for to in from...count
            where Self.scan(bytes, from: from, to: to) != Self.naive(bytes, from: from, to: to) {
              mismatches.append("\(bytes) \(from)..<\(to)")
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func agreesWithAByteLoopOnRandomBytes() {
    // Bytes next to the targets (a tab, VT, FF, 0x0E), high bytes with the same low bits, and
    // letters, so that blocks without any break come up too.
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x1A, 0x1D, 0x80, 0x8A, 0x8D, 0xFF,
    ]
    for round in 0..<4000 {
      let count = Int.random(in: 0..<(round % 10 == 0 ? 400 : 70), using: &generator)
      let bytes = (0..<count).map { _ in
        Int.random(in: 0..<8, using: &generator) != 0
          ? 0x61 : alphabet.randomElement(using: &generator)!
      }
      let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
      let to = Int.random(in: from...count, using: &generator)
      #expect(
        Self.scan(bytes, from: from, to: to) == Self.naive(bytes, from: from, to: to), "\(bytes)")
    }
  }

  @Test func emptyBufferHasNoBreak() {
    #expect(
      SIMDByteScan.firstLineBreak(in: UnsafeBufferPointer(start: nil, count: 0), from: 0, to: 0)
        == nil)
  }
}
