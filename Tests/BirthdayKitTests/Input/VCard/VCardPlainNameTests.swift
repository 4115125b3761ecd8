import TestSupport
import Testing

@testable import BirthdayKit

/// Names and UIDs that decode without a notice are made straight from their bytes
/// (`VCardCard+Names.swift`): the plain paths must give what the general path gives, for values
/// written as they are, quoted-printable (with soft line breaks), folded and with a charset.
@Suite struct VCardPlainNameTests {
  /// Pieces of values: letters, blanks, separators, escapes, non-ASCII text (two and three
  /// bytes), a combining mark, controls, a bidirectional override, a special space, invalid
  /// UTF-8 (no CR or LF: values are one line in a file; see ``valuePieces``).
  static let pieces: [[UInt8]] = [
    Array("a".utf8), Array("Bo".utf8), [0x20], [0x09], [0x3B], [0x2C], [0x5C], Array("n".utf8),
    Array("é".utf8), [0xC2, 0x85], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0x90], [0xE3, 0x80, 0x80],
    [0x7F], [0x01], [0x1B], [0xFF], [0xC3], Array("=".utf8), Array(":".utf8),
    Array("€".utf8), [0xCC, 0x81],
  ]
  /// ``pieces`` and CR and LF, which a decoded value may hold (quoted-printable `=0D=0A`).
  static let valuePieces: [[UInt8]] = pieces + [[0x0D], [0x0A]]

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
  static func expectSameQuotedPrintable(_ entries: [Values]) throws {
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
    maximumPieces: Int, from pieces: [[UInt8]] = pieces,
    using generator: inout SystemRandomNumberGenerator
  ) -> [UInt8] {
    (0..<Int.random(in: 0...maximumPieces, using: &generator)).flatMap { _ in
      pieces.randomElement(using: &generator)!
    }
  }

  @Test(.tags(.slow), .slowTimeLimit) func randomValuesReadTheSameQuotedPrintable() throws {
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
    try Self.expectSameQuotedPrintable(entries)
  }

  @Test(.tags(.slow), .slowTimeLimit) func everyShortValueReadsTheSameQuotedPrintable() throws {
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
    try Self.expectSameQuotedPrintable(entries)
  }

  /// How a value is written in the card.
  enum Form: CaseIterable {
    case asIs, quotedPrintable, folded, latin1
  }

  /// A card holding `values` (FN, N, UID, X-ABUID), each written in `form`.
  static func card(_ entry: Values, version: VCardVersion?, form: Form) -> VCardCard {
    var card = VCardCard(location: SourceLocation(file: "t.vcf", line: 1))
    card.version = version
    var line = 2
    for (property, value) in [
      (VCardPropertyName.formattedName, entry.formatted), (.name, entry.name),
      (.uid, entry.uid), (.appleUID, entry.appleUID),
    ] {
      guard let value else { continue }
      var parameters = VCardParameters()
      var lines = [value]
      switch form {
      case .asIs: break
      case .latin1: parameters.charset = .isoLatin1
      case .folded:
        let cut = value.count / 2
        lines = [Array(value[..<cut]), [0x20] + value[cut...]]
      case .quotedPrintable:
        parameters.isQuotedPrintable = true
        let hex = Array("0123456789ABCDEF".utf8)
        let encoded = value.map { [UInt8(ascii: "="), hex[Int($0 >> 4)], hex[Int($0 & 15)]] }
        let cut = encoded.count / 2
        // A soft line break in the middle.
        lines = [
          encoded[..<cut].flatMap { $0 } + [UInt8(ascii: "=")], encoded[cut...].flatMap { $0 },
        ]
      }
      let first = lines[0]
      card.startPending(
        property, line: line, column: 4, in: first.span, group: nil, parameters: parameters,
        firstLine: 0..<first.count, limit: VCardCard.textLimit)
      for next in lines.dropFirst() { card.continuePending(next.span, folded: form == .folded) }
      card.finishPending()
      line += lines.count
    }
    return card
  }

  /// Whenever a plain path answers, it answers what the general path does, which reports
  /// nothing then.
  static func expectPlainPathsAgree(_ entry: Values) -> (name: Bool, identifier: Bool) {
    var took = (name: false, identifier: false)
    for version in [VCardVersion.v21, .v30, .v40, .lenient, nil] {
      for form in Form.allCases {
        let card = card(entry, version: version, form: form)
        let effective = version ?? .lenient
        if let plain = card.plainPersonName(version: effective) {
          var diagnostics: [Diagnostic] = []
          let general = card.generalPersonName(version: effective, diagnostics: &diagnostics)
          #expect(plain == general, "\(entry) \(effective) \(form)")
          #expect(diagnostics.isEmpty, "\(entry) \(effective) \(form)")
          took.name = true
        }
        for (value, property) in [(card.uid, VCardPropertyName.uid), (card.appleUID, .appleUID)] {
          guard let value, let plain = card.plainIdentifierText(value, effective) else { continue }
          var diagnostics: [Diagnostic] = []
          let general = card.generalIdentifierText(value, property, effective, &diagnostics)
          #expect(plain == general, "\(entry) \(effective) \(form)")
          #expect(diagnostics.isEmpty, "\(entry) \(effective) \(form)")
          took.identifier = true
        }
      }
    }
    return took
  }

  @Test(.tags(.slow), .slowTimeLimit) func plainPathsGiveWhatTheGeneralPathGives() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<1_500 {
      func value() -> [UInt8] {
        Self.randomValue(maximumPieces: 8, from: Self.valuePieces, using: &generator)
      }
      _ = Self.expectPlainPathsAgree(
        Values(formatted: value(), name: value(), uid: value(), appleUID: value()))
    }
    var values: [[UInt8]] = [[]]
    for first in Self.valuePieces {
      values.append(first)
      for second in Self.valuePieces { values.append(first + second) }
    }
    // Long ASCII identifiers, read eight bytes a step: each piece at each place.
    let long = Array("urn:uuid:0123456789abcdef".utf8)
    for piece in Self.valuePieces {
      for place in [0, 1, 7, 8, 9, 15, 16, 17, 24, 25] {
        values.append(Array(long[..<place]) + piece + long[place...])
      }
    }
    for value in values {
      _ = Self.expectPlainPathsAgree(
        Values(formatted: value, name: Array("Doe;".utf8) + value, uid: value, appleUID: nil))
      _ = Self.expectPlainPathsAgree(
        Values(formatted: Array("Ann".utf8), name: value, uid: nil, appleUID: value))
    }
  }

  @Test func oneScanOfAnIdentifierEqualsTheThreeItReplaces() {
    // trimmedPlainASCII against isPlainASCII, containsBackslashOrCR and trimming blanks byte by
    // byte, and string(_:) against String(decoding:as:), around the eight-byte steps.
    var generator = SystemRandomNumberGenerator()
    func check(_ bytes: [UInt8]) {
      let plain =
        VCardText.isPlainASCII(bytes.span) && !VCardText.containsBackslashOrCR(bytes.span)
      let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
      let trimmed = Array(bytes.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
      let expected = plain ? trimmed : nil
      let found = VCardText.trimmedPlainASCII(bytes.span).map { Array(bytes[$0]) }
      #expect(found == expected, "\(bytes)")
      let string = VCardText.string(bytes.span)
      #expect(string == String(decoding: bytes, as: UTF8.self), "\(bytes)")
    }
    var values: [[UInt8]] = [[]]
    for first in Self.valuePieces {
      values.append(first)
      for second in Self.valuePieces {
        values.append(first + second)
        for third in Self.valuePieces { values.append(first + second + third) }
      }
    }
    let long = Array(" urn:uuid:0123456789abcdef\t".utf8)
    for piece in Self.valuePieces {
      for place in 0...long.count { values.append(Array(long[..<place]) + piece + long[place...]) }
    }
    for _ in 0..<5_000 {
      values.append(Self.randomValue(maximumPieces: 24, from: Self.valuePieces, using: &generator))
    }
    for value in values { check(value) }
  }

  @Test func commonValuesTakeThePlainPaths() {
    // Otherwise the test above would pass without checking anything.
    let took = Self.expectPlainPathsAgree(
      Values(
        formatted: Array("Zoë Doe".utf8), name: Array("Doe;Zoë;;;".utf8),
        uid: Array(" urn:uuid:1234 ".utf8), appleUID: nil))
    #expect(took.name && took.identifier)
    let card = Self.card(
      Values(formatted: Array("Zoë Doe".utf8), name: Array("Doe;Zoë;;;".utf8), uid: nil),
      version: .v21, form: .quotedPrintable)
    #expect(
      card.plainPersonName(version: .v21)
        == PersonName(formatted: "Zoë Doe", given: "Zoë", family: "Doe"))
  }

  @Test func singleLineTextIsLeftAsItIs() {
    // Whatever isSingleLine accepts, singleLine returns unchanged (it may reject more).
    var generator = SystemRandomNumberGenerator()
    func check(_ bytes: [UInt8]) {
      guard let text = String(validating: bytes, as: UTF8.self) else { return }
      let accepted = TextSanitizer.isSingleLine(bytes.span)
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
