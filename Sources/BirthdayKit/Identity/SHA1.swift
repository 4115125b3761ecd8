/// SHA-1 (FIPS 180-4), used only to derive name-based UUIDs (RFC 9562 §5.5).
///
/// Foundation on Linux has no SHA-1 and the package takes no dependencies, so this is a small
/// implementation that allocates nothing per block (the block function is
/// ``SHA1BlockKernel``). It is not used for anything security-relevant.
///
/// ```swift
/// var hash = SHA1()
/// hash.update(Array("abc".utf8))
/// hash.finalize()  // a9993e36 4706816a ba3e2571 7850c26c 9cd0d89d
/// ```
package struct SHA1: Sendable {
  private var state = SHA1BlockKernel.State()
  /// The pending partial block: 64 bytes of inline storage, no heap allocation.
  private var block = InlineArray<64, UInt8>(repeating: 0)
  private var messageLength: UInt64 = 0

  /// Creates an empty hash.
  package init() {}

  /// Adds bytes to the message.
  package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let handled: Void? = bytes.withContiguousStorageIfAvailable { update($0.span) }
    if handled == nil {
      let array = Array(bytes)
      update(array.span)
    }
  }

  /// Adds bytes to the message: whole blocks straight from `bytes`, the rest through the
  /// pending block.
  package mutating func update(_ bytes: Span<UInt8>) {
    var offset = 0
    while offset < bytes.count {
      let position = Int(messageLength % 64)
      let rest = bytes.count - offset
      if position == 0, rest >= 64 {
        let whole = rest / 64 * 64
        SHA1BlockKernel.compress(&state, blocks: bytes.extracting(offset..<offset + whole))
        offset += whole
        messageLength &+= UInt64(whole)
        continue
      }
      let count = min(64 - position, rest)
      var target = block.mutableSpan
      ByteKernel.copy(bytes.extracting(offset..<offset + count), into: &target, at: position)
      offset += count
      messageLength &+= UInt64(count)
      if position + count == 64 { SHA1BlockKernel.compress(&state, blocks: block.span) }
    }
  }

  /// Adds the UTF-8 of a constant to the message.
  mutating func update(_ text: StaticString) {
    text.withUTF8Buffer { update($0.span) }
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
    let position = Int(messageLength % 64)
    block[position] = 0x80
    for index in (position + 1)..<64 { block[index] = 0 }
    if position >= 56 {
      SHA1BlockKernel.compress(&state, blocks: block.span)
      for index in 0..<64 { block[index] = 0 }
    }
    for index in 0..<8 {
      block[56 + index] = UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * index))
    }
    SHA1BlockKernel.compress(&state, blocks: block.span)
    return (state.h0, state.h1, state.h2, state.h3, state.h4)
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
  static func digestWords(paddingInPlace message: inout MutableSpan<UInt8>, length: Int) -> (
    UInt32, UInt32, UInt32, UInt32, UInt32
  ) {
    var state = SHA1BlockKernel.State()
    SHA1BlockKernel.compress(&state, paddingInPlace: &message, length: length)
    return (state.h0, state.h1, state.h2, state.h3, state.h4)
  }

  /// The bytes a message of `length` bytes takes once padded: whole blocks, with room for the
  /// `0x80` byte and the 64-bit length.
  static func paddedCount(_ length: Int) -> Int { (length + 72) / 64 * 64 }
}
