/// The set of event UIDs written so far, for duplicate detection: 16 bytes a slot in one flat
/// array (open addressing, linear probing) at up to 7/8 load.
///
/// This is the only state of a conversion that grows with the input, so it is kept small: about
/// 18–37 bytes per event depending on where the table is between doublings, against about 40–80
/// for a `Set<NameBasedUUID>` (3/4 load, plus its bitmap).
struct UUIDSet {
  /// Two words per slot; an all-zero slot is empty (the all-zero UUID is tracked separately).
  private var words: [UInt64]
  private var mask: Int
  private var containsZero = false
  /// The number of UUIDs in the set.
  private(set) var count = 0

  init(capacity: Int = 1024) {
    var slots = 16
    while slots < capacity { slots <<= 1 }
    words = Array(repeating: 0, count: slots * 2)
    mask = slots - 1
  }

  /// Inserts `uuid`; returns `false` if it was already there.
  mutating func insert(_ uuid: NameBasedUUID) -> Bool {
    if uuid.high == 0 && uuid.low == 0 {
      defer { containsZero = true }
      return !containsZero
    }
    if (count + 1) * 8 > (mask + 1) * 7 { grow() }
    let inserted = Self.place(uuid.high, uuid.low, in: &words, mask: mask)
    if inserted { count += 1 }
    return inserted
  }

  func contains(_ uuid: NameBasedUUID) -> Bool {
    if uuid.high == 0 && uuid.low == 0 { return containsZero }
    var slot = Self.slot(uuid.high, uuid.low, mask: mask)
    while true {
      let high = words[slot * 2]
      let low = words[slot * 2 + 1]
      if high == 0 && low == 0 { return false }
      if high == uuid.high && low == uuid.low { return true }
      slot = (slot + 1) & mask
    }
  }

  private mutating func grow() {
    let newMask = (mask + 1) * 2 - 1
    var newWords = [UInt64](repeating: 0, count: (newMask + 1) * 2)
    for slot in 0...mask {
      let high = words[slot * 2]
      let low = words[slot * 2 + 1]
      if high != 0 || low != 0 { _ = Self.place(high, low, in: &newWords, mask: newMask) }
    }
    words = newWords
    mask = newMask
  }

  /// Mixes both halves so that UIDs that are not random (from library callers) spread too.
  private static func slot(_ high: UInt64, _ low: UInt64, mask: Int) -> Int {
    let mixed = (high ^ (low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 32) & mask
  }

  private static func place(_ high: UInt64, _ low: UInt64, in words: inout [UInt64], mask: Int)
    -> Bool
  {
    var slot = slot(high, low, mask: mask)
    while true {
      let existingHigh = words[slot * 2]
      let existingLow = words[slot * 2 + 1]
      if existingHigh == 0 && existingLow == 0 {
        words[slot * 2] = high
        words[slot * 2 + 1] = low
        return true
      }
      if existingHigh == high && existingLow == low { return false }
      slot = (slot + 1) & mask
    }
  }
}
