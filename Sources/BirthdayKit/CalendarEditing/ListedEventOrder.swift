/// The two orders `list` sorts ``ListedEventRecord``s in.
///
/// UIDs compare exactly as Swift `String`s do, as the in-memory lister did: by their Unicode
/// canonical equivalence (NFC) order, with invalid UTF-8 repaired. For all-ASCII UIDs that is
/// plain byte order, compared without building a `String`; the first eight bytes are kept in the
/// key so that most comparisons do not even read the record.
enum ListedEventOrder: RecordOrdering {
  /// UID, then masters before overrides, then line: the first record of each UID is the one to
  /// list (the first master, or without one the first override).
  case uidThenMastersFirst
  /// Next occurrence (none last), then UID, then line: the order `list` prints.
  case nextOccurrence

  /// What decides most comparisons (16 bytes in an array: the widest field comes first).
  struct Key {
    /// The first eight UID bytes, big-endian and zero-padded; meaningful for ASCII UIDs only.
    var uidPrefix: UInt64
    /// ``ListedEventRecord/nextDay``, or 0 when sorting by UID first.
    var next: Int32
    /// ``ListedEventRecord/uidIsASCII``.
    var uidIsASCII: Bool
  }

  func key(of record: Span<UInt8>) -> Key {
    let event = ListedEventRecord.SortFields(of: record)
    var prefix: UInt64 = 0
    let uid = record.extracting(event.uid)
    for index in 0..<8 {
      prefix = prefix << 8 | UInt64(index < uid.count ? uid[index] : 0)
    }
    return Key(
      uidPrefix: prefix, next: self == .nextOccurrence ? event.nextDay : 0,
      uidIsASCII: event.uidIsASCII)
  }

  @inline(__always)
  func compareKeys(_ lhs: Key, _ rhs: Key) -> Int {
    if lhs.next != rhs.next { return lhs.next < rhs.next ? -1 : 1 }
    if lhs.uidIsASCII, rhs.uidIsASCII, lhs.uidPrefix != rhs.uidPrefix {
      return lhs.uidPrefix < rhs.uidPrefix ? -1 : 1
    }
    return 0
  }

  func areInIncreasingOrder(
    _ lhsKey: Key, _ lhs: Span<UInt8>, _ rhsKey: Key, _ rhs: Span<UInt8>
  ) -> Bool {
    if lhsKey.next != rhsKey.next { return lhsKey.next < rhsKey.next }
    if lhsKey.uidIsASCII, rhsKey.uidIsASCII, lhsKey.uidPrefix != rhsKey.uidPrefix {
      return lhsKey.uidPrefix < rhsKey.uidPrefix
    }
    let left = ListedEventRecord.SortFields(of: lhs)
    let right = ListedEventRecord.SortFields(of: rhs)
    let uidOrder = Self.compareUIDs(
      lhs.extracting(left.uid), isASCII: lhsKey.uidIsASCII, rhs.extracting(right.uid),
      isASCII: rhsKey.uidIsASCII)
    if uidOrder != 0 { return uidOrder < 0 }
    if self == .uidThenMastersFirst, left.isOverride != right.isOverride {
      return !left.isOverride
    }
    return left.lineNumber < right.lineNumber
  }

  /// Negative, zero or positive as the UID `lhs` sorts before, with, or after `rhs`, with `String`
  /// semantics; byte order when both are ASCII.
  static func compareUIDs(
    _ lhs: Span<UInt8>, isASCII lhsIsASCII: Bool, _ rhs: Span<UInt8>, isASCII rhsIsASCII: Bool
  ) -> Int {
    if lhsIsASCII, rhsIsASCII {
      for index in 0..<min(lhs.count, rhs.count) where lhs[index] != rhs[index] {
        return Int(lhs[index]) - Int(rhs[index])
      }
      return lhs.count - rhs.count
    }
    let left = String(decoding: Array(copying: lhs), as: UTF8.self)
    let right = String(decoding: Array(copying: rhs), as: UTF8.self)
    return left == right ? 0 : (left < right ? -1 : 1)
  }
}
