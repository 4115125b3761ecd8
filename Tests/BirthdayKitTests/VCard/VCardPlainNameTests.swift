import Testing

@testable import BirthdayKit

/// Names and UIDs that need no decoding are made straight from the card's bytes
/// (`VCardCard+Names.swift`); the same bytes written quoted-printable take the general path.
/// Both must give the same contact name and identifier.
@Suite struct VCardPlainNameTests {
  /// Pieces of values: letters, blanks, separators, escapes, non-ASCII text, controls, a
  /// bidirectional override, a special space, invalid UTF-8 (no CR or LF: values are one line).
  static let pieces: [[UInt8]] = [
    Array("a".utf8), Array("Bo".utf8), [0x20], [0x09], [0x3B], [0x2C], [0x5C], Array("n".utf8),
    Array("é".utf8), [0xC2, 0x85], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0x90], [0xE3, 0x80, 0x80],
    [0x7F], [0x01], [0x1B], [0xFF], [0xC3], Array("=".utf8), Array(":".utf8),
  ]

  struct Values {
    var formatted: [UInt8]?
    var name: [UInt8]?
    var uid: [UInt8]?
    var appleUID: [UInt8]?
  }

  /// One card per entry, each value written as it is, or all quoted-printable (every byte `=XX`).
  static func cards(_ entries: [Values], version: String?, quotedPrintable: Bool) -> [UInt8] {
    var text: [UInt8] = []
    func property(_ name: String, _ value: [UInt8]?) {
      guard let value else { return }
      text += Array(name.utf8)
      if quotedPrintable {
        text += Array(";ENCODING=QUOTED-PRINTABLE:".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in value { text += [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
      } else {
        text += [UInt8(ascii: ":")] + value
      }
      text += [0x0A]
    }
    for entry in entries {
      text += Array("BEGIN:VCARD\n".utf8)
      if let version { text += Array("VERSION:\(version)\n".utf8) }
      property("FN", entry.formatted)
      property("N", entry.name)
      property("UID", entry.uid)
      property("X-ABUID", entry.appleUID)
      text += Array("BDAY:1990-01-02\nEND:VCARD\n".utf8)
    }
    return text
  }

  /// Reads `entries` both ways in every version and compares names and identifiers.
  static func expectSameAsGeneralPath(_ entries: [Values]) throws {
    for version in ["2.1", "3.0", "4.0", nil] {
      let plain = try readVCard(cards(entries, version: version, quotedPrintable: false))
      let general = try readVCard(cards(entries, version: version, quotedPrintable: true))
      try #require(plain.contacts.count == entries.count)
      try #require(general.contacts.count == entries.count)
      for (index, (fast, slow)) in zip(plain.contacts, general.contacts).enumerated() {
        #expect(fast.name == slow.name, "\(entries[index]) \(version ?? "none")")
        #expect(
          fast.sourceIdentifier == slow.sourceIdentifier, "\(entries[index]) \(version ?? "none")")
      }
    }
  }

  static func randomValue(
    maximumPieces: Int, using generator: inout SystemRandomNumberGenerator
  ) -> [UInt8] {
    (0..<Int.random(in: 0...maximumPieces, using: &generator)).flatMap { _ in
      pieces.randomElement(using: &generator)!
    }
  }

  @Test func randomValuesGiveWhatTheGeneralPathGives() throws {
    var generator = SystemRandomNumberGenerator()
    var entries: [Values] = []
    for _ in 0..<2_000 {
      func value(_ chance: Double) -> [UInt8]? {
        Double.random(in: 0..<1, using: &generator) < chance
          ? Self.randomValue(maximumPieces: 8, using: &generator) : nil
      }
      entries.append(
        Values(formatted: value(0.8), name: value(0.8), uid: value(0.7), appleUID: value(0.3)))
    }
    try Self.expectSameAsGeneralPath(entries)
  }

  @Test func everyShortValueGivesWhatTheGeneralPathGives() throws {
    // Every value of up to two pieces, then three pieces of a smaller set, as FN, as N and as UID.
    var values: [[UInt8]] = [[]]
    for first in Self.pieces {
      values.append(first)
      for second in Self.pieces { values.append(first + second) }
    }
    let few = [[0x20], [0x3B], [0x2C], [0x5C], Array("a".utf8), Array("é".utf8), [0x09]]
    for first in few {
      for second in few { for third in few { values.append(first + second + third) } }
    }
    var entries: [Values] = []
    for value in values {
      entries.append(Values(formatted: value, name: nil, uid: value, appleUID: nil))
      entries.append(Values(formatted: Array("Ann".utf8), name: value, uid: nil, appleUID: value))
      entries.append(Values(formatted: nil, name: value, uid: Array(" x ".utf8), appleUID: nil))
      entries.append(Values(formatted: [0x20], name: Array("Doe;".utf8) + value, uid: nil))
    }
    try Self.expectSameAsGeneralPath(entries)
  }

  @Test func singleLineTextIsLeftAsItIs() {
    // Whatever isSingleLine accepts, singleLine returns unchanged (it may reject more).
    var generator = SystemRandomNumberGenerator()
    func check(_ bytes: [UInt8]) {
      guard let text = String(validating: bytes, as: UTF8.self) else { return }
      let accepted = bytes.withUnsafeBufferPointer(TextSanitizer.isSingleLine)
      if accepted { #expect(TextSanitizer.singleLine(text) == text, "\(bytes)") }
      // Printable ASCII with single inner spaces is accepted.
      if !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), bytes.first != 0x20,
        bytes.last != 0x20, !text.contains("  ")
      {
        #expect(accepted, "\(bytes)")
      }
    }
    for first in Self.pieces {
      check(first)
      for second in Self.pieces { check(first + second) }
    }
    for _ in 0..<5_000 { check(Self.randomValue(maximumPieces: 12, using: &generator)) }
  }
}
