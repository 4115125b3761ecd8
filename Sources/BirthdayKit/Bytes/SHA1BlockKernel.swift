/// The SHA-1 block function (FIPS 180-4 §6.1.2) for ``SHA1``: reads 64-byte blocks of a span
/// and keeps the 80-word schedule in stack memory, loading and storing it through raw pointers so
/// that the late schedule runs four words to a vector.
///
/// This is one of the few places that read memory through raw pointers: every block read lies
/// inside the span given (checked on entry), and the schedule is a temporary allocation of its
/// own.
enum SHA1BlockKernel {
  /// The five chaining words of a hash.
  struct State: Sendable {
    var h0: UInt32 = 0x6745_2301
    var h1: UInt32 = 0xEFCD_AB89
    var h2: UInt32 = 0x98BA_DCFE
    var h3: UInt32 = 0x1032_5476
    var h4: UInt32 = 0xC3D2_E1F0
  }

  /// Hashes every 64-byte block of `blocks` into `state`; `blocks.count` is a multiple of 64.
  @inline(__always)
  static func compress(_ state: inout State, blocks: Span<UInt8>) {
    precondition(blocks.count % 64 == 0, "SHA-1 hashes whole blocks")
    blocks.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        compress(&state.h0, &state.h1, &state.h2, &state.h3, &state.h4, block: base + offset)
        offset += 64
      }
    }
  }

  /// Pads the message `message[0..<length]` in place (FIPS 180-4 §5.1.1: `0x80`, zeros, the
  /// bit length) and hashes it into `state`. `message` holds at least the padded length, the
  /// message rounded up to whole blocks with room for nine more bytes.
  @inline(__always)
  static func compress(
    _ state: inout State, paddingInPlace message: inout MutableSpan<UInt8>, length: Int
  ) {
    let padded = (length + 72) / 64 * 64
    precondition(length >= 0 && padded <= message.count, "no room for the padding")
    message.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      base.storeBytes(of: 0x80, toByteOffset: length, as: UInt8.self)
      (base + length + 1).initializeMemory(as: UInt8.self, repeating: 0, count: padded - length - 9)
      base.storeBytes(
        of: (UInt64(length) &* 8).bigEndian, toByteOffset: padded - 8, as: UInt64.self)
      var offset = 0
      while offset < padded {
        compress(&state.h0, &state.h1, &state.h2, &state.h3, &state.h4, block: base + offset)
        offset += 64
      }
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
