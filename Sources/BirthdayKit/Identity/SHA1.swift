/// SHA-1 (FIPS 180-4), used only to derive name-based UUIDs (RFC 9562 §5.5).
///
/// Foundation on Linux has no SHA-1 and the package takes no dependencies, so this is a small
/// implementation that allocates nothing per block. It is not used for anything security-relevant.
///
/// ```swift
/// var hash = SHA1()
/// hash.update(Array("abc".utf8))
/// hash.finalize()  // a9993e36 4706816a ba3e2571 7850c26c 9cd0d89d
/// ```
package struct SHA1: Sendable {
  private var h0: UInt32 = 0x6745_2301
  private var h1: UInt32 = 0xEFCD_AB89
  private var h2: UInt32 = 0x98BA_DCFE
  private var h3: UInt32 = 0x1032_5476
  private var h4: UInt32 = 0xC3D2_E1F0
  /// The pending partial block: 64 bytes of inline storage, no heap allocation.
  private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0, 0, 0, 0, 0, 0, 0, 0
  )
  private var messageLength: UInt64 = 0

  /// Creates an empty hash.
  package init() {}

  /// Adds bytes to the message.
  package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let handled: Void? = bytes.withContiguousStorageIfAvailable { update($0) }
    if handled == nil {
      let array = Array(bytes)
      array.withUnsafeBufferPointer { update($0) }
    }
  }

  /// Adds bytes to the message.
  package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while offset < bytes.count {
      let position = Int(messageLength % 64)
      let count = min(64 - position, bytes.count - offset)
      withUnsafeMutableBytes(of: &block) { raw in
        UnsafeMutableRawBufferPointer(rebasing: raw[position..<position + count]).copyMemory(
          from: UnsafeRawBufferPointer(
            rebasing: UnsafeRawBufferPointer(bytes)[offset..<offset + count]))
      }
      offset += count
      messageLength &+= UInt64(count)
      if position + count == 64 { compress() }
    }
  }

  /// Adds the UTF-8 of a constant to the message.
  mutating func update(_ text: StaticString) {
    update(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Pads the message and returns the 20-byte digest.
  package mutating func finalize() -> [UInt8] {
    let (a, b, c, d, e) = finalizeWords()
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [a, b, c, d, e] {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// Pads the message and returns the digest as five words (no allocation).
  mutating func finalizeWords() -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
    let bitLength = messageLength &* 8
    var position = Int(messageLength % 64)
    withUnsafeMutableBytes(of: &block) { raw in
      raw[position] = 0x80
      for index in (position + 1)..<64 { raw[index] = 0 }
    }
    if position >= 56 {
      compress()
      withUnsafeMutableBytes(of: &block) { raw in
        for index in 0..<64 { raw[index] = 0 }
      }
      position = 0
    }
    withUnsafeMutableBytes(of: &block) { raw in
      raw.storeBytes(of: bitLength.bigEndian, toByteOffset: 56, as: UInt64.self)
    }
    compress()
    return (h0, h1, h2, h3, h4)
  }

  /// The digest of `bytes` in one call.
  package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8]
  where Bytes.Element == UInt8 {
    var sha = SHA1()
    sha.update(bytes)
    return sha.finalize()
  }

  /// The digest words of the message `message[0..<length]`, padded in place and hashed block by
  /// block: `message` must hold ``paddedCount(_:)`` bytes. For short messages gathered in one
  /// buffer, this skips the partial-block bookkeeping of ``update(_:)`` and ``finalizeWords()``.
  static func digestWords(paddingInPlace message: UnsafeMutableRawPointer, length: Int) -> (
    UInt32, UInt32, UInt32, UInt32, UInt32
  ) {
    let padded = paddedCount(length)
    message.storeBytes(of: 0x80, toByteOffset: length, as: UInt8.self)
    (message + length + 1).initializeMemory(
      as: UInt8.self, repeating: 0, count: padded - length - 9)
    message.storeBytes(
      of: (UInt64(length) &* 8).bigEndian, toByteOffset: padded - 8, as: UInt64.self)
    var sha = SHA1()
    var offset = 0
    while offset < padded {
      compress(&sha.h0, &sha.h1, &sha.h2, &sha.h3, &sha.h4, block: message + offset)
      offset += 64
    }
    return (sha.h0, sha.h1, sha.h2, sha.h3, sha.h4)
  }

  /// The bytes a message of `length` bytes takes once padded: whole blocks, with room for the
  /// `0x80` byte and the 64-bit length.
  static func paddedCount(_ length: Int) -> Int { (length + 72) / 64 * 64 }

  private mutating func compress() {
    withUnsafeBytes(of: block) { raw in
      if let start = raw.baseAddress { Self.compress(&h0, &h1, &h2, &h3, &h4, block: start) }
    }
  }

  /// One block of 64 bytes at `block`: the schedule first (``schedule(_:into:)``), then the 80
  /// rounds written out, five working words changing roles instead of moving, each adding one
  /// stored word.
  @inline(__always)
  private static func compress(
    _ h0: inout UInt32, _ h1: inout UInt32, _ h2: inout UInt32, _ h3: inout UInt32,
    _ h4: inout UInt32, block: UnsafeRawPointer
  ) {
    // 80 words of schedule, 80 words of schedule plus constant, the rotation count.
    withUnsafeTemporaryAllocation(of: SIMD4<UInt32>.self, capacity: 41) { storage in
      guard let start = storage.baseAddress else { return }
      let words = UnsafeMutableRawPointer(start)
      schedule(block, into: words)
      @inline(__always)
      func wk(_ index: Int) -> UInt32 {
        words.load(fromByteOffset: 320 + index * 4, as: UInt32.self)
      }
      var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
      step(choose(b, c, d) &+ wk(0), &e, a, &b)
      step(choose(a, b, c) &+ wk(1), &d, e, &a)
      step(choose(e, a, b) &+ wk(2), &c, d, &e)
      step(choose(d, e, a) &+ wk(3), &b, c, &d)
      step(choose(c, d, e) &+ wk(4), &a, b, &c)
      step(choose(b, c, d) &+ wk(5), &e, a, &b)
      step(choose(a, b, c) &+ wk(6), &d, e, &a)
      step(choose(e, a, b) &+ wk(7), &c, d, &e)
      step(choose(d, e, a) &+ wk(8), &b, c, &d)
      step(choose(c, d, e) &+ wk(9), &a, b, &c)
      step(choose(b, c, d) &+ wk(10), &e, a, &b)
      step(choose(a, b, c) &+ wk(11), &d, e, &a)
      step(choose(e, a, b) &+ wk(12), &c, d, &e)
      step(choose(d, e, a) &+ wk(13), &b, c, &d)
      step(choose(c, d, e) &+ wk(14), &a, b, &c)
      step(choose(b, c, d) &+ wk(15), &e, a, &b)
      step(choose(a, b, c) &+ wk(16), &d, e, &a)
      step(choose(e, a, b) &+ wk(17), &c, d, &e)
      step(choose(d, e, a) &+ wk(18), &b, c, &d)
      step(choose(c, d, e) &+ wk(19), &a, b, &c)

      step(parity(b, c, d) &+ wk(20), &e, a, &b)
      step(parity(a, b, c) &+ wk(21), &d, e, &a)
      step(parity(e, a, b) &+ wk(22), &c, d, &e)
      step(parity(d, e, a) &+ wk(23), &b, c, &d)
      step(parity(c, d, e) &+ wk(24), &a, b, &c)
      step(parity(b, c, d) &+ wk(25), &e, a, &b)
      step(parity(a, b, c) &+ wk(26), &d, e, &a)
      step(parity(e, a, b) &+ wk(27), &c, d, &e)
      step(parity(d, e, a) &+ wk(28), &b, c, &d)
      step(parity(c, d, e) &+ wk(29), &a, b, &c)
      step(parity(b, c, d) &+ wk(30), &e, a, &b)
      step(parity(a, b, c) &+ wk(31), &d, e, &a)
      step(parity(e, a, b) &+ wk(32), &c, d, &e)
      step(parity(d, e, a) &+ wk(33), &b, c, &d)
      step(parity(c, d, e) &+ wk(34), &a, b, &c)
      step(parity(b, c, d) &+ wk(35), &e, a, &b)
      step(parity(a, b, c) &+ wk(36), &d, e, &a)
      step(parity(e, a, b) &+ wk(37), &c, d, &e)
      step(parity(d, e, a) &+ wk(38), &b, c, &d)
      step(parity(c, d, e) &+ wk(39), &a, b, &c)

      step(majority(b, c, d) &+ wk(40), &e, a, &b)
      step(majority(a, b, c) &+ wk(41), &d, e, &a)
      step(majority(e, a, b) &+ wk(42), &c, d, &e)
      step(majority(d, e, a) &+ wk(43), &b, c, &d)
      step(majority(c, d, e) &+ wk(44), &a, b, &c)
      step(majority(b, c, d) &+ wk(45), &e, a, &b)
      step(majority(a, b, c) &+ wk(46), &d, e, &a)
      step(majority(e, a, b) &+ wk(47), &c, d, &e)
      step(majority(d, e, a) &+ wk(48), &b, c, &d)
      step(majority(c, d, e) &+ wk(49), &a, b, &c)
      step(majority(b, c, d) &+ wk(50), &e, a, &b)
      step(majority(a, b, c) &+ wk(51), &d, e, &a)
      step(majority(e, a, b) &+ wk(52), &c, d, &e)
      step(majority(d, e, a) &+ wk(53), &b, c, &d)
      step(majority(c, d, e) &+ wk(54), &a, b, &c)
      step(majority(b, c, d) &+ wk(55), &e, a, &b)
      step(majority(a, b, c) &+ wk(56), &d, e, &a)
      step(majority(e, a, b) &+ wk(57), &c, d, &e)
      step(majority(d, e, a) &+ wk(58), &b, c, &d)
      step(majority(c, d, e) &+ wk(59), &a, b, &c)

      step(parity(b, c, d) &+ wk(60), &e, a, &b)
      step(parity(a, b, c) &+ wk(61), &d, e, &a)
      step(parity(e, a, b) &+ wk(62), &c, d, &e)
      step(parity(d, e, a) &+ wk(63), &b, c, &d)
      step(parity(c, d, e) &+ wk(64), &a, b, &c)
      step(parity(b, c, d) &+ wk(65), &e, a, &b)
      step(parity(a, b, c) &+ wk(66), &d, e, &a)
      step(parity(e, a, b) &+ wk(67), &c, d, &e)
      step(parity(d, e, a) &+ wk(68), &b, c, &d)
      step(parity(c, d, e) &+ wk(69), &a, b, &c)
      step(parity(b, c, d) &+ wk(70), &e, a, &b)
      step(parity(a, b, c) &+ wk(71), &d, e, &a)
      step(parity(e, a, b) &+ wk(72), &c, d, &e)
      step(parity(d, e, a) &+ wk(73), &b, c, &d)
      step(parity(c, d, e) &+ wk(74), &a, b, &c)
      step(parity(b, c, d) &+ wk(75), &e, a, &b)
      step(parity(a, b, c) &+ wk(76), &d, e, &a)
      step(parity(e, a, b) &+ wk(77), &c, d, &e)
      step(parity(d, e, a) &+ wk(78), &b, c, &d)
      step(parity(c, d, e) &+ wk(79), &a, b, &c)

      h0 = h0 &+ a
      h1 = h1 &+ b
      h2 = h2 &+ c
      h3 = h3 &+ d
      h4 = h4 &+ e
    }
  }

  /// Stores the 80 schedule words `w[t]` at `words` and, 320 bytes on, each plus its round's
  /// constant. Words 0-15 are the block's big-endian words, 16-31 follow `w[t] = rotl1(w[t-3] ^
  /// w[t-8] ^ w[t-14] ^ w[t-16])` one by one (`w[t-3]` is one of the four before), the rest go
  /// four at a time (``lateSchedule(_:)``).
  @inline(__always)
  private static func schedule(_ block: UnsafeRawPointer, into words: UnsafeMutableRawPointer) {
    @inline(__always)
    func at(_ index: Int) -> UInt32 { words.load(fromByteOffset: index * 4, as: UInt32.self) }
    @inline(__always)
    func word(_ index: Int) {
      let value = block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
      words.storeBytes(of: UInt32(bigEndian: value), toByteOffset: index * 4, as: UInt32.self)
    }
    @inline(__always)
    func early(_ t: Int) {
      let mixed = at(t - 3) ^ at(t - 8) ^ at(t - 14) ^ at(t - 16)
      words.storeBytes(of: mixed &<< 1 | mixed &>> 31, toByteOffset: t * 4, as: UInt32.self)
    }
    word(0)
    word(1)
    word(2)
    word(3)
    word(4)
    word(5)
    word(6)
    word(7)
    word(8)
    word(9)
    word(10)
    word(11)
    word(12)
    word(13)
    word(14)
    word(15)
    early(16)
    early(17)
    early(18)
    early(19)
    early(20)
    early(21)
    early(22)
    early(23)
    early(24)
    early(25)
    early(26)
    early(27)
    early(28)
    early(29)
    early(30)
    early(31)
    words.storeBytes(of: SIMD2<UInt32>(2, 30), toByteOffset: 640, as: SIMD2<UInt32>.self)
    lateSchedule(words)
  }

  /// Words 32-79, and all 80 plus their rounds' constants 320 bytes on, from words 0-31 at
  /// `words`, four at a time: `w[t] = rotl2(w[t-6] ^ w[t-16] ^ w[t-28] ^ w[t-32])` (equivalent
  /// to the definition from word 32 on) needs no word of the same four. Not inlined, and the
  /// rotation count read from memory (at byte 640): with the stores of the scalar words in
  /// view, or a constant count, the compiler turned the lanes back into word-by-word work.
  @inline(never)
  private static func lateSchedule(_ words: UnsafeMutableRawPointer) {
    typealias Lanes = SIMD4<UInt32>
    let (k0, k1, k2, k3): (UInt32, UInt32, UInt32, UInt32) = (
      0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xCA62_C1D6
    )
    let count = words.load(fromByteOffset: 640, as: SIMD2<UInt32>.self)
    @inline(__always)
    func rotl2(_ x: Lanes) -> Lanes { (x &<< count[0]) | (x &>> count[1]) }
    /// Lanes 2 and 3 of `first`, then lanes 0 and 1 of `second` (one 64-bit shuffle).
    @inline(__always)
    func middle(_ first: Lanes, _ second: Lanes) -> Lanes {
      let high = unsafeBitCast(first, to: SIMD2<UInt64>.self)[1]
      let low = unsafeBitCast(second, to: SIMD2<UInt64>.self)[0]
      return unsafeBitCast(SIMD2<UInt64>(high, low), to: Lanes.self)
    }
    @inline(__always)
    func load(_ index: Int) -> Lanes { words.load(fromByteOffset: index * 16, as: Lanes.self) }
    @inline(__always)
    func store(_ lanes: Lanes, _ constant: UInt32, _ index: Int) {
      words.storeBytes(
        of: lanes &+ Lanes(repeating: constant), toByteOffset: 320 + index * 16, as: Lanes.self)
    }
    let (v0, v1, v2, v3) = (load(0), load(1), load(2), load(3))
    let (v4, v5, v6, v7) = (load(4), load(5), load(6), load(7))
    let v8 = rotl2(middle(v6, v7) ^ v4 ^ v1 ^ v0)
    let v9 = rotl2(middle(v7, v8) ^ v5 ^ v2 ^ v1)
    let v10 = rotl2(middle(v8, v9) ^ v6 ^ v3 ^ v2)
    let v11 = rotl2(middle(v9, v10) ^ v7 ^ v4 ^ v3)
    let v12 = rotl2(middle(v10, v11) ^ v8 ^ v5 ^ v4)
    let v13 = rotl2(middle(v11, v12) ^ v9 ^ v6 ^ v5)
    let v14 = rotl2(middle(v12, v13) ^ v10 ^ v7 ^ v6)
    let v15 = rotl2(middle(v13, v14) ^ v11 ^ v8 ^ v7)
    let v16 = rotl2(middle(v14, v15) ^ v12 ^ v9 ^ v8)
    let v17 = rotl2(middle(v15, v16) ^ v13 ^ v10 ^ v9)
    let v18 = rotl2(middle(v16, v17) ^ v14 ^ v11 ^ v10)
    let v19 = rotl2(middle(v17, v18) ^ v15 ^ v12 ^ v11)
    store(v0, k0, 0)
    store(v1, k0, 1)
    store(v2, k0, 2)
    store(v3, k0, 3)
    store(v4, k0, 4)
    store(v5, k1, 5)
    store(v6, k1, 6)
    store(v7, k1, 7)
    store(v8, k1, 8)
    store(v9, k1, 9)
    store(v10, k2, 10)
    store(v11, k2, 11)
    store(v12, k2, 12)
    store(v13, k2, 13)
    store(v14, k2, 14)
    store(v15, k3, 15)
    store(v16, k3, 16)
    store(v17, k3, 17)
    store(v18, k3, 18)
    store(v19, k3, 19)
  }
}

/// One round with the roles of the words passed in: `e += rotl5(a) + mixed`, `b = rotl30(b)`.
@inline(__always)
private func step(_ mixed: UInt32, _ e: inout UInt32, _ a: UInt32, _ b: inout UInt32) {
  e = e &+ (a &<< 5 | a &>> 27) &+ mixed
  b = b &<< 30 | b &>> 2
}

@inline(__always)
private func choose(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 { d ^ (b & (c ^ d)) }

@inline(__always)
private func parity(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 { b ^ c ^ d }

@inline(__always)
private func majority(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 { (b & c) | (d & (b | c)) }
