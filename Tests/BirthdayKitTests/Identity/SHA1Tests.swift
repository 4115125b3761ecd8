import Testing

@testable import BirthdayKit

@Suite struct SHA1Tests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test(arguments: [
    ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),  // FIPS 180 empty message
    ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),  // FIPS 180-2 appendix A.1
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
    ),  // FIPS 180-2 A.2, 448 bits: padding spills into a second block
    (
      "The quick brown fox jumps over the lazy dog",
      "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"
    ),  // well-known vector
    // 55: length fits
    (String(repeating: "a", count: 55), "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
    // 56: extra block
    (String(repeating: "a", count: 56), "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
    // exactly one block
    (String(repeating: "a", count: 64), "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
  ])
  func knownVectors(message: String, digest: String) {
    #expect(Self.hex(SHA1.hash(Array(message.utf8))) == digest)
  }

  @Test func millionAs() {
    // FIPS 180-2 appendix A.3, fed in uneven pieces to exercise block boundaries.
    var sha = SHA1()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
    var remaining = 1_000_000
    while remaining > 0 {
      let count = min(remaining, chunk.count)
      sha.update(chunk[0..<count])
      remaining -= count
    }
    #expect(Self.hex(sha.finalize()) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  /// Every message length from 0 to 300 bytes (one to six blocks, every padding case), random
  /// bytes, whole and in pieces of 1 to 70 bytes, against the textbook definition below.
  @Test func everyLengthMatchesTheTextbookDefinition() {
    var generator = SystemRandomNumberGenerator()
    for length in 0...300 {
      let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let expected = Self.hex(Self.textbookSHA1(message))
      #expect(Self.hex(SHA1.hash(message)) == expected, "length \(length)")
      var sha = SHA1()
      var offset = 0
      while offset < length {
        let count = min(Int.random(in: 1...70, using: &generator), length - offset)
        sha.update(message[offset..<offset + count])
        offset += count
      }
      #expect(Self.hex(sha.finalize()) == expected, "length \(length) in pieces")
    }
  }

  /// Every length from 0 to 200 bytes (both sides of the 55/56 and 64-byte edges, up to four
  /// blocks) against Python's `hashlib`: the SHA-1 of the 201 digests of `(7i + n) % 256`,
  /// computed by `hashlib.sha1(b"".join(hashlib.sha1(bytes((i*7+n)%256 for i in range(n)))
  /// .digest() for n in range(201))).hexdigest()`.
  @Test func everyLengthTo200MatchesPythonHashlib() {
    var digests: [UInt8] = []
    for length in 0...200 {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + length) }
      digests += SHA1.hash(message)
    }
    #expect(Self.hex(SHA1.hash(digests)) == "d0de06f4c5cb01efe13d538b17bbc0bd8144a1c2")
  }

  /// FIPS 180-4 §6.1 as written: an 80-word schedule and one loop over the rounds.
  static func textbookSHA1(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message + [0x80]
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) * 8
    for shift in stride(from: 56, through: 0, by: -8) {
      padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
    for blockStart in stride(from: 0, to: padded.count, by: 64) {
      var w = [UInt32](repeating: 0, count: 80)
      for t in 0..<16 {
        for byte in 0..<4 { w[t] = w[t] << 8 | UInt32(padded[blockStart + 4 * t + byte]) }
      }
      for t in 16..<80 { w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for t in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch t {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[t]
        (e, d, c, b, a) = (d, c, rotl(b, 30), a, temp)
      }
      h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
    }
    return h.flatMap { word in
      (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) }
    }
  }
}

@Suite struct NameBasedUUIDTests {
  @Test func rfc9562TestVector() {
    // RFC 9562 Appendix A.4; also Python's uuid.uuid5(uuid.NAMESPACE_DNS, "www.example.com").
    #expect(
      NameBasedUUID(namespace: .dns, name: "www.example.com").description
        == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
  }

  /// Names of 0 to 200 letters in bdconvert's namespace (a 16-byte namespace puts the block
  /// edges at 39/40 and 48 bytes of name) against Python's `uuid.uuid5`: the SHA-1 of the 201
  /// UUIDs' text, `hashlib.sha1("".join(str(uuid.uuid5(ns, "".join(chr(0x61 + (i*5+n) % 26)
  /// for i in range(n)))) for n in range(201)).encode()).hexdigest()`.
  @Test func namesOfEveryLengthTo200MatchPythonUUID5() {
    #expect(
      NameBasedUUID(namespace: EventIdentity.namespace, name: "").description
        == "f3767c15-10be-5d0e-b961-7740bd1dec70")
    #expect(
      NameBasedUUID(namespace: EventIdentity.namespace, name: String(repeating: "a", count: 39))
        .description == "e223553b-1293-5921-8e2b-baeed7476bc4")
    #expect(
      NameBasedUUID(namespace: EventIdentity.namespace, name: String(repeating: "a", count: 40))
        .description == "2eb9a016-154e-5aff-b87f-2bd3aa8457e3")
    #expect(
      NameBasedUUID(namespace: EventIdentity.namespace, name: String(repeating: "a", count: 48))
        .description == "d4c11341-d53e-5711-a8b4-b34ac8a944ed")
    var text = ""
    for length in 0...200 {
      let name = String(
        decoding: (0..<length).map { UInt8(0x61 + ($0 * 5 + length) % 26) }, as: UTF8.self)
      text += NameBasedUUID(namespace: EventIdentity.namespace, name: name).description
    }
    #expect(
      SHA1Tests.hex(SHA1.hash(Array(text.utf8))) == "f54e63b97959fccfb0c25d3c9dfbc0b44f551bb1")
  }

  @Test func parsesCanonicalFormAndRejectsOthers() {
    let text = "2ed6657d-e927-568b-95e1-2665a8aea6a2"
    #expect(NameBasedUUID(text)?.description == text)
    #expect(NameBasedUUID("2ED6657D-E927-568B-95E1-2665A8AEA6A2")?.description == text)
    #expect(NameBasedUUID("2ed6657de927568b95e12665a8aea6a2") == nil)  // no dashes
    #expect(NameBasedUUID("2ed6657d-e927-568b-95e1-2665a8aea6a") == nil)  // short
    #expect(NameBasedUUID("2ed6657d-e927-568b-95e1-2665a8aea6ag") == nil)  // not hex
  }

  @Test func versionAndVariantBits() {
    let uuid = NameBasedUUID(namespace: EventIdentity.namespace, name: "anything")
    #expect(uuid.bytes[6] >> 4 == 5)
    #expect(uuid.bytes[8] >> 6 == 0b10)
  }
}

@Suite struct EventIdentityTests {
  let jane = PersonName(formatted: "Jane Doe", given: "Jane", family: "Doe")!
  let date = CivilDate(year: 1985, month: 4, day: 12)!

  @Test func sourceIdentifierWinsAndKindSeparatesEvents() {
    let birthday = EventIdentity.uid(
      kind: .birthday, sourceIdentifier: "urn:uuid:1234", name: jane, date: date)
    let anniversary = EventIdentity.uid(
      kind: .anniversary, sourceIdentifier: "urn:uuid:1234", name: jane, date: date)
    #expect(birthday != anniversary)
    #expect(
      EventIdentity.uuidName(
        kind: .birthday, sourceIdentifier: "urn:uuid:1234", name: jane, date: date)
        == "uid:birthday:urn:uuid:1234")
    // A renamed contact with the same UID keeps its event UID.
    let renamed = PersonName(formatted: "Jane Smith")!
    #expect(
      EventIdentity.uid(
        kind: .birthday, sourceIdentifier: "urn:uuid:1234", name: renamed, date: date) == birthday)
  }

  @Test func withoutIdentifierTheNormalizedNameAndDayDecide() {
    let spaced = PersonName(formatted: "  JANE   doe ")!
    let uid = EventIdentity.uid(kind: .birthday, sourceIdentifier: nil, name: jane, date: date)
    #expect(
      EventIdentity.uid(kind: .birthday, sourceIdentifier: nil, name: spaced, date: date) == uid)
    // The year does not matter (a CSV without the year is still the same person) ...
    #expect(
      EventIdentity.uid(kind: .birthday, sourceIdentifier: "", name: jane, date: date.withoutYear)
        == uid)
    // ... the day does.
    #expect(
      EventIdentity.uid(
        kind: .birthday, sourceIdentifier: nil, name: jane, date: CivilDate(month: 4, day: 13)!)
        != uid)
    #expect(
      EventIdentity.uuidName(kind: .birthday, sourceIdentifier: nil, name: jane, date: date)
        == "name:birthday:jane doe:04-12")
  }

  @Test func uidsAreStableAcrossReleases() {
    // Changing the namespace or the name scheme would orphan every UID users already imported.
    #expect(EventIdentity.namespace.description == "3f1c2a9e-7b4d-4e8a-9c61-5d2f0b8e6a17")
    // Cross-checked with Python: uuid.uuid5(UUID('3f1c2a9e-…6a17'), 'name:birthday:jane doe:04-12').
    #expect(
      EventIdentity.uid(kind: .birthday, sourceIdentifier: nil, name: jane, date: date)
        == "a447c17f-f86f-5fdf-b2e0-b844ade4757b")
  }
}
