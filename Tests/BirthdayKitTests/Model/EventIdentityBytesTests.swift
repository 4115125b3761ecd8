import Testing

@testable import BirthdayKit

/// UIDs are hashed piece by piece, without building the name string; they must be exactly the
/// UUIDv5 of the documented name (``EventIdentity/uuidName(kind:sourceIdentifier:name:date:)``).
@Suite struct EventIdentityBytesTests {
  static let names = [
    "Jane Doe", "JANE DOE", "Zoë Müller", "ÅNGSTRÖM Øster", "José García", "Ægir ÞÓR", "ß ÿ ×",
    "Mei 王", "Олег Петров", "e\u{301}mile", "Jane\u{2028}Doe", "  Padded   Name ", "¡Hola! ¿Qué?",
    "A", "Dr. Jane-Anne O'Neil 3rd", "İstanbul", "ΣΟΦΙΑ", String(repeating: "Lóng ", count: 40),
  ]

  @Test(arguments: names)
  func nameBasedUIDsEqualTheDocumentedName(_ text: String) throws {
    let name = try #require(PersonName(formatted: text))
    for kind in CelebrationKind.allCases {
      let date = CivilDate(year: 1985, month: 2, day: 9)!
      let expected = NameBasedUUID(
        namespace: EventIdentity.namespace,
        name: EventIdentity.uuidName(kind: kind, sourceIdentifier: nil, name: name, date: date))
      #expect(
        EventIdentity.uuid(kind: kind, sourceIdentifier: nil, name: name, date: date) == expected)
    }
  }

  @Test func identifierBasedUIDsEqualTheDocumentedName() throws {
    let name = try #require(PersonName(formatted: "Jane Doe"))
    let date = CivilDate(month: 12, day: 31)!
    for identifier in ["urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", "Ünïcode id", " x\ty "] {
      let expected = NameBasedUUID(
        namespace: EventIdentity.namespace,
        name: EventIdentity.uuidName(
          kind: .birthday, sourceIdentifier: identifier, name: name, date: date))
      #expect(
        EventIdentity.uuid(kind: .birthday, sourceIdentifier: identifier, name: name, date: date)
          == expected)
    }
  }

  /// Other dates (`--other-dates`) hash their label after the kind, in both forms.
  @Test func otherDatesHashTheirLabel() throws {
    let name = try #require(PersonName(formatted: "Jane Doe"))
    let date = CivilDate(month: 6, day: 30)!
    for identifier in [nil, "jane-1"] {
      let expected = NameBasedUUID(
        namespace: EventIdentity.namespace,
        name: EventIdentity.uuidName(
          kind: .other, sourceIdentifier: identifier, name: name, date: date,
          label: "Graduation"))
      #expect(
        EventIdentity.uuid(
          kind: .other, sourceIdentifier: identifier, name: name, date: date, label: "Graduation")
          == expected)
    }
    #expect(
      EventIdentity.uuidName(
        kind: .other, sourceIdentifier: nil, name: name, date: date, label: "Graduation")
        == "name:other:graduation:jane doe:06-30")
  }

  @Test func identityKeyBytesEqualTheKeyForEveryLatin1Character() {
    for value in 0x21...0xFF {
      let text = "a" + String(Unicode.Scalar(UInt8(value))) + "Z b"
      var bytes: [UInt8] = []
      TextSanitizer.withIdentityKeyBytes(of: text) { span in
        for index in span.indices { bytes.append(span[index]) }
      }
      #expect(bytes == Array(TextSanitizer.identityKey(text).utf8), "U+\(value)")
    }
  }

  /// Random ASCII and Latin-1 names of every length up to 150 bytes (across the 64-byte pieces
  /// and the eight-byte words): the pieces are the key.
  @Test func identityKeyBytesEqualTheKeyForRandomNames() {
    let alphabet = ["a", "Z", "M", "@", "[", "`", "{", " ", " ", "É", "é", "Ö", "×", "ß", "¡"]
    var generator = SeededGenerator(state: 5)
    for length in 1...150 {
      for _ in 0..<20 {
        let text = (0..<length).map { _ in
          let pick = Int(generator.next() % 32)
          return pick < alphabet.count ? alphabet[pick] : "q"
        }.joined()
        var bytes: [UInt8] = []
        TextSanitizer.withIdentityKeyBytes(of: text) { span in
          for index in span.indices { bytes.append(span[index]) }
        }
        #expect(bytes == Array(TextSanitizer.identityKey(text).utf8), "\(text)")
      }
    }
  }

  @Test func celebrationKeepsAnExplicitUIDAsWritten() {
    let name = PersonName(formatted: "Jane Doe")!
    let date = CivilDate(month: 1, day: 2)!
    let upper = "4FBE8971-0BC3-424C-9C26-36C3E1EFF6B1"
    #expect(Celebration(uid: upper, name: name, kind: .birthday, date: date).uid == upper)
    #expect(Celebration(uid: "plain", name: name, kind: .birthday, date: date).uid == "plain")
    var celebration = Celebration(uid: "plain", name: name, kind: .birthday, date: date)
    celebration.uid = upper.lowercased()
    #expect(celebration.uid == upper.lowercased())
  }

  /// The eight-digits-at-a-time formatting against plain hex, on random and edge values.
  @Test func canonicalTextIsPlainHex() {
    var generator = SystemRandomNumberGenerator()
    let edges: [UInt64] = [0, .max, 0x0123_4567_89AB_CDEF, 0xA0A0_A0A0_0909_0909]
    let values = edges + (0..<500).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
    for (high, low) in zip(values, values.reversed()) {
      let uuid = NameBasedUUID(high: high, low: low)
      let hex = [high, low].map { word in
        let digits = String(word, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
      }.joined()
      var expected = hex
      for dash in [8, 13, 18, 23] {
        expected.insert("-", at: expected.index(expected.startIndex, offsetBy: dash))
      }
      #expect(uuid.description == expected)
      #expect(NameBasedUUID(expected) == uuid)
    }
  }
}
