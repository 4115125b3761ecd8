/// A UID in 16 bytes, so that a million events fit in a compact sorted index.
///
/// A UID in bdconvert's own form (a lower-case canonical UUID) is its 128 bits; any other UID is
/// the first 128 bits of its SHA-1, where a collision is out of reach.
package struct SyncEventKey: Hashable, Comparable, Sendable, BitwiseCopyable {
  /// The first 8 bytes.
  package var high: UInt64
  /// The last 8 bytes.
  package var low: UInt64

  /// The key of `uid` (its UTF-8 bytes, unescaped).
  package init<Bytes: Collection>(uid: Bytes) where Bytes.Element == UInt8 {
    if let parsed = Self.lowercaseUUID(uid) {
      self = parsed
      return
    }
    let digest = SHA1.hash(uid)
    var high: UInt64 = 0
    var low: UInt64 = 0
    for index in 0..<8 {
      high = high << 8 | UInt64(digest[index])
      low = low << 8 | UInt64(digest[index + 8])
    }
    self.init(high: high, low: low)
  }

  /// The key of the UID value `escaped` as a content line has it (TEXT-escaped, RFC 5545
  /// §3.3.11). bdconvert's own UIDs, the common case, need neither a copy nor SHA-1.
  init(escapedUID escaped: Span<UInt8>) {
    if escaped.count == 36, let parsed = Self.lowercaseUUID(escaped) {
      self = parsed
      return
    }
    var uid: [UInt8] = []
    TextEscaping.appendUnescaped(bytes: escaped, to: &uid)
    self.init(uid: uid)
  }

  /// The key of `uid`.
  package init(uid: String) {
    self.init(uid: Array(uid.utf8))
  }

  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  package static func < (lhs: SyncEventKey, rhs: SyncEventKey) -> Bool {
    lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
  }

  /// ``lowercaseUUID(_:)-(Bytes)`` of a span.
  private static func lowercaseUUID(_ uid: Span<UInt8>) -> SyncEventKey? {
    guard uid.count == 36 else { return nil }
    var words: (UInt64, UInt64) = (0, 0)
    var nibbles = 0
    for index in 0..<36 {
      let byte = uid[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let value = hexDigit(byte) else { return nil }
      if nibbles < 16 {
        words.0 = words.0 << 4 | UInt64(value)
      } else {
        words.1 = words.1 << 4 | UInt64(value)
      }
      nibbles += 1
    }
    return SyncEventKey(high: words.0, low: words.1)
  }

  /// The value of a lower-case hex digit.
  @inline(__always)
  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lower-case hex digits only (UIDs are
  /// case-sensitive, so the upper-case spelling is another UID).
  private static func lowercaseUUID<Bytes: Collection>(_ uid: Bytes) -> SyncEventKey?
  where Bytes.Element == UInt8 {
    guard uid.count == 36 else { return nil }
    var words: (UInt64, UInt64) = (0, 0)
    var nibbles = 0
    for (index, byte) in uid.enumerated() {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      let value: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      if nibbles < 16 {
        words.0 = words.0 << 4 | UInt64(value)
      } else {
        words.1 = words.1 << 4 | UInt64(value)
      }
      nibbles += 1
    }
    return SyncEventKey(high: words.0, low: words.1)
  }
}
