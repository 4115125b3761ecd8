/// What an event says, as four hashes, one per part that a change is reported for: its date
/// (`DTSTART`, `DTEND`, `DURATION`, `RRULE`, `RDATE`, `EXDATE`), its name (`SUMMARY`), its
/// alarms (everything inside `VALARM`s and other nested components) and the other details.
///
/// Lines that change with every write are left out, so that an event only counts as changed when
/// what it says changed: `DTSTAMP`, `SEQUENCE`, `LAST-MODIFIED`, `CREATED` and the sync-set marker.
/// The hashes are of the unfolded content lines, so refolding and other line endings (as calendar
/// apps write back) are not changes. The components of one UID (a master and its overrides) are
/// combined in any order.
public struct EventDigest: Hashable, Sendable {
  /// FNV-1a hashes of the lines of each part, summed over the components.
  public var date: UInt32 = 0
  /// See ``date``.
  public var name: UInt32 = 0
  /// See ``date``.
  public var alarms: UInt32 = 0
  /// See ``date``.
  public var details: UInt32 = 0

  /// An empty digest.
  public init() {}

  /// The digest of one component.
  public init(_ component: CalendarComponent) {
    var parts: [UInt64] = [
      0xcbf2_9ce4_8422_2325, 0xcbf2_9ce4_8422_2325, 0xcbf2_9ce4_8422_2325,
      0xcbf2_9ce4_8422_2325,
    ]
    for line in component.lines.dropFirst().dropLast() {
      let part: Int
      if line.depth > 2 || line.kind != .property {
        part = 2
      } else if Self.ignored.contains(where: line.isNamed) {
        continue
      } else if Self.dateProperties.contains(where: line.isNamed) {
        part = 0
      } else if line.isNamed("SUMMARY") {
        part = 1
      } else {
        part = 3
      }
      var hash = parts[part]
      for byte in line.content {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      parts[part] = (hash ^ 0x0A) &* 0x100_0000_01b3  // a line end, so lines cannot run together
    }
    func fold(_ value: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: value ^ value >> 32) }
    date = fold(parts[0])
    name = fold(parts[1])
    alarms = fold(parts[2])
    details = fold(parts[3])
  }

  /// Adds another component of the same UID.
  public mutating func combine(_ other: EventDigest) {
    date &+= other.date
    name &+= other.name
    alarms &+= other.alarms
    details &+= other.details
  }

  /// The parts that differ from `other`: `date`, `name`, `alarms`, `details`.
  public func changes(from other: EventDigest) -> [String] {
    var result: [String] = []
    if date != other.date { result.append("date") }
    if name != other.name { result.append("name") }
    if alarms != other.alarms { result.append("alarms") }
    if details != other.details { result.append("details") }
    return result
  }

  static let ignored = ["DTSTAMP", "SEQUENCE", "LAST-MODIFIED", "CREATED", SyncMarker.propertyName]
  static let dateProperties = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE"]
}
