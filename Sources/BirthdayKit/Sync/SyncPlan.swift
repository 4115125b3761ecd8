/// What a sync will do to its target: events to add, replace and remove, worked out by
/// ``SyncPlanner`` and carried out by a ``SyncTarget``.
///
/// Operations are compact (32 bytes each); the new events' bytes, titles and dates wait in
/// an unnamed temporary file, and removed events' details in the ``SyncInventory``, until a
/// target or a plan line needs them.
public struct SyncPlan: Sendable {
  /// One change to one UID.
  package struct Operation: Sendable {
    /// What happens.
    package var kind: SyncChange.Operation
    /// The UID's key.
    package var key: SyncEventKey
    /// For a replacement or removal: the UID's position in ``SyncPlan/inventory`` (32 bits, so
    /// that an operation takes 32 bytes).
    var storedIndex: Int32
    /// For a replacement or removal: the UID's position in ``SyncPlan/inventory``.
    package var inventoryIndex: Int { Int(storedIndex) }
    /// For an addition or replacement: where its record starts in the spool.
    var record: Int64
    /// For a replacement: which parts changed (bits of ``SyncPlan/changedParts``).
    var changedMask: UInt8
    /// What the planner noted (bits of ``SyncPlan/noteTexts``).
    var notes: UInt8 = 0
  }

  /// The target's events as read before planning.
  package let inventory: SyncInventory
  /// Additions and replacements in the order of the wanted calendar, then removals.
  package internal(set) var operations: [Operation] = []
  /// Wanted events whose content is already in the target.
  public internal(set) var unchanged = 0
  /// Wanted UIDs that the target holds without this set's marker: left alone (see
  /// ``SyncPlanner/Options/adopt``). At most the first 100 are kept, with the total in
  /// ``conflictCount``.
  package internal(set) var conflicts: [(uid: String, ownership: SyncInventory.Ownership)] = []
  /// How many wanted UIDs were left alone as ``conflicts``.
  public internal(set) var conflictCount = 0
  /// Managed events that are no longer wanted but kept (`--keep-removed`).
  package internal(set) var keptRemoved = 0
  /// Unmarked events with a wanted UID in bdconvert's own form, taken over without `--adopt`:
  /// a calendar that `convert` wrote before (replaced with the set's mark, in ``operations``).
  package internal(set) var adoptedCount = 0
  /// Managed events edited in the calendar since the last sync and left alone
  /// (``SyncPlanner/Options/keepEdited``): the first 100, with the total in
  /// ``keptEditedCount``.
  package internal(set) var keptEdited: [SyncChange] = []
  /// How many managed events were left alone as ``keptEdited``.
  package internal(set) var keptEditedCount = 0
  /// Removals held back (see ``holdBackRemovals(because:where:)``), with why.
  package internal(set) var heldBack: [SyncChange] = []
  /// Why ``heldBack`` were held back, one clause ("2 records could not be read").
  package internal(set) var heldBackReason: String?
  /// The lines of the wanted calendar before its first event (`BEGIN:VCALENDAR`, `VERSION`,
  /// `PRODID`, names), for a target that starts empty.
  package internal(set) var calendarHeader: [UInt8] = []
  /// The time written as `DTSTAMP` and `LAST-MODIFIED`.
  package let timestamp: UTCTimestamp
  let spool: TemporaryFile

  init(inventory: SyncInventory, timestamp: UTCTimestamp) throws {
    self.inventory = inventory
    self.timestamp = timestamp
    self.spool = try TemporaryFile()
  }

  /// The names of the bits of ``Operation/changedMask``.
  static let changedParts = ["date", "name", "alarms", "details", "adopted", "key"]
  /// Bits of ``Operation/changedMask``.
  static let detailsChanged: UInt8 = 1 << 3
  static let keyChanged: UInt8 = 1 << 5

  /// The texts of the bits of ``Operation/notes``, as ``SyncChange/notes`` gives them.
  static let noteTexts =
    [
      "paired: same name, changed date", "paired: same date, close name",
      "changed in the calendar since the last sync: overwritten",
      "changed in the calendar since the last sync",
    ] + ContactIdentityKey.Kind.allCases.map { "paired: \($0.reason)" }
  /// Bits of ``Operation/notes``.
  static let pairedByName: UInt8 = 1 << 0
  static let pairedByDate: UInt8 = 1 << 1
  static let editedOverwritten: UInt8 = 1 << 2
  static let editedRemoved: UInt8 = 1 << 3
  /// Paired by ``ContactIdentityKey``: one bit per kind, from this one on.
  static func pairedByKey(_ kind: ContactIdentityKey.Kind) -> UInt8 { 1 << (4 + kind.rawValue) }

  /// True when nothing changes.
  public var isEmpty: Bool { operations.isEmpty }

  /// How many operations of `kind` the plan has.
  package func count(_ kind: SyncChange.Operation) -> Int {
    operations.lazy.filter { $0.kind == kind }.count
  }

  /// How many events the target's set managed before the sync.
  package var managedBefore: Int { inventory.managedCount }

  /// Whether the plan removes more than half of the managed events, and more than 2: refused
  /// unless forced, as it usually means a source was the wrong file or half empty. A calendar of
  /// any size is protected (of 4 events, 3 may not go; 2 may).
  package var isMassRemoval: Bool {
    let removals = count(.remove)
    return removals > 2 && removals * 2 > managedBefore
  }

  /// Keeps every event the plan would remove (counted in ``keptRemoved``), e.g. because some
  /// records could not be read and their events must not go.
  package mutating func keepRemovals() {
    keptRemoved += count(.remove)
    operations.removeAll { $0.kind == .remove }
  }

  /// Notes the managed event at `index` of the inventory as edited in the calendar and left
  /// alone (``SyncPlanner/Options/keepEdited``).
  mutating func keepEdited(_ index: Int) throws {
    keptEditedCount += 1
    guard keptEdited.count < 100 else { return }
    let details = try inventory.details(of: inventory.entries[index])
    keptEdited.append(
      SyncChange(
        operation: .replace, uid: details.uid, summary: details.summary, date: details.date,
        notes: ["changed in the calendar since the last sync: kept"]))
  }

  /// Holds back the removals for which `couldBeTheirs` gives a note (given each one's line;
  /// "kept: could be the unreadable record at a.csv:14"), listed with it in ``heldBack``, with
  /// why in ``heldBackReason``; the rest of the plan goes ahead.
  /// - Returns: how many were held back.
  @discardableResult
  package mutating func holdBackRemovals(
    because reason: String, where couldBeTheirs: (SyncChange) -> String?
  ) throws -> Int {
    var kept: [Operation] = []
    var held = 0
    for operation in operations {
      guard operation.kind == .remove else {
        kept.append(operation)
        continue
      }
      var change = try self.change(operation)
      if let note = couldBeTheirs(change) {
        change.notes.append(note)
        heldBack.append(change)
        held += 1
      } else {
        kept.append(operation)
      }
    }
    if held > 0 {
      operations = kept
      heldBackReason = heldBackReason.map { "\($0); \(reason)" } ?? reason
    }
    return held
  }

  /// What the plan does: one change per event added, replaced or removed, in the order the
  /// target applies them.
  /// - Throws: what reading the plan's spool back throws.
  public func changes() throws -> [SyncChange] {
    try operations.map { try change($0) }
  }

  /// The line that describes `operation`.
  package func change(_ operation: Operation) throws -> SyncChange {
    switch operation.kind {
    case .remove:
      let details = try inventory.details(of: inventory.entries[operation.inventoryIndex])
      var change = SyncChange(
        operation: .remove, uid: details.uid, summary: details.summary, date: details.date,
        notes: notes(operation))
      change.calendarDate = details.calendarDate
      return change
    case .add, .replace:
      let fields = try record(operation, fields: 4)
      let changed = Self.changedParts.enumerated().filter {
        operation.changedMask & (1 << $0.offset) != 0
      }.map(\.element)
      func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
      var change = SyncChange(
        operation: operation.kind, uid: text(fields[0]), summary: text(fields[1]),
        date: text(fields[2]), changed: changed, notes: notes(operation))
      change.calendarDate = CalendarOccurrence.calendarDate(inEvent: fields[3])
      if operation.kind == .replace {
        let before = try inventory.details(of: inventory.entries[operation.inventoryIndex])
        if before.summary != change.summary { change.previousSummary = before.summary }
        if before.date != change.date { change.previousDate = before.date }
      }
      return change
    }
  }

  private func notes(_ operation: Operation) -> [String] {
    Self.noteTexts.enumerated().filter { operation.notes & (1 << $0.offset) != 0 }.map(\.element)
  }

  /// The bytes to write for an addition or replacement: the components as `vcf-to-ics` writes
  /// them, marked with the set, with `SEQUENCE`/`LAST-MODIFIED` for a replacement.
  package func eventBytes(_ operation: Operation) throws -> [UInt8] {
    precondition(operation.kind != .remove, "a removal has no new bytes")
    return try record(operation, fields: 4)[3]
  }

  /// The calendar object for an addition or replacement, as one resource holds it (a vdir file,
  /// a CalDAV resource): a minimal VCALENDAR around ``eventBytes(_:)``.
  package func calendarObject(_ operation: Operation) throws -> [UInt8] {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"
        + ICalendarWriter<MemoryByteSink>.productIdentifier + "\r\n").utf8)
      + (try eventBytes(operation)) + Array("END:VCALENDAR\r\n".utf8)
  }

  /// The UID of the event, from the spool or the inventory.
  package func uid(_ operation: Operation) throws -> String {
    if operation.kind == .remove {
      return try inventory.details(of: inventory.entries[operation.inventoryIndex]).uid
    }
    return String(decoding: try record(operation, fields: 1)[0], as: UTF8.self)
  }

  /// The target's details of a replaced or removed event (resource name, entity tag).
  package func existing(_ operation: Operation) throws -> SyncEventDetails? {
    guard operation.kind != .add else { return nil }
    return try inventory.details(of: inventory.entries[operation.inventoryIndex])
  }

  /// Appends an addition or replacement record: UID, title, date, bytes.
  mutating func appendRecord(_ fields: [[UInt8]]) throws -> Int64 {
    let offset = Int64(spool.size)
    var bytes: [UInt8] = []
    for field in fields {
      for shift in stride(from: 0, to: 32, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: field.count >> shift))
      }
      bytes += field
    }
    try spool.append(bytes)
    return offset
  }

  func record(_ operation: Operation, fields count: Int) throws -> [[UInt8]] {
    var offset = Int(operation.record)
    var fields: [[UInt8]] = []
    for _ in 0..<count {
      let lengthBytes = try read(at: offset, count: 4)
      let length =
        Int(lengthBytes[0]) | Int(lengthBytes[1]) << 8 | Int(lengthBytes[2]) << 16
        | Int(lengthBytes[3]) << 24
      fields.append(try read(at: offset + 4, count: length))
      offset += 4 + length
    }
    return fields
  }

  private func read(at offset: Int, count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let read = try ByteRegionAccess.read(
        spool, at: offset + done, into: &bytes, region: done..<count)
      if read == 0 { break }
      done += read
    }
    return bytes
  }
}
