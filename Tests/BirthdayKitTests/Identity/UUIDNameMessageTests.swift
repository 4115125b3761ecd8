import Testing

@testable import BirthdayKit

/// Name-based UUIDs are hashed in one go from a stack buffer up to
/// ``UUIDNameMessage/capacity``, and through a streaming ``SHA1`` beyond it. The constants are
/// Python's (`hashlib.sha1`, `uuid.uuid5` in bdconvert's namespace) over the same inputs, for
/// every length 0–300: across the 55/56/64-byte block edges and the stack buffer's limit.
@Suite struct UUIDNameMessageTests {
  /// The one-shot digest of every message of 0–300 bytes equals the streaming one and Python's.
  @Test func oneShotDigestsMatchStreamingAndPythonHashlib() {
    var digests: [UInt8] = []
    for length in 0...300 {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length &* 7 &+ 3) }
      let padded = SHA1.paddedCount(length)
      #expect(padded % 64 == 0 && padded >= length + 9 && padded < length + 73)
      var storage = message + [UInt8](repeating: 0xEE, count: padded - length)
      var span = storage.mutableSpan
      let words = SHA1.digestWords(paddingInPlace: &span, length: length)
      var digest: [UInt8] = []
      for word in [words.0, words.1, words.2, words.3, words.4] {
        digest += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) }
      }
      #expect(digest == SHA1.hash(message), "length \(length)")
      digests += digest
    }
    #expect(SHA1Tests.hex(SHA1.hash(digests)) == "8ae35df3e67de65807442344e5b442ee9c03a047")
  }

  /// Names of 0–300 scalars of one to four UTF-8 bytes (up to 1,200 bytes, far past the stack
  /// buffer) give Python's `uuid5`.
  @Test func mixedNamesMatchPythonUUID5() {
    let alphabet = ["a", "é", "日", "😀", "Z", "-", "q"]
    var text = ""
    for length in 0...300 {
      let name = (0..<length).map { alphabet[($0 * 5 + length * 3) % 7] }.joined()
      text += NameBasedUUID(namespace: EventIdentity.namespace, name: name).description
    }
    #expect(
      SHA1Tests.hex(SHA1.hash(Array(text.utf8))) == "1140080eae0215af99d45fe70fd661bb67f056e2")
  }

  /// UIDs from source identifiers of 1–300 bytes (the prefix and the identifier are two pieces,
  /// the second crossing the stack buffer's limit from 155 bytes on).
  @Test func identifierUIDsOfEveryLengthMatchPythonUUID5() throws {
    let name = try #require(PersonName(formatted: "Jane Doe"))
    let date = CivilDate(year: 1985, month: 2, day: 9)!
    var text = ""
    for length in 1...300 {
      let identifier = String(
        decoding: (0..<length).map { UInt8(0x61 + ($0 * 11 + length) % 26) }, as: UTF8.self)
      text +=
        EventIdentity.uuid(
          kind: .birthday, sourceIdentifier: identifier, name: name, date: date
        ).description
    }
    #expect(
      SHA1Tests.hex(SHA1.hash(Array(text.utf8))) == "10ec3e1c815ec0b86ce6fbb72796ab6f8ea8b2af")
  }

  /// UIDs from names of 1–300 letters: prefix, case-folded name and `:MM-DD` are three pieces;
  /// past the limit the date spills alone or with the name.
  @Test func nameUIDsOfEveryLengthMatchPythonUUID5() throws {
    let date = CivilDate(year: 1985, month: 2, day: 9)!
    var text = ""
    for length in 1...300 {
      let letters = (0..<length).map { index in
        UInt8((index + length) % 3 == 0 ? 0x41 : 0x61) + UInt8((index * 7 + length) % 26)
      }
      let name = try #require(PersonName(formatted: String(decoding: letters, as: UTF8.self)))
      text +=
        EventIdentity.uuid(kind: .anniversary, sourceIdentifier: nil, name: name, date: date)
        .description
    }
    #expect(
      SHA1Tests.hex(SHA1.hash(Array(text.utf8))) == "d4730035cc335d7f76b9c7d7962a31146a91b0a4")
  }

  /// However a name is cut into pieces (empty ones too), around the limit and past it, the
  /// UUID is the one of the whole name.
  @Test func piecesGiveTheUUIDOfTheWholeName() {
    let name = (0..<260).map { UInt8(0x30 + $0 % 75) }
    for length in [0, 1, 39, 40, 48, 103, 104, 150, 166, 167, 168, 200, 260] {
      let whole = Array(name[..<length])
      let expected = NameBasedUUID(namespace: EventIdentity.namespace, nameBytes: whole.span)
      for cut in [0, 1, length / 3, length / 2, length - 1, length] where (0...length).contains(cut)
      {
        let uuid = NameBasedUUID(namespace: EventIdentity.namespace) { message in
          let bytes = whole.span
          message.update(bytes.extracting(..<cut))
          message.update(bytes.extracting(cut..<cut))
          message.update(bytes.extracting(cut...))
        }
        #expect(uuid == expected, "length \(length), cut \(cut)")
      }
    }
  }
}
