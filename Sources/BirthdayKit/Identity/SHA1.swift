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

  private mutating func compress() {
    withUnsafeBytes(of: block) { raw in
      Self.compress(&h0, &h1, &h2, &h3, &h4, block: raw)
    }
  }

  /// One block: the 80 rounds written out, five working words that change roles instead of
  /// moving, and the message schedule kept as sixteen words that are rewritten in place
  /// (`w[t] = rotl1(w[t-3] ^ w[t-8] ^ w[t-14] ^ w[t-16])` with `t` mod 16). With no loop, no
  /// index and no array, the compiler keeps the working words in registers.
  @inline(__always)
  private static func compress(
    _ h0: inout UInt32, _ h1: inout UInt32, _ h2: inout UInt32, _ h3: inout UInt32,
    _ h4: inout UInt32, block: UnsafeRawBufferPointer
  ) {
    func word(_ index: Int) -> UInt32 {
      UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
    }
    var (w0, w1, w2, w3, w4, w5, w6, w7) = (
      word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7)
    )
    var (w8, w9, w10, w11, w12, w13, w14, w15) = (
      word(8), word(9), word(10), word(11), word(12), word(13), word(14), word(15)
    )
    let (k0, k1, k2, k3): (UInt32, UInt32, UInt32, UInt32) = (
      0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xCA62_C1D6
    )
    var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
    step(choose(b, c, d) &+ k0 &+ w0, &e, a, &b)
    step(choose(a, b, c) &+ k0 &+ w1, &d, e, &a)
    step(choose(e, a, b) &+ k0 &+ w2, &c, d, &e)
    step(choose(d, e, a) &+ k0 &+ w3, &b, c, &d)
    step(choose(c, d, e) &+ k0 &+ w4, &a, b, &c)
    step(choose(b, c, d) &+ k0 &+ w5, &e, a, &b)
    step(choose(a, b, c) &+ k0 &+ w6, &d, e, &a)
    step(choose(e, a, b) &+ k0 &+ w7, &c, d, &e)
    step(choose(d, e, a) &+ k0 &+ w8, &b, c, &d)
    step(choose(c, d, e) &+ k0 &+ w9, &a, b, &c)
    step(choose(b, c, d) &+ k0 &+ w10, &e, a, &b)
    step(choose(a, b, c) &+ k0 &+ w11, &d, e, &a)
    step(choose(e, a, b) &+ k0 &+ w12, &c, d, &e)
    step(choose(d, e, a) &+ k0 &+ w13, &b, c, &d)
    step(choose(c, d, e) &+ k0 &+ w14, &a, b, &c)
    step(choose(b, c, d) &+ k0 &+ w15, &e, a, &b)
    step(choose(a, b, c) &+ k0 &+ mix(&w0, w13, w8, w2), &d, e, &a)
    step(choose(e, a, b) &+ k0 &+ mix(&w1, w14, w9, w3), &c, d, &e)
    step(choose(d, e, a) &+ k0 &+ mix(&w2, w15, w10, w4), &b, c, &d)
    step(choose(c, d, e) &+ k0 &+ mix(&w3, w0, w11, w5), &a, b, &c)

    step(parity(b, c, d) &+ k1 &+ mix(&w4, w1, w12, w6), &e, a, &b)
    step(parity(a, b, c) &+ k1 &+ mix(&w5, w2, w13, w7), &d, e, &a)
    step(parity(e, a, b) &+ k1 &+ mix(&w6, w3, w14, w8), &c, d, &e)
    step(parity(d, e, a) &+ k1 &+ mix(&w7, w4, w15, w9), &b, c, &d)
    step(parity(c, d, e) &+ k1 &+ mix(&w8, w5, w0, w10), &a, b, &c)
    step(parity(b, c, d) &+ k1 &+ mix(&w9, w6, w1, w11), &e, a, &b)
    step(parity(a, b, c) &+ k1 &+ mix(&w10, w7, w2, w12), &d, e, &a)
    step(parity(e, a, b) &+ k1 &+ mix(&w11, w8, w3, w13), &c, d, &e)
    step(parity(d, e, a) &+ k1 &+ mix(&w12, w9, w4, w14), &b, c, &d)
    step(parity(c, d, e) &+ k1 &+ mix(&w13, w10, w5, w15), &a, b, &c)
    step(parity(b, c, d) &+ k1 &+ mix(&w14, w11, w6, w0), &e, a, &b)
    step(parity(a, b, c) &+ k1 &+ mix(&w15, w12, w7, w1), &d, e, &a)
    step(parity(e, a, b) &+ k1 &+ mix(&w0, w13, w8, w2), &c, d, &e)
    step(parity(d, e, a) &+ k1 &+ mix(&w1, w14, w9, w3), &b, c, &d)
    step(parity(c, d, e) &+ k1 &+ mix(&w2, w15, w10, w4), &a, b, &c)
    step(parity(b, c, d) &+ k1 &+ mix(&w3, w0, w11, w5), &e, a, &b)
    step(parity(a, b, c) &+ k1 &+ mix(&w4, w1, w12, w6), &d, e, &a)
    step(parity(e, a, b) &+ k1 &+ mix(&w5, w2, w13, w7), &c, d, &e)
    step(parity(d, e, a) &+ k1 &+ mix(&w6, w3, w14, w8), &b, c, &d)
    step(parity(c, d, e) &+ k1 &+ mix(&w7, w4, w15, w9), &a, b, &c)

    step(majority(b, c, d) &+ k2 &+ mix(&w8, w5, w0, w10), &e, a, &b)
    step(majority(a, b, c) &+ k2 &+ mix(&w9, w6, w1, w11), &d, e, &a)
    step(majority(e, a, b) &+ k2 &+ mix(&w10, w7, w2, w12), &c, d, &e)
    step(majority(d, e, a) &+ k2 &+ mix(&w11, w8, w3, w13), &b, c, &d)
    step(majority(c, d, e) &+ k2 &+ mix(&w12, w9, w4, w14), &a, b, &c)
    step(majority(b, c, d) &+ k2 &+ mix(&w13, w10, w5, w15), &e, a, &b)
    step(majority(a, b, c) &+ k2 &+ mix(&w14, w11, w6, w0), &d, e, &a)
    step(majority(e, a, b) &+ k2 &+ mix(&w15, w12, w7, w1), &c, d, &e)
    step(majority(d, e, a) &+ k2 &+ mix(&w0, w13, w8, w2), &b, c, &d)
    step(majority(c, d, e) &+ k2 &+ mix(&w1, w14, w9, w3), &a, b, &c)
    step(majority(b, c, d) &+ k2 &+ mix(&w2, w15, w10, w4), &e, a, &b)
    step(majority(a, b, c) &+ k2 &+ mix(&w3, w0, w11, w5), &d, e, &a)
    step(majority(e, a, b) &+ k2 &+ mix(&w4, w1, w12, w6), &c, d, &e)
    step(majority(d, e, a) &+ k2 &+ mix(&w5, w2, w13, w7), &b, c, &d)
    step(majority(c, d, e) &+ k2 &+ mix(&w6, w3, w14, w8), &a, b, &c)
    step(majority(b, c, d) &+ k2 &+ mix(&w7, w4, w15, w9), &e, a, &b)
    step(majority(a, b, c) &+ k2 &+ mix(&w8, w5, w0, w10), &d, e, &a)
    step(majority(e, a, b) &+ k2 &+ mix(&w9, w6, w1, w11), &c, d, &e)
    step(majority(d, e, a) &+ k2 &+ mix(&w10, w7, w2, w12), &b, c, &d)
    step(majority(c, d, e) &+ k2 &+ mix(&w11, w8, w3, w13), &a, b, &c)

    step(parity(b, c, d) &+ k3 &+ mix(&w12, w9, w4, w14), &e, a, &b)
    step(parity(a, b, c) &+ k3 &+ mix(&w13, w10, w5, w15), &d, e, &a)
    step(parity(e, a, b) &+ k3 &+ mix(&w14, w11, w6, w0), &c, d, &e)
    step(parity(d, e, a) &+ k3 &+ mix(&w15, w12, w7, w1), &b, c, &d)
    step(parity(c, d, e) &+ k3 &+ mix(&w0, w13, w8, w2), &a, b, &c)
    step(parity(b, c, d) &+ k3 &+ mix(&w1, w14, w9, w3), &e, a, &b)
    step(parity(a, b, c) &+ k3 &+ mix(&w2, w15, w10, w4), &d, e, &a)
    step(parity(e, a, b) &+ k3 &+ mix(&w3, w0, w11, w5), &c, d, &e)
    step(parity(d, e, a) &+ k3 &+ mix(&w4, w1, w12, w6), &b, c, &d)
    step(parity(c, d, e) &+ k3 &+ mix(&w5, w2, w13, w7), &a, b, &c)
    step(parity(b, c, d) &+ k3 &+ mix(&w6, w3, w14, w8), &e, a, &b)
    step(parity(a, b, c) &+ k3 &+ mix(&w7, w4, w15, w9), &d, e, &a)
    step(parity(e, a, b) &+ k3 &+ mix(&w8, w5, w0, w10), &c, d, &e)
    step(parity(d, e, a) &+ k3 &+ mix(&w9, w6, w1, w11), &b, c, &d)
    step(parity(c, d, e) &+ k3 &+ mix(&w10, w7, w2, w12), &a, b, &c)
    step(parity(b, c, d) &+ k3 &+ mix(&w11, w8, w3, w13), &e, a, &b)
    step(parity(a, b, c) &+ k3 &+ mix(&w12, w9, w4, w14), &d, e, &a)
    step(parity(e, a, b) &+ k3 &+ mix(&w13, w10, w5, w15), &c, d, &e)
    step(parity(d, e, a) &+ k3 &+ mix(&w14, w11, w6, w0), &b, c, &d)
    step(parity(c, d, e) &+ k3 &+ mix(&w15, w12, w7, w1), &a, b, &c)

    h0 = h0 &+ a
    h1 = h1 &+ b
    h2 = h2 &+ c
    h3 = h3 &+ d
    h4 = h4 &+ e
  }
}

/// One round with the roles of the words passed in: `e += rotl5(a) + mixed`, `b = rotl30(b)`.
@inline(__always)
private func step(_ mixed: UInt32, _ e: inout UInt32, _ a: UInt32, _ b: inout UInt32) {
  e = e &+ (a &<< 5 | a &>> 27) &+ mixed
  b = b &<< 30 | b &>> 2
}

/// The next schedule word, stored over the word sixteen rounds back (`w` holds it on entry).
@inline(__always)
private func mix(
  _ w: inout UInt32, _ back3: UInt32, _ back8: UInt32, _ back14: UInt32
) -> UInt32 {
  let mixed = back3 ^ back8 ^ back14 ^ w
  w = mixed &<< 1 | mixed &>> 31
  return w
}

@inline(__always)
private func choose(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 { d ^ (b & (c ^ d)) }

@inline(__always)
private func parity(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 { b ^ c ^ d }

@inline(__always)
private func majority(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 { (b & c) | (d & (b | c)) }
