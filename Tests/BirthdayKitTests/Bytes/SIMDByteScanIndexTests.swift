import TestSupport
import Testing

@testable import BirthdayKit

/// The sixteen-at-a-time byte search must find exactly what a byte-by-byte loop finds.
@Suite struct SIMDByteScanIndexTests {
  @Test(.tags(.slow), .slowTimeLimit) func findsWhatAByteLoopFinds() {
    // The target at every offset of windows around one and two blocks, next to bytes one off
    // it and high bytes with the same low bits; and random bytes.
    var mismatches: [String] = []
    func check(_ bytes: [UInt8], _ from: Int, _ to: Int) {
      let expected = (from..<to).first { bytes[$0] == 0x3A }
      let found = bytes.withUnsafeBufferPointer {
        SIMDByteScan.firstIndex(of: 0x3A, in: $0, from: from, to: to)
      }
      if found != expected { mismatches.append("\(bytes) \(from)..<\(to)") }
    }
    for count in 0...40 {
      for position in -1..<count {
        var bytes = (0..<count).map { [0x39, 0x3B, 0xBA, 0x61][$0 % 4] as UInt8 }
        if position >= 0 { bytes[position] = 0x3A }
        for from in 0...count {
          for to in from...count { check(bytes, from, to) }
        }
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<4000 {
      let count = Int.random(in: 0..<100, using: &generator)
      let bytes = (0..<count).map { _ in
        [0x3A, 0x39, 0x3B, 0xBA, 0x61, 0x61, 0x61, 0x61].randomElement(using: &generator)! as UInt8
      }
      let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
      check(bytes, from, Int.random(in: from...count, using: &generator))
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A range that starts past its end is empty, as for ``ByteScan``: the CSV field splitter
  /// searches from one past a closing quote that ends the record.
  @Test func aStartPastTheEndFindsNothing() {
    let bytes: [UInt8] = Array("a:b,\"x\",".utf8)
    for to in 0...bytes.count {
      let found = bytes.withUnsafeBufferPointer {
        SIMDByteScan.firstIndex(of: 0x3A, in: $0, from: to + 1, to: to)
      }
      #expect(found == nil)
    }
  }
}
