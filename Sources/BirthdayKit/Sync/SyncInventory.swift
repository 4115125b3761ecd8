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
public struct SyncInventory: Sendable {
  /// What a target found in one component.
  package struct Component {
    /// The TEXT-unescaped UID.
    package var uid: [UInt8]
    /// The set named by its marker, or `nil` when unmarked.
    package var set: [UInt8]?
    /// Its `SEQUENCE` (0 when absent).
    package var sequence: Int
    /// What it says.
    package var digest: EventDigest
    /// Whether it is an override (`RECURRENCE-ID`); the master's name and date are shown.
    package var isOverride: Bool
    /// Whether it says something else than when sync last wrote it (see
    /// ``SyncMarker/digestPropertyName``).
    package var isEdited: Bool
    /// The title, TEXT-escaped as written.
    var summary: ArraySlice<UInt8>
    /// `DESCRIPTION` and `DTSTART` as written, for the date shown in the plan.
    var description: ArraySlice<UInt8>?
    var start: ArraySlice<UInt8>?
    /// Where the event is in the target: a file name in a vdir, an href on a server.
    package var resource: String?
    /// The server's entity tag, for conditional requests.
    package var etag: String?
    /// The line of its `BEGIN` in the resource, for messages.
    package var line: Int?
    /// Its `X-BDCONVERT-KEY`, empty when it has none.
    var identityKey: [UInt8] = []
    /// Its `X-BDCONVERT-CALENDAR-DATE`, empty when it has none.
    var calendarDate: [UInt8] = []

    /// Reads what the inventory needs from `component` (a VEVENT with a UID), in one pass.
    package init(
      _ component: CalendarComponent, uid: [UInt8], resource: String? = nil, etag: String? = nil
    ) {
      let facts = EventFacts(component)
      self.uid = uid
      self.set = facts.hasSet ? facts.set : nil
      self.sequence = facts.sequence
      self.digest = facts.digest
      self.isOverride = facts.isOverride
      self.isEdited = facts.isEditedSinceWritten
      self.summary = facts.summary[...]
      self.description = facts.hasDescription ? facts.description[...] : nil
      self.start = facts.hasStart ? facts.start[...] : nil
      self.resource = resource
      self.etag = etag
      self.line = component.lineNumber
      self.identityKey = facts.identityKey
      self.calendarDate = facts.calendarDate
    }
  }

  /// Who an event belongs to.
  package enum Ownership: UInt8, Sendable {
    /// Marked with this sync's set.
    case managed = 1
    /// Marked with another set.
    case otherSet = 2
    /// Not marked: added by hand, by another app, or by `vcf-to-ics`.
    case unmarked = 3
  }

  /// One UID of the target.
  package struct Entry: Sendable {
    /// The UID's key.
    package var key: SyncEventKey
    /// What its components say, combined.
    package var digest: EventDigest
    /// Offset of its details in the spool file.
    var record: Int64
    /// The highest `SEQUENCE` of its components.
    package var sequence: UInt32
    /// Who it belongs to.
    package var ownership: Ownership
    /// Whether ``record`` is an override's (a master found later replaces it).
    var recordIsOverride: Bool
    /// Whether a component says something else than when sync last wrote it: edited in a
    /// calendar app since the last sync.
    package var isEdited: Bool
  }

  /// The set this inventory is for.
  package let set: String
  private let setBytes: [UInt8]
  /// The entries, sorted by key after ``finish()``.
  package private(set) var entries: [Entry] = []
  private let spool: TemporaryFile
  /// Where each event is in the file it was read from (``FileSyncTarget``), for a rewrite that
  /// copies the bytes in between.
  var locations: ComponentLocations?
  /// Records not yet in the spool (written in blocks of 64 KiB).
  private var pending: [UInt8] = []
  private var finished = false
  /// Whether the events are in resources (files of a vdir, server resources): then each
  /// resource's components are merged as they come, and another resource with a UID already
  /// seen is a duplicate, kept as an entry of its own right after the first (see
  /// ``isDuplicate(_:)``).
  private var hasResources = false
  private var currentResource: String?
  private var currentResourceEntries: [SyncEventKey: Int] = [:]
  /// See ``laterCopies()``: an entry's index and the copy's record.
  private var copyRecords: [(index: Int, record: Int64)] = []

  /// Creates an empty inventory for `set`; the spool goes to an unnamed file in `$TMPDIR`.
  /// - Parameter expectedCount: room to reserve, when the target's size suggests it.
  package init(set: String, expectedCount: Int = 0) throws {
    self.set = set
    self.setBytes = Array(set.utf8)
    self.spool = try TemporaryFile()
    entries.reserveCapacity(expectedCount)
  }

  /// How many UIDs are managed by this set.
  package var managedCount: Int { entries.lazy.filter { $0.ownership == .managed }.count }

  /// Adds one component of the target.
  package mutating func add(_ component: Component) throws {
    try add(
      uid: component.uid, key: SyncEventKey(uid: component.uid), set: component.set,
      sequence: component.sequence,
      digest: component.digest, isOverride: component.isOverride, isEdited: component.isEdited,
      summary: component.summary,
      description: component.description, start: component.start,
      resource: component.resource, etag: component.etag, line: component.line,
      identityKey: component.identityKey, calendarDate: component.calendarDate)
  }

  /// Adds one event component from the facts a scan gathered (no copy of the event); `line` is
  /// where its `BEGIN` is.
  mutating func add(uid: [UInt8], key: SyncEventKey, facts: EventFacts, line: Int) throws {
    try add(
      uid: uid, key: key, set: facts.hasSet ? facts.set : nil, sequence: facts.sequence,
      digest: facts.digest, isOverride: facts.isOverride, isEdited: facts.isEditedSinceWritten,
      summary: facts.summary,
      description: facts.hasDescription ? facts.description : nil,
      start: facts.hasStart ? facts.start : nil, resource: nil, etag: nil, line: line,
      identityKey: facts.identityKey, calendarDate: facts.calendarDate)
  }

  private mutating func add<Bytes: Collection<UInt8>>(
    uid: [UInt8], key: SyncEventKey, set marker: [UInt8]?, sequence: Int, digest: EventDigest,
    isOverride: Bool, isEdited: Bool,
    summary: Bytes, description: Bytes?, start: Bytes?, resource: String?, etag: String?,
    line: Int?, identityKey: [UInt8], calendarDate: [UInt8]
  ) throws {
    precondition(!finished, "add after finish")
    let ownership: Ownership
    if let marker {
      ownership = marker == setBytes ? .managed : .otherSet
    } else {
      ownership = .unmarked
    }
    let record = Int64(spool.size + pending.count)
    func append<Field: Collection<UInt8>>(_ field: Field) {
      Self.appendLength(field.count, to: &pending)
      pending.append(contentsOf: field)
    }
    append(uid)
    append(summary)
    // The date is shown from DESCRIPTION (bdconvert's "Born YYYY-MM-DD") or DTSTART.
    if let description {
      Self.appendLength(description.count + 1, to: &pending)
      pending.append(1)
      pending.append(contentsOf: description)
    } else {
      append(CollectionOfOne<UInt8>(0))
    }
    if let start { append(start) } else { append(EmptyCollection<UInt8>()) }
    append((resource ?? "").utf8)
    append((etag ?? "").utf8)
    append((line.map(String.init) ?? "").utf8)
    append(identityKey)
    append(calendarDate)
    if pending.count >= 1 << 16 { try flushSpool() }
    let entry = Entry(
      key: key, digest: digest, record: record,
      sequence: UInt32(clamping: max(sequence, 0)), ownership: ownership,
      recordIsOverride: isOverride, isEdited: isEdited)
    if let resource {
      hasResources = true
      if resource != currentResource {
        currentResource = resource
        currentResourceEntries.removeAll(keepingCapacity: true)
      }
      if let index = currentResourceEntries[key] {
        Self.merge(entry, into: &entries[index])
        return
      }
      currentResourceEntries[key] = entries.count
    }
    entries.append(entry)
  }

  /// Adds another component of the same UID to `last`.
  private static func merge(_ entry: Entry, into last: inout Entry) {
    last.digest.combine(entry.digest)
    last.sequence = max(last.sequence, entry.sequence)
    last.isEdited = last.isEdited || entry.isEdited
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
  }

  private mutating func flushSpool() throws {
    try spool.append(pending)
    pending.removeAll(keepingCapacity: true)
  }

  /// Sorts the entries and merges the components of each UID.
  /// - Throws: ``TemporaryFileError`` when the spool cannot be written.
  package mutating func finish() throws {
    guard !finished else { return }
    finished = true
    try flushSpool()
    // In file order within a UID (the spool offsets grow), as a stable sort would leave them.
    entries.heapSort { $0.key != $1.key ? $0.key < $1.key : $0.record < $1.record }
    currentResourceEntries = [:]
    // In a file, the components of a UID may be anywhere; resources were merged one by one.
    guard !hasResources else { return }
    var merged = 0
    for index in entries.indices {
      let entry = entries[index]
      if merged > 0, entries[merged - 1].key == entry.key {
        if !entries[merged - 1].recordIsOverride, !entry.recordIsOverride {
          copyRecords.append((merged - 1, entry.record))
        }
        Self.merge(entry, into: &entries[merged - 1])
      } else {
        entries[merged] = entry
        merged += 1
      }
    }
    entries.removeLast(entries.count - merged)
  }

  /// In a calendar file, the UIDs with a second master (two copies of one event, which no
  /// calendar app tells apart): each one's entry and the details of each later copy. A
  /// replacement takes the first copy's place and drops the others.
  package func laterCopies() throws -> [(index: Int, copy: SyncEventDetails)] {
    try copyRecords.map { ($0.index, try details(atRecord: $0.record)) }
  }

  /// Whether the entry at `index` is a UID that an earlier resource already holds: the target
  /// keeps one event per UID, the first (in the order the target read them).
  package func isDuplicate(_ index: Int) -> Bool {
    index > 0 && entries[index - 1].key == entries[index].key
  }

  /// The position of `key` in ``entries`` (the first, when duplicated), or `nil`.
  package func index(of key: SyncEventKey) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].key == key ? low : nil
  }

  /// The UID, title, date, resource and entity tag of an entry, read back from the spool.
  package func details(of entry: Entry) throws -> SyncEventDetails {
    try details(atRecord: entry.record)
  }

  private func details(atRecord record: Int64) throws -> SyncEventDetails {
    var header = [UInt8](repeating: 0, count: 4096)
    var fields: [[UInt8]] = []
    let offset = Int(record)
    var buffered: [UInt8] = []
    func fill(_ count: Int) throws {
      while buffered.count < count {
        let read = try ByteRegionAccess.read(
          spool, at: offset + buffered.count, into: &header, region: 0..<header.count)
        guard read > 0 else {
          throw TemporaryFileError(operation: "read", directory: spool.directory, code: EIO)
        }
        buffered += header[..<read]
      }
    }
    var position = 0
    for _ in 0..<9 {
      try fill(position + 4)
      let length =
        Int(buffered[position]) | Int(buffered[position + 1]) << 8
        | Int(buffered[position + 2]) << 16 | Int(buffered[position + 3]) << 24
      try fill(position + 4 + length)
      fields.append(Array(buffered[(position + 4)..<(position + 4 + length)]))
      position += 4 + length
    }
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    let description = fields[2].first == 1 ? fields[2].dropFirst() : nil
    return SyncEventDetails(
      uid: text(fields[0]), summary: text(TextEscaping.unescaped(bytes: fields[1][...])),
      date: Self.shownDate(description: description, start: fields[3][...]),
      resource: fields[4].isEmpty ? nil : text(fields[4]),
      etag: fields[5].isEmpty ? nil : text(fields[5]), line: Int(text(fields[6])),
      identityKey: fields[7].isEmpty ? nil : text(fields[7]),
      calendarDate: CalendarOccurrence.calendarDate(propertyValue: text(fields[8])))
  }

  private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: length >> shift))
    }
  }

  /// The date a plan line shows for an event: the full date from bdconvert's
  /// `DESCRIPTION:Born YYYY-MM-DD` (or `Since`), else `DTSTART` as `--MM-DD` (bdconvert writes no
  /// such DESCRIPTION without a known year, so the DTSTART year is a placeholder), else `-`.
  static func shownDate(description: ArraySlice<UInt8>?, start: ArraySlice<UInt8>?) -> String {
    if let description {
      let text = TextEscaping.unescaped(bytes: description)
      for prefix in ["Born ", "Since "] where text.starts(with: prefix.utf8) {
        let rest = text.dropFirst(prefix.utf8.count)
        if rest.count == 10 { return String(decoding: rest, as: UTF8.self) }
      }
    }
    guard let start, !start.isEmpty else { return "-" }
    let value = start.prefix(8)
    guard value.count == 8, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return String(decoding: start, as: UTF8.self)
    }
    let digits = Array(value)
    return "--" + String(decoding: digits[4..<6], as: UTF8.self) + "-"
      + String(decoding: digits[6..<8], as: UTF8.self)
  }
}

/// The details of one event that a plan line or a target needs.
package struct SyncEventDetails: Hashable, Sendable {
  /// The UID.
  package var uid: String
  /// The title.
  package var summary: String
  /// The date shown (`YYYY-MM-DD`, or as written).
  package var date: String
  /// Where the event is in the target (vdir file name, server href), when the target said.
  package var resource: String?
  /// The server's entity tag, when the target said.
  package var etag: String?
  /// The line of its `BEGIN` in its resource, when the target said.
  package var line: Int?
  /// Its `X-BDCONVERT-KEY` (``ContactIdentityKey``), when sync wrote one.
  package var identityKey: String? = nil
  /// Its `X-BDCONVERT-CALENDAR-DATE`, when it has one.
  package var calendarDate: CalendarDate? = nil
}
