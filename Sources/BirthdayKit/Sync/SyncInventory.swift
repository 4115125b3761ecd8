#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every event a sync target holds, by UID, in a compact sorted index: 48 bytes per UID in
/// memory (key, digest, sequence, ownership), while names, dates and resource names wait in an
/// unnamed temporary file until a line of the plan needs them. A million-event calendar takes
/// about 48 MB.
///
/// Targets call ``add(_:)`` once per component (a master and its overrides may come in any order,
/// even from different places of a file), then ``finish()``; the planner looks UIDs up with
/// ``index(of:)``.
public struct SyncInventory {
  /// What a target found in one component.
  public struct Component {
    /// The TEXT-unescaped UID.
    public var uid: [UInt8]
    /// The set named by its marker, or `nil` when unmarked.
    public var set: [UInt8]?
    /// Its `SEQUENCE` (0 when absent).
    public var sequence: Int
    /// What it says.
    public var digest: EventDigest
    /// Whether it is an override (`RECURRENCE-ID`); the master's name and date are shown.
    public var isOverride: Bool
    /// The title, TEXT-unescaped.
    public var summary: [UInt8]
    /// The date shown in the plan.
    public var date: String
    /// Where the event is in the target: a file name in a vdir, an href on a server.
    public var resource: String?
    /// The server's entity tag, for conditional requests.
    public var etag: String?

    /// Reads what the inventory needs from `component` (a VEVENT with a UID).
    public init(
      _ component: CalendarComponent, uid: [UInt8], resource: String? = nil, etag: String? = nil
    ) {
      self.uid = uid
      self.set = SyncMarker.set(of: component)
      self.sequence =
        component.property("SEQUENCE").flatMap { Int(String(decoding: $0.value, as: UTF8.self)) }
        ?? 0
      self.digest = EventDigest(component)
      self.isOverride = component.property("RECURRENCE-ID") != nil
      self.summary =
        component.property("SUMMARY").map { TextEscaping.unescaped(bytes: $0.value) } ?? []
      self.date = SyncInventory.shownDate(component)
      self.resource = resource
      self.etag = etag
    }
  }

  /// Who an event belongs to.
  public enum Ownership: UInt8, Sendable {
    /// Marked with this sync's set.
    case managed = 1
    /// Marked with another set.
    case otherSet = 2
    /// Not marked: added by hand, by another app, or by `vcf-to-ics`.
    case unmarked = 3
  }

  /// One UID of the target.
  public struct Entry: Sendable {
    /// The UID's key.
    public var key: SyncEventKey
    /// What its components say, combined.
    public var digest: EventDigest
    /// Offset of its details in the spool file.
    var record: Int64
    /// The highest `SEQUENCE` of its components.
    public var sequence: UInt32
    /// Who it belongs to.
    public var ownership: Ownership
    /// Whether ``record`` is an override's (a master found later replaces it).
    var recordIsOverride: Bool
  }

  /// The set this inventory is for.
  public let set: String
  /// The entries, sorted by key after ``finish()``.
  public private(set) var entries: [Entry] = []
  private let spool: TemporaryFile
  private var finished = false

  /// Creates an empty inventory for `set`; the spool goes to an unnamed file in `$TMPDIR`.
  /// - Parameter expectedCount: room to reserve, when the target's size suggests it.
  public init(set: String, expectedCount: Int = 0) throws {
    self.set = set
    self.spool = try TemporaryFile()
    entries.reserveCapacity(expectedCount)
  }

  /// How many UIDs are managed by this set.
  public var managedCount: Int { entries.lazy.filter { $0.ownership == .managed }.count }

  /// Adds one component of the target.
  public mutating func add(_ component: Component) throws {
    precondition(!finished, "add after finish")
    let ownership: Ownership
    if let marker = component.set {
      ownership = marker.elementsEqual(set.utf8) ? .managed : .otherSet
    } else {
      ownership = .unmarked
    }
    let record = Int64(spool.size)
    var bytes: [UInt8] = []
    for field in [
      component.uid, component.summary, Array(component.date.utf8),
      Array((component.resource ?? "").utf8), Array((component.etag ?? "").utf8),
    ] {
      Self.appendLength(field.count, to: &bytes)
      bytes += field
    }
    try spool.append(bytes)
    entries.append(
      Entry(
        key: SyncEventKey(uid: component.uid), digest: component.digest, record: record,
        sequence: UInt32(clamping: max(component.sequence, 0)), ownership: ownership,
        recordIsOverride: component.isOverride))
  }

  /// Sorts the entries and merges the components of each UID.
  public mutating func finish() {
    guard !finished else { return }
    finished = true
    entries.sort { $0.key < $1.key }
    var merged = 0
    for index in entries.indices {
      let entry = entries[index]
      if merged > 0, entries[merged - 1].key == entry.key {
        var last = entries[merged - 1]
        last.digest.combine(entry.digest)
        last.sequence = max(last.sequence, entry.sequence)
        // Marked with this set anywhere: managed; otherwise the strongest other claim.
        last.ownership =
          min(last.ownership.rawValue, entry.ownership.rawValue) == 1
          ? .managed
          : last.ownership == .otherSet || entry.ownership == .otherSet
            ? .otherSet : .unmarked
        if last.recordIsOverride, !entry.recordIsOverride {
          last.record = entry.record
          last.recordIsOverride = false
        }
        entries[merged - 1] = last
      } else {
        entries[merged] = entry
        merged += 1
      }
    }
    entries.removeLast(entries.count - merged)
  }

  /// The position of `key` in ``entries``, or `nil`.
  public func index(of key: SyncEventKey) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].key == key ? low : nil
  }

  /// The UID, title, date, resource and entity tag of an entry, read back from the spool.
  public func details(of entry: Entry) throws -> SyncEventDetails {
    var header = [UInt8](repeating: 0, count: 4096)
    var fields: [[UInt8]] = []
    let offset = Int(entry.record)
    var buffered: [UInt8] = []
    func fill(_ count: Int) throws {
      while buffered.count < count {
        let read = try header.withUnsafeMutableBytes {
          try spool.read(at: offset + buffered.count, into: $0)
        }
        guard read > 0 else {
          throw TemporaryFileError(operation: "read", directory: spool.directory, code: EIO)
        }
        buffered += header[..<read]
      }
    }
    var position = 0
    for _ in 0..<5 {
      try fill(position + 4)
      let length =
        Int(buffered[position]) | Int(buffered[position + 1]) << 8
        | Int(buffered[position + 2]) << 16 | Int(buffered[position + 3]) << 24
      try fill(position + 4 + length)
      fields.append(Array(buffered[(position + 4)..<(position + 4 + length)]))
      position += 4 + length
    }
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    return SyncEventDetails(
      uid: text(fields[0]), summary: text(fields[1]), date: text(fields[2]),
      resource: fields[3].isEmpty ? nil : text(fields[3]),
      etag: fields[4].isEmpty ? nil : text(fields[4]))
  }

  private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: length >> shift))
    }
  }

  /// The date a plan line shows for an event: the full date from bdconvert's
  /// `DESCRIPTION:Born YYYY-MM-DD` (or `Since`), else `DTSTART` as `--MM-DD`.
  static func shownDate(_ component: CalendarComponent) -> String {
    if let description = component.property("DESCRIPTION") {
      let text = TextEscaping.unescaped(bytes: description.value)
      for prefix in ["Born ", "Since "] where text.starts(with: prefix.utf8) {
        let rest = text.dropFirst(prefix.utf8.count)
        if rest.count == 10 { return String(decoding: rest, as: UTF8.self) }
      }
    }
    // bdconvert writes no DESCRIPTION without a known year: the DTSTART year is a placeholder.
    guard let start = component.property("DTSTART") else { return "-" }
    let value = start.value.prefix(8)
    guard value.count == 8, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return String(decoding: start.value, as: UTF8.self)
    }
    let digits = Array(value)
    return "--" + String(decoding: digits[4..<6], as: UTF8.self) + "-"
      + String(decoding: digits[6..<8], as: UTF8.self)
  }
}

/// The details of one event that a plan line or a target needs.
public struct SyncEventDetails: Hashable, Sendable {
  /// The UID.
  public var uid: String
  /// The title.
  public var summary: String
  /// The date shown (`YYYY-MM-DD`, or as written).
  public var date: String
  /// Where the event is in the target (vdir file name, server href), when the target said.
  public var resource: String?
  /// The server's entity tag, when the target said.
  public var etag: String?
}
