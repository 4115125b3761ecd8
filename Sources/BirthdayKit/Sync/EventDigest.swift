/// What an event says, as four hashes, one per part that a change is reported for: its date
/// (`DTSTART`, `DTEND`, `DURATION`, `RRULE`, `RDATE`, `EXDATE`), its name (`SUMMARY`), its
/// alarms (everything inside `VALARM`s and other nested components) and the other details.
///
/// Lines that change with every write are left out, so that an event only counts as changed when
/// what it says changed: `DTSTAMP`, `SEQUENCE`, `LAST-MODIFIED`, `CREATED`, the sync-set marker and
/// the recorded digest. So is `UID`: events are matched by UID anyway, and an event paired with
/// one of another UID (a renamed contact without a UID of its own) is compared by what it says.
/// The hashes are of the unfolded content lines, taken in any order, so refolding, other line
/// endings and another property order (as khal and servers write events back) are not changes.
/// The components of one UID (a master and its overrides) are combined in any order too.
package struct EventDigest: Hashable, Sendable, BitwiseCopyable {
  /// Hashes of the lines of each part, summed over the components.
  package var date: UInt32 = 0
  /// See ``date``.
  package var name: UInt32 = 0
  /// See ``date``.
  package var alarms: UInt32 = 0
  /// See ``date``.
  package var details: UInt32 = 0

  /// An empty digest.
  package init() {}

  /// The digest of one component.
  package init(_ component: CalendarComponent) {
    self = EventFacts(component).digest
  }

  /// A digest from the sums of the line hashes of each part.
  init(date: UInt64, name: UInt64, alarms: UInt64, details: UInt64) {
    func fold(_ value: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: value ^ value >> 32) }
    self.date = fold(date)
    self.name = fold(name)
    self.alarms = fold(alarms)
    self.details = fold(details)
  }

  /// The hash of `bytes`, eight at a time, finished with a multiply-xorshift so that sums of
  /// hashes mix well. Stored in events (``SyncMarker/digestPropertyName``): a change here makes
  /// every event look edited in the calendar once (overwritten with a note, or kept under
  /// `--keep-edited`), so it stays as it is.
  static func hash(_ bytes: Span<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    var index = 0
    while index + 8 <= bytes.count {
      hash =
        (hash ^ ByteRegionAccess.load(UInt64.self, from: bytes, at: index)) &* 0x9e37_79b9_7f4a_7c15
      hash ^= hash >> 32
      index += 8
    }
    while index < bytes.count {
      hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
      index += 1
    }
    return mix(hash)
  }

  static func hash(_ value: UInt64) -> UInt64 { mix(value ^ 0x9e37_79b9_7f4a_7c15) }

  private static func mix(_ value: UInt64) -> UInt64 {
    var value = value
    value = (value ^ value >> 30) &* 0xbf58_476d_1ce4_e5b9
    value = (value ^ value >> 27) &* 0x94d0_49bb_1331_11eb
    return value ^ value >> 31
  }

  /// The four parts as 32 hex digits, as ``SyncMarker/digestPropertyName`` records them.
  package var hexText: String {
    [date, name, alarms, details].map { value in
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
  }

  /// The digest written as ``hexText``, or `nil`.
  init?(hexText bytes: Span<UInt8>) {
    guard bytes.count == 32 else { return nil }
    var parts: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    var value: UInt32 = 0
    for index in 0..<32 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      switch index {
      case 7: parts.0 = value
      case 15: parts.1 = value
      case 23: parts.2 = value
      case 31: parts.3 = value
      default: continue
      }
      value = 0
    }
    self.init()
    (date, name, alarms, details) = parts
  }

  /// Adds another component of the same UID.
  package mutating func combine(_ other: EventDigest) {
    date &+= other.date
    name &+= other.name
    alarms &+= other.alarms
    details &+= other.details
  }

  /// The parts that differ from `other`: `date`, `name`, `alarms`, `details`.
  package func changes(from other: EventDigest) -> [String] {
    var result: [String] = []
    if date != other.date { result.append("date") }
    if name != other.name { result.append("name") }
    if alarms != other.alarms { result.append("alarms") }
    if details != other.details { result.append("details") }
    return result
  }
}
