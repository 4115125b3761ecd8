import TestSupport
import Testing

@testable import BirthdayKit

/// The scanning kernel against the simplest scalar reference: a byte loop over the same range,
/// on every offset of every window of short inputs (each lane of a block, the overlapping last
/// block, the two halves of a range of eight to fifteen bytes, the byte loop under eight) and on
/// random inputs over bytes next to the targets.
@Suite struct ByteKernelTests {
  /// The reference: the first index in `from..<to` whose byte `matches`.
  static func reference(
    _ bytes: [UInt8], from: Int, to: Int, _ matches: (UInt8) -> Bool
  ) -> Int? {
    from < to ? (from..<to).first { matches(bytes[$0]) } : nil
  }

  /// Each class the package scans for, with its definition byte by byte.
  static let classes: [(name: String, definition: @Sendable (UInt8) -> Bool, find: FirstIndex)] = [
    ("colon", { $0 == 0x3A }, FirstIndex(OneByte(0x3A))),
    (
      "quote CR LF", { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A },
      FirstIndex(AnyOfBytes(0x22, 0x0D, 0x0A))
    ),
    ("line break", { $0 == 0x0D || $0 == 0x0A }, FirstIndex(LineBreakBytes())),
    ("non-ASCII", { $0 >= 0x80 }, FirstIndex(NonASCIIBytes())),
    ("control", { $0 < 0x20 }, FirstIndex(ControlBytes())),
    (
      "text escape", { $0 < 0x20 || [0x2C, 0x3B, 0x5C, 0x7F].contains($0) },
      FirstIndex(ControlBytes().or(AnyOfBytes(0x2C, 0x3B, 0x5C)).or(OneByte(0x7F)))
    ),
    (
      "JSON escape", { $0 < 0x20 || [0x22, 0x5C, 0x7F].contains($0) },
      FirstIndex(ControlBytes().or(AnyOfBytes(0x22, 0x5C, 0x7F)))
    ),
    (
      "vCard plain text", { $0 >= 0x80 || [0x1B, 0x5C, 0x0D].contains($0) },
      FirstIndex(NonASCIIBytes().or(AnyOfBytes(0x1B, 0x5C, 0x0D)))
    ),
  ]

  /// A class's search, its generic type erased for the table.
  struct FirstIndex: Sendable {
    let find: @Sendable (UnsafeBufferPointer<UInt8>, Int, Int) -> Int?
    let byteTest: @Sendable (UInt8) -> Bool
    let blockTest: @Sendable (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>

    init<Class: ByteClass>(_ byteClass: Class) {
      find = { ByteKernel.firstIndex(of: byteClass, in: $0, from: $1, to: $2) }
      byteTest = { byteClass.matches($0) }
      blockTest = { byteClass.matches($0) }
    }
  }

  /// Bytes next to every target (one off, the same low bits with the high bit set), so that a
  /// compare that is off by one, or signed where it should not be, shows.
  static let alphabet: [UInt8] = [
    0x00, 0x09, 0x0A, 0x0B, 0x0D, 0x0E, 0x1B, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2C, 0x3A, 0x3B,
    0x5C, 0x61, 0x7E, 0x7F, 0x80, 0x8A, 0x8D, 0xA2, 0xBA, 0xDC, 0xFF,
  ]

  @Test func eachClassTestsBlocksAndBytesAlike() {
    for (name, definition, find) in Self.classes {
      for value in 0...255 {
        let byte = UInt8(value)
        #expect(find.byteTest(byte) == definition(byte), "\(name) \(byte)")
        var block = SIMD16<UInt8>(repeating: 0x61)
        for lane in 0..<16 {
          block[lane] = byte
          let mask = find.blockTest(block)
          #expect(mask[lane] == definition(byte), "\(name) \(byte) lane \(lane)")
          block[lane] = 0x61
        }
      }
    }
  }

  @Test(.tags(.slow), .slowTimeLimit) func findsWhatAByteLoopFindsInEveryWindow() {
    var mismatches: [String] = []
    for (name, definition, find) in Self.classes {
      let background = Self.alphabet.first { !definition($0) } ?? 0x61
      let target = Self.alphabet.first(where: definition) ?? 0
      for count in 0...40 {
        for position in -1..<count {
          var bytes = [UInt8](repeating: background, count: count)
          if position >= 0 { bytes[position] = target }
          if position + 5 < count { bytes[position + 5] = target }
          for from in 0...count {
            for to in from...count {
              let found = bytes.withUnsafeBufferPointer { find.find($0, from, to) }
              if found != Self.reference(bytes, from: from, to: to, definition) {
                mismatches.append("\(name) \(bytes) \(from)..<\(to)")
              }
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(.tags(.slow), .slowTimeLimit) func findsWhatAByteLoopFindsInRandomBytes() {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [String] = []
    for round in 0..<6000 {
      let (name, definition, find) = Self.classes[round % Self.classes.count]
      let count = Int.random(in: 0..<(round % 10 == 0 ? 400 : 70), using: &generator)
      let bytes = (0..<count).map { _ in
        Int.random(in: 0..<6, using: &generator) != 0
          ? 0x61 : Self.alphabet.randomElement(using: &generator)!
      }
      let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
      let to = Int.random(in: from...count, using: &generator)
      let found = bytes.withUnsafeBufferPointer { find.find($0, from, to) }
      if found != Self.reference(bytes, from: from, to: to, definition) {
        mismatches.append("\(name) \(bytes) \(from)..<\(to)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A range that starts past its end is empty: the CSV field splitter searches from one past a
  /// closing quote that ends the record.
  @Test func aStartPastTheEndFindsNothing() {
    let bytes: [UInt8] = Array("a:b,\"x\",".utf8)
    for to in 0...bytes.count {
      let found = bytes.withUnsafeBufferPointer {
        ByteKernel.firstIndex(of: 0x3A, in: $0, from: to + 1, to: to)
      }
      #expect(found == nil)
    }
    let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    #expect(ByteKernel.firstLineBreak(in: empty, from: 0, to: 0) == nil)
    #expect(ByteKernel.count(of: 0x0A, in: empty, from: 0, to: 0) == 0)
  }

  @Test(.tags(.slow), .slowTimeLimit) func countsParitiesAndIndexesAsAByteLoopDoes() {
    // Lengths around the blocks and the overlapping last block, and past 255 blocks (where
    // lane counts are summed); targets dense and sparse; every start near the front.
    var generator = SystemRandomNumberGenerator()
    for count in Array(0..<70) + [16 * 255 - 1, 16 * 255, 16 * 255 + 1, 16 * 256 + 7, 9000] {
      for density in [1, 2, 7] {
        let bytes = (0..<count).map { _ in
          Int.random(in: 0..<density, using: &generator) == 0
            ? 0x22 : [0x23, 0x21, 0xA2].randomElement(using: &generator)! as UInt8
        }
        for from in [0, 1, 7, 8, 15, 16, 17] where from <= count {
          let to = count - Int.random(in: 0...min(count - from, 3), using: &generator)
          let expected = (from..<to).filter { bytes[$0] == 0x22 }
          bytes.withUnsafeBufferPointer { data in
            #expect(ByteKernel.count(of: 0x22, in: data, from: from, to: to) == expected.count)
            #expect(
              ByteKernel.hasOddCount(of: 0x22, in: data, from: from, to: to)
                == (expected.count % 2 == 1))
            var visited: [Int] = []
            ByteKernel.forEachIndex(of: 0x22, in: data, from: from, to: to) {
              visited.append($0)
              return true
            }
            #expect(visited == expected, "\(count) \(from)..<\(to)")
            // Stopping early stops at once.
            var first: [Int] = []
            ByteKernel.forEachIndex(of: 0x22, in: data, from: from, to: to) {
              first.append($0)
              return false
            }
            #expect(first == Array(expected.prefix(1)))
          }
        }
      }
    }
  }

  /// The ASCII check the CSV reader decodes cells by; an ASCII cell decodes as the general
  /// UTF-8-or-Windows-1252 decoding does.
  @Test func isASCIIAgreesWithAByteLoopAndDecodesAsTheGeneralPath() {
    var generator = SystemRandomNumberGenerator()
    for length in 0..<40 {
      for _ in 0..<50 {
        var bytes = (0..<length).map { _ in UInt8.random(in: 0x00...0x7F, using: &generator) }
        if length > 0, Bool.random(using: &generator) {
          bytes[Int.random(in: 0..<length, using: &generator)] |= 0x80
        }
        bytes.withUnsafeBufferPointer { buffer in
          let ascii = ByteKernel.isASCII(buffer)
          #expect(ascii == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
          #expect(ascii == ByteKernel.isASCII(UnsafeRawBufferPointer(buffer)))
          if ascii {
            let general = TextDecoding.decodeUTF8OrWindows1252(buffer)
            #expect(String(decoding: buffer, as: UTF8.self) == general.text)
            #expect(!general.usedFallback)
          }
        }
      }
    }
  }

  /// The UTF-8 check, which skips ASCII runs with the kernel, against the standard library's.
  @Test func validUTF8IsWhatTheStandardLibraryKeeps() {
    var generator = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      Array("abcdefghijklmnopq".utf8), Array("é".utf8), Array("😀".utf8), Array("€".utf8),
      [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x41],
    ]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<8, using: &generator) {
        bytes += pieces.randomElement(using: &generator)!
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(bytes.withUnsafeBytes(isValidUTF8) == expected, "\(bytes)")
    }
  }
}
