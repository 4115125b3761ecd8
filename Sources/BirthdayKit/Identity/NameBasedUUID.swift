/// A version 5 (name-based, SHA-1) UUID per RFC 9562 §5.5.
///
/// The same namespace and name always give the same UUID, which is what makes event UIDs stable
/// across runs and lets `bdconvert delete --uid` find an event again.
///
/// ```swift
/// NameBasedUUID(namespace: .dns, name: "www.example.com").description
/// // "2ed6657d-e927-568b-95e1-2665a8aea6a2" (RFC 9562 Appendix A.4)
/// ```
package struct NameBasedUUID: Hashable, Sendable, CustomStringConvertible {
  /// The first 8 bytes, big-endian.
  package let high: UInt64
  /// The last 8 bytes, big-endian.
  package let low: UInt64

  /// The 16 bytes.
  package var bytes: [UInt8] {
    (0..<16).map { index in
      let word = index < 8 ? high : low
      return UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
    }
  }

  /// Derives the UUID of `name` (its UTF-8 octets) in `namespace`.
  package init(namespace: NameBasedUUID, name: String) {
    var name = name
    self = name.withUTF8 { NameBasedUUID(namespace: namespace, nameBytes: $0.span) }
  }

  /// Derives the UUID of the octets `nameBytes` in `namespace`.
  package init(namespace: NameBasedUUID, nameBytes: Span<UInt8>) {
    self.init(namespace: namespace) { $0.update(nameBytes) }
  }

  /// Derives the UUID of the name that `writeName` adds to the message piece by piece, so that a
  /// name made of parts needs no string of its own.
  init(namespace: NameBasedUUID, writeName: (inout UUIDNameMessage) -> Void) {
    var message = UUIDNameMessage(namespace: namespace)
    writeName(&message)
    let (a, b, c, d, _) = message.digestWords()
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
  package init?(_ text: String) {
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
  package var description: String {
    let output = OutputBuffer(capacity: 40)
    appendCanonical(to: output)
    return output.utf8String
  }

  /// Appends the 36 bytes of ``description`` to `output`: the hex digits eight at a time, laid
  /// out with the dashes in five words and stored in one go.
  func appendCanonical(to output: OutputBuffer) {
    let a = hexDigits(UInt32(truncatingIfNeeded: high >> 32))
    let b = hexDigits(UInt32(truncatingIfNeeded: high))
    let c = hexDigits(UInt32(truncatingIfNeeded: low >> 32))
    let d = hexDigits(UInt32(truncatingIfNeeded: low))
    let dash: UInt64 = 0x2D
    // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx: a, b split 4+4, c split 4+4, d; the first byte of
    // each word lowest.
    let words: InlineArray<5, UInt64> = [
      a,
      dash | (b & 0xFFFF_FFFF) << 8 | dash << 40 | (b >> 32 & 0xFFFF) << 48,
      b >> 48 | dash << 16 | (c & 0xFFFF_FFFF) << 24 | dash << 56,
      c >> 32 | (d & 0xFFFF_FFFF) << 32,
      d >> 32,
    ]
    output.append(lowBytesOf: words, count: 36)
  }

  /// The RFC 9562 DNS namespace, `6ba7b810-9dad-11d1-80b4-00c04fd430c8`, used for test vectors.
  package static let dns = NameBasedUUID(uncheckedBytes: [
    0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8,
  ])

  private init(uncheckedBytes bytes: [UInt8]) {
    high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
    low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
  }
}

/// The eight lower-case hex digits of `value`, most significant first in memory order (the
/// first digit is the lowest byte): each nibble is spread into a byte, then offset to `0`–`9`
/// or `a`–`f` without a branch.
@inline(__always)
private func hexDigits(_ value: UInt32) -> UInt64 {
  var x = UInt64(value)
  x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
  x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
  x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
  let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101  // nibble > 9
  x = x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27  // '0' + n, and 39 more for 'a'-'f'
  return x.byteSwapped
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
  default: return nil
  }
}
