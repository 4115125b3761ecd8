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
    // The whole 80-word message schedule on the stack (320 bytes), then the rounds: four plain
    // loops, one per round function, with nothing but registers in them.
    var schedule:
      (
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
      ) = (
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      )
    let block = self.block
    withUnsafeMutableBytes(of: &schedule) { raw in
      let w = raw.assumingMemoryBound(to: UInt32.self)
      withUnsafeBytes(of: block) { source in
        for index in 0..<16 {
          w[index] = UInt32(
            bigEndian: source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
      }
      for index in 16..<80 {
        let mixed = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
        w[index] = (mixed << 1) | (mixed >> 31)
      }
      var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
      for index in 0..<20 {
        let temp = ((a << 5) | (a >> 27)) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[index]
        (e, d, c, b, a) = (d, c, (b << 30) | (b >> 2), a, temp)
      }
      for index in 20..<40 {
        let temp = ((a << 5) | (a >> 27)) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[index]
        (e, d, c, b, a) = (d, c, (b << 30) | (b >> 2), a, temp)
      }
      for index in 40..<60 {
        let temp =
          ((a << 5) | (a >> 27)) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[index]
        (e, d, c, b, a) = (d, c, (b << 30) | (b >> 2), a, temp)
      }
      for index in 60..<80 {
        let temp = ((a << 5) | (a >> 27)) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[index]
        (e, d, c, b, a) = (d, c, (b << 30) | (b >> 2), a, temp)
      }
      h0 = h0 &+ a
      h1 = h1 &+ b
      h2 = h2 &+ c
      h3 = h3 &+ d
      h4 = h4 &+ e
    }
  }
}
