import Testing

@testable import BirthdayKit

/// The eight-at-a-time scan must find exactly what a byte-by-byte loop finds.
@Suite struct ByteScanTests {
  static func naive(_ bytes: [UInt8], _ targets: [UInt8], from: Int, to: Int) -> Int? {
    (from..<to).first { targets.contains(bytes[$0]) }
  }

  @Test func agreesWithAByteLoopOnEveryPositionAndWindow() {
    // Targets at every offset of a word, next to bytes that differ from them by one bit, and
    // high bytes (a naive SWAR test gives false positives around 0x80).
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x22, 0x0D, 0x0A, 0x23, 0x0C, 0x0B, 0x80, 0xFF, 0xA2, 0x8D, 0x41, 0x00,
    ]
    for _ in 0..<400 {
      let count = Int.random(in: 0..<40, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
      let to = Int.random(in: from...count, using: &generator)
      let found = bytes.withUnsafeBufferPointer {
        ByteScan.firstIndex(of: 0x22, 0x0D, 0x0A, in: $0, from: from, to: to)
      }
      #expect(found == Self.naive(bytes, [0x22, 0x0D, 0x0A], from: from, to: to), "\(bytes)")
    }
  }

  @Test func findsLineBreaksAsAByteLoopDoes() {
    // Every byte below 0x0E (flagged, then checked), 0x0E and 0x0F (flagged after a borrow),
    // high bytes and letters, in short and long runs.
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x1D, 0x80, 0x8A, 0x8D, 0xFF, 0x41,
    ]
    for round in 0..<3000 {
      let count = Int.random(in: 0..<(round % 10 == 0 ? 300 : 40), using: &generator)
      // Mostly letters, so that words without any flag come up too.
      let bytes = (0..<count).map { _ in
        Bool.random(using: &generator) ? 0x61 : alphabet.randomElement(using: &generator)!
      }
      let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
      let to = Int.random(in: from...count, using: &generator)
      let found = bytes.withUnsafeBufferPointer {
        ByteScan.firstLineBreak(in: $0, from: from, to: to)
      }
      #expect(found == Self.naive(bytes, [0x0A, 0x0D], from: from, to: to), "\(bytes)")
    }
  }

  @Test func findsEachTargetAtEachOffset() {
    for target: UInt8 in [0x2C, 0x3B, 0x09] {
      for offset in 0..<20 {
        var bytes = [UInt8](repeating: 0x61, count: 20)
        bytes[offset] = target
        let found = bytes.withUnsafeBufferPointer {
          ByteScan.firstIndex(of: target, target, target, in: $0, from: 0, to: 20)
        }
        #expect(found == offset)
      }
    }
  }

  @Test func countsExactlyWhatAByteLoopCounts() {
    // Runs of the target and of target ± 1 are where a borrowing zero-byte test miscounts.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<400 {
      let count = Int.random(in: 0..<50, using: &generator)
      let bytes = (0..<count).map { _ in
        [0x2C, 0x2B, 0x2D, 0x00, 0x01, 0xAC, 0x61].randomElement(using: &generator)! as UInt8
      }
      let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
      let counted = bytes.withUnsafeBufferPointer {
        ByteScan.count(of: 0x2C, in: $0, from: from, to: count)
      }
      #expect(counted == bytes[from...].filter { $0 == 0x2C }.count, "\(bytes)")
    }
  }

  @Test func countsAndParitiesOfLongRunsAreExact() {
    // Lengths around the 16-byte blocks, and past 255 blocks (where lane counts are flushed).
    var generator = SystemRandomNumberGenerator()
    for count in Array(0..<70) + [16 * 255 - 1, 16 * 255, 16 * 256 + 7, 9000] {
      for density in [2, 7] {
        let bytes = (0..<count).map { _ in
          Int.random(in: 0..<density, using: &generator) == 0 ? 0x22 : 0x23 as UInt8
        }
        let from = count == 0 ? 0 : Int.random(in: 0...min(count, 20), using: &generator)
        let expected = bytes[from...].filter { $0 == 0x22 }.count
        bytes.withUnsafeBufferPointer { data in
          #expect(ByteScan.count(of: 0x22, in: data, from: from, to: count) == expected)
          #expect(
            ByteScan.hasOddCount(of: 0x22, in: data, from: from, to: count) == (expected % 2 == 1))
        }
      }
    }
  }

  @Test func countsLineBreaksAsTheLineReaderDoes() throws {
    // CR, LF and CRLF in every position, including a CRLF split across two words.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let count = Int.random(in: 0..<40, using: &generator)
      let bytes = (0..<count).map { _ in
        [0x0D, 0x0A, 0x41, 0x8D, 0x8A].randomElement(using: &generator)! as UInt8
      }
      var reader = LineReader(MemoryByteSource(bytes), chunkSize: 16)
      var lines = 0
      while try reader.nextLine({ _ in () }) != nil { lines += 1 }
      // The reader also counts a last line without a break; line breaks are what we count.
      let lastLineUnterminated = bytes.last.map { $0 != 0x0A && $0 != 0x0D } ?? false
      #expect(
        ByteScan.countLineBreaks(in: bytes) == lines - (lastLineUnterminated ? 1 : 0), "\(bytes)")
    }
  }

  /// Counts are summed per byte lane and flushed every 255 words: long runs of line breaks and
  /// targets (a lane full in every word) must not overflow a lane.
  @Test func countsLongRunsExactly() {
    func naiveLineBreaks(_ bytes: [UInt8]) -> Int {
      var total = 0
      for (index, byte) in bytes.enumerated()
      where byte == 0x0D || (byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D)) {
        total += 1
      }
      return total
    }
    var generator = SystemRandomNumberGenerator()
    let patterns: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0x0D, 0x0D, 0x0A]]
    for pattern in patterns {
      for length in [2039, 2040, 2041, 4097, 8 * 600 + 5] {
        let bytes = (0..<length).map { pattern[$0 % pattern.count] }
        #expect(
          ByteScan.countLineBreaks(in: bytes) == naiveLineBreaks(bytes), "\(pattern) \(length)")
        let counted = bytes.withUnsafeBufferPointer {
          ByteScan.count(of: pattern[0], in: $0, from: 0, to: length)
        }
        #expect(counted == bytes.filter { $0 == pattern[0] }.count, "\(pattern) \(length)")
      }
    }
    for _ in 0..<20 {
      let length = Int.random(in: 2000..<6000, using: &generator)
      let bytes = (0..<length).map { _ in
        [0x0D, 0x0A, 0x0A, 0x41].randomElement(using: &generator)! as UInt8
      }
      #expect(ByteScan.countLineBreaks(in: bytes) == naiveLineBreaks(bytes))
      let counted = bytes.withUnsafeBufferPointer {
        ByteScan.count(of: 0x0A, in: $0, from: 3, to: length)
      }
      #expect(counted == bytes[3...].filter { $0 == 0x0A }.count)
    }
  }

  /// The ASCII check the CSV reader decodes cells by: every short input over bytes on both sides
  /// of 0x80 at every position, and random longer ones; an ASCII cell decodes as the general
  /// UTF-8-or-Windows-1252 decoding does.
  @Test func isASCIIAgreesWithAByteLoopAndDecodesAsTheGeneralPath() {
    let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
    var inputs: [[UInt8]] = [[]]
    var level: [[UInt8]] = [[]]
    for _ in 0..<3 {
      level = level.flatMap { prefix in alphabet.map { prefix + [$0] } }
      inputs += level
    }
    var generator = SystemRandomNumberGenerator()
    for length in 0..<40 {
      for _ in 0..<50 {
        var bytes = (0..<length).map { _ in UInt8.random(in: 0x00...0x7F, using: &generator) }
        if length > 0, Bool.random(using: &generator) {
          bytes[Int.random(in: 0..<length, using: &generator)] |= 0x80
        }
        inputs.append(bytes)
      }
    }
    for bytes in inputs {
      bytes.withUnsafeBufferPointer { buffer in
        let ascii = ByteScan.isASCII(buffer)
        #expect(ascii == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
        if ascii {
          let general = TextDecoding.decodeUTF8OrWindows1252(buffer)
          #expect(String(decoding: buffer, as: UTF8.self) == general.text)
          #expect(!general.usedFallback)
        }
      }
    }
  }
}
