import Foundation
import TestSupport
import Testing

@testable import BirthdayKit

/// The JSON string writer of `list --json` (and `upcoming`/`sync` JSON) and the UTF-8 check in
/// front of it: their eight-bytes-at-a-time paths against definitions written byte by byte.
@Suite struct JSONStringTests {
  /// Texts of 0-40 bytes, mostly ASCII letters with up to three bytes that matter anywhere
  /// (so that words pass and fail at every position), and every single byte.
  static func samples() -> [[UInt8]] {
    var generator = SystemRandomNumberGenerator()
    let special: [UInt8] = [
      0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F,
    ]
    var samples = (0...0x7F).map { [UInt8($0)] }
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...40, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) }
      for _ in 0..<Int.random(in: 0...3, using: &generator) where count > 0 {
        bytes[Int.random(in: 0..<count, using: &generator)] = special.randomElement()!
      }
      samples.append(bytes)
    }
    return samples
  }

  /// The literal as JSON defines it, one byte at a time.
  static func reference(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = [0x22]
    for byte in bytes {
      switch byte {
      case 0x22: result += [0x5C, 0x22]
      case 0x5C: result += [0x5C, 0x5C]
      case 0x0A: result += Array("\\n".utf8)
      case 0x0D: result += Array("\\r".utf8)
      case 0x09: result += Array("\\t".utf8)
      case 0x00..<0x20, 0x7F: result += Array(String(format: "\\u%04x", byte).utf8)
      default: result.append(byte)
      }
    }
    return result + [0x22]
  }

  @Test(.tags(.slow), .slowTimeLimit) func writerMatchesTheByteByByteDefinition() throws {
    for sample in Self.samples() {
      let buffer = OutputBuffer()
      appendJSONString(utf8: sample.span, to: buffer)
      let written = buffer.bytes
      #expect(written == Self.reference(sample), "\(sample)")
      let appended = OutputBuffer()
      appended.append(0x41)
      appendJSONString(utf8: sample.span, to: appended)
      #expect(appended.bytes == [0x41] + written)
      #expect(jsonString(String(decoding: sample, as: UTF8.self)).utf8.elementsEqual(written))
      // And a JSON parser reads the text back.
      let parsed = try JSONSerialization.jsonObject(with: Data(written), options: .fragmentsAllowed)
      #expect(parsed as? String == String(decoding: sample, as: UTF8.self))
    }
    // Non-ASCII is copied as it is; a string of every kind of byte at once.
    let mixed = Array("\"é\\\u{1}😀\u{7F}\t".utf8)
    let buffer = OutputBuffer()
    appendJSONString(utf8: mixed.span, to: buffer)
    #expect(buffer.bytes == Self.reference(mixed))
  }

  /// Long texts (the check skips eight ASCII bytes at a time) with a byte of a multi-byte
  /// sequence, or a broken one, anywhere: valid exactly when `String(validating:)` takes them.
  @Test(.tags(.slow), .slowTimeLimit) func utf8CheckOfLongTextsAgreesWithStringValidating() {
    var generator = SystemRandomNumberGenerator()
    let interesting: [UInt8] = [
      0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1, 0xED,
      0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    let valid: [[UInt8]] = [[0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80]]
    for _ in 0..<30_000 {
      let count = Int.random(in: 0...48, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
      for _ in 0..<Int.random(in: 0...2, using: &generator) where count > 0 {
        let position = Int.random(in: 0..<count, using: &generator)
        if Bool.random(using: &generator) {
          bytes[position] = interesting.randomElement(using: &generator)!
        } else {
          bytes.insert(contentsOf: valid.randomElement(using: &generator)!, at: position)
        }
      }
      #expect(
        isValidUTF8(bytes.span) == (String(validating: bytes, as: UTF8.self) != nil),
        "\(bytes)")
    }
  }
}
