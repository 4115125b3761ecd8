/// A version 5 (name-based, SHA-1) UUID per RFC 9562 §5.5.
///
/// The same namespace and name always give the same UUID, which is what makes event UIDs stable
/// across runs and lets `bdconvert delete --uid` find an event again.
///
/// ```swift
/// NameBasedUUID(namespace: .dns, name: "www.example.com").description
/// // "2ed6657d-e927-568b-95e1-2665a8aea6a2" (RFC 9562 Appendix A.4)
/// ```
public struct NameBasedUUID: Hashable, Sendable, CustomStringConvertible {
  /// The first 8 bytes, big-endian.
  public let high: UInt64
  /// The last 8 bytes, big-endian.
  public let low: UInt64

  /// The 16 bytes.
  public var bytes: [UInt8] {
    (0..<16).map { index in
      let word = index < 8 ? high : low
      return UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
    }
  }

  /// Derives the UUID of `name` (its UTF-8 octets) in `namespace`.
  public init(namespace: NameBasedUUID, name: String) {
    var name = name
    self = name.withUTF8 { NameBasedUUID(namespace: namespace, nameBytes: $0) }
  }

  /// Derives the UUID of the octets `nameBytes` in `namespace`.
  public init(namespace: NameBasedUUID, nameBytes: UnsafeBufferPointer<UInt8>) {
    self.init(namespace: namespace) { $0.update(nameBytes) }
  }

  /// Derives the UUID of the name that `writeName` feeds to the hash piece by piece, so that a
  /// name made of parts needs no string of its own.
  init(namespace: NameBasedUUID, writeName: (inout SHA1) -> Void) {
    var sha = SHA1()
    withUnsafeBytes(of: (namespace.high.bigEndian, namespace.low.bigEndian)) { raw in
      sha.update(raw.bindMemory(to: UInt8.self))
    }
    writeName(&sha)
    let (a, b, c, d, _) = sha.finalizeWords()
    let high = UInt64(a) << 32 | UInt64(b)
    let low = UInt64(c) << 32 | UInt64(d)
    // Version 5 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
    self.high = (high & ~0x0000_0000_0000_F000) | 0x0000_0000_0000_5000
    self.low = (low & ~0xC000_0000_0000_0000) | 0x8000_0000_0000_0000
  }

  /// Creates a UUID from its two big-endian halves (no version or variant is set).
  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Parses the canonical 8-4-4-4-12 hex form; returns `nil` for anything else.
  public init?(_ text: String) {
    var bytes: [UInt8] = []
    var pendingNibble: UInt8?
    for (offset, byte) in text.utf8.enumerated() {
      if [8, 13, 18, 23].contains(offset) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let nibble = hexValue(byte) else { return nil }
      if let pending = pendingNibble {
        bytes.append(pending << 4 | nibble)
        pendingNibble = nil
      } else {
        pendingNibble = nibble
      }
    }
    guard bytes.count == 16, pendingNibble == nil, text.utf8.count == 36 else { return nil }
    self.init(uncheckedBytes: bytes)
  }

  /// Lower-case canonical form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
  public var description: String {
    String(unsafeUninitializedCapacity: 36) { buffer in
      writeCanonical(to: buffer)
      return 36
    }
  }

  /// Appends the 36 bytes of ``description`` to `output`.
  func appendCanonical(to output: ByteBuffer) {
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &text) { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      writeCanonical(to: buffer)
      output.append(UnsafeBufferPointer(rebasing: buffer[..<36]))
    }
  }

  private func writeCanonical(to buffer: UnsafeMutableBufferPointer<UInt8>) {
    var offset = 0
    for index in 0..<16 {
      if index == 4 || index == 6 || index == 8 || index == 10 {
        buffer[offset] = UInt8(ascii: "-")
        offset += 1
      }
      let word = index < 8 ? high : low
      let byte = UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
      buffer[offset] = hexDigit(byte >> 4)
      buffer[offset + 1] = hexDigit(byte & 0x0F)
      offset += 2
    }
  }

  /// The RFC 9562 DNS namespace, `6ba7b810-9dad-11d1-80b4-00c04fd430c8`, used for test vectors.
  public static let dns = NameBasedUUID(uncheckedBytes: [
    0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
  ])

  private init(uncheckedBytes bytes: [UInt8]) {
    high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
    low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
  }
}

@inline(__always)
private func hexDigit(_ nibble: UInt8) -> UInt8 {
  nibble < 10 ? nibble + UInt8(ascii: "0") : nibble - 10 + UInt8(ascii: "a")
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
  default: return nil
  }
}
