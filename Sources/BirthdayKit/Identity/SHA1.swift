/// SHA-1 (FIPS 180-4), used only to derive name-based UUIDs (RFC 9562 §5.5).
///
/// Foundation on Linux has no SHA-1 and the package takes no dependencies, so this is a small,
/// allocation-light implementation. It is not used for anything security-relevant.
///
/// ```swift
/// var hash = SHA1()
/// hash.update(Array("abc".utf8))
/// hash.finalize()  // a9993e36 4706816a ba3e2571 7850c26c 9cd0d89d
/// ```
public struct SHA1: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
  )
  private var block: [UInt8] = []
  private var messageLength: UInt64 = 0

  /// Creates an empty hash.
  public init() {
    block.reserveCapacity(64)
  }

  /// Adds bytes to the message.
  public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    for byte in bytes {
      block.append(byte)
      messageLength &+= 1
      if block.count == 64 {
        compress()
        block.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Pads the message and returns the 20-byte digest.
  public mutating func finalize() -> [UInt8] {
    let bitLength = messageLength &* 8
    block.append(0x80)
    if block.count > 56 {
      block.append(contentsOf: repeatElement(0, count: 64 - block.count))
      compress()
      block.removeAll(keepingCapacity: true)
    }
    block.append(contentsOf: repeatElement(0, count: 56 - block.count))
    for shift in stride(from: 56, through: 0, by: -8) {
      block.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    compress()
    block.removeAll(keepingCapacity: true)
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// The digest of `bytes` in one call.
  public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
    var sha = SHA1()
    sha.update(bytes)
    return sha.finalize()
  }

  private mutating func compress() {
    var words = [UInt32](repeating: 0, count: 80)
    for index in 0..<16 {
      words[index] =
        UInt32(block[index * 4]) << 24 | UInt32(block[index * 4 + 1]) << 16
        | UInt32(block[index * 4 + 2]) << 8 | UInt32(block[index * 4 + 3])
    }
    for index in 16..<80 {
      words[index] = rotateLeft(
        words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
    }
    var (a, b, c, d, e) = state
    for index in 0..<80 {
      let f: UInt32
      let k: UInt32
      switch index {
      case 0..<20:
        f = (b & c) | (~b & d)
        k = 0x5A82_7999
      case 20..<40:
        f = b ^ c ^ d
        k = 0x6ED9_EBA1
      case 40..<60:
        f = (b & c) | (b & d) | (c & d)
        k = 0x8F1B_BCDC
      default:
        f = b ^ c ^ d
        k = 0xCA62_C1D6
      }
      let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ words[index]
      e = d
      d = c
      c = rotateLeft(b, 30)
      b = a
      a = temp
    }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
  }

  private func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value << count) | (value >> (32 - count))
  }
}
