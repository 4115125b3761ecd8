/// Works out a ``SyncPlan``: compares the wanted events (a calendar as `vcf-to-ics` writes it)
/// with what a target holds (a ``SyncInventory``), UID by UID. Knows nothing about the target.
///
/// - A wanted UID the target does not have: added, marked with the set.
/// - A wanted UID managed by the set whose ``EventDigest`` differs: replaced, `SEQUENCE` one
///   higher than before, `LAST-MODIFIED` and `DTSTAMP` the run's time. The same digest: unchanged.
/// - A wanted UID the target has without the set's marker: left alone and reported, or, with
///   ``Options/adopt``, taken over when unmarked (never another set's).
/// - A managed UID not wanted any more: removed, unless ``Options/keepRemoved``.
/// - A managed event edited in the calendar since the last sync (its content differs from the
///   digest the sync recorded in it): overwritten with a note, or left alone with
///   ``Options/keepEdited``.
/// - An unmarked event whose UID is wanted and in bdconvert's own form (a UUIDv5, as `convert`
///   writes): taken over as if ``Options/adopt`` were given, counted in
///   ``SyncPlan/adoptedCount``.
/// - An added and a removed event that are evidently the same person, whose UID changed because
///   the contact has no UID of its own (its name-based UID follows the name and the day): one
///   replacement, written with the new UID, noted "paired: …". See ``SyncPairing``.
///
/// Planning has two halves: ``SyncWantedEvents`` reads the wanted calendar without the target (so
/// that it can run while the target's inventory is read), then
/// ``plan(wanted:inventory:timestamp:options:)`` matches the two.
///
/// Memory: the inventory's 48 bytes per target UID, a bit per UID for "wanted", and about 40 bytes
/// per change; one wanted event at a time.
public struct SyncPlanner {
  /// What the planner may do.
  public struct Options: Sendable {
    /// Keep managed events that are no longer wanted (`--keep-removed`).
    public var keepRemoved = false
    /// Take over unmarked events whose UID is wanted (`--adopt`), e.g. from an earlier
    /// `vcf-to-ics` import into the same calendar.
    public var adopt = false
    /// Leave managed events edited in the calendar since the last sync alone
    /// (`--keep-edited`).
    public var keepEdited = false

    /// Creates options.
    public init(keepRemoved: Bool = false, adopt: Bool = false, keepEdited: Bool = false) {
      self.keepRemoved = keepRemoved
      self.adopt = adopt
      self.keepEdited = keepEdited
    }
  }

  /// Plans the sync of the calendar in `wanted` into a target whose events are in `inventory`
  /// (finished), for callers that hold a small calendar (it is read into memory first).
  /// - Parameter timestamp: `DTSTAMP` of the wanted events, written as `LAST-MODIFIED` of
  ///   replacements.
  /// - Throws: ``InputFormatError`` for a malformed wanted calendar, or what the sources throw.
  public static func plan<Source: ByteSource>(
    wanted: Source, fileName: String, inventory: SyncInventory, timestamp: UTCTimestamp,
    options: Options = Options()
  ) throws -> SyncPlan {
    var source = wanted
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      var span = chunk.mutableSpan
      let count = try source.read(into: &span)
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    let events = try SyncWantedEvents(
      scanning: MemoryRandomAccessSource(bytes), fileName: fileName)
    return try plan(wanted: events, inventory: inventory, timestamp: timestamp, options: options)
  }

  /// Plans the sync of the wanted events into a target whose events are in `inventory`
  /// (finished). Reads back the bytes of the events it adds or replaces only.
  /// - Parameter timestamp: `DTSTAMP` of the wanted events, written as `LAST-MODIFIED` of
  ///   replacements.
  /// - Throws: what reading the wanted calendar back throws.
  package static func plan(
    wanted: SyncWantedEvents, inventory: SyncInventory, timestamp: UTCTimestamp,
    options: Options = Options()
  ) throws -> SyncPlan {
    var plan = try SyncPlan(inventory: inventory, timestamp: timestamp)
    plan.calendarHeader = wanted.calendarHeader
    // Room for every wanted event changing: untouched capacity costs no memory, and the array never
    // holds an old and a new copy while growing.
    plan.operations.reserveCapacity(wanted.count + inventory.entries.count / 8)
    var wantedBits = [UInt64](repeating: 0, count: (inventory.entries.count + 63) / 64)
    var group = SyncWantedGroup()
    // The digests of the additions, which pairing needs; only when something may be removed.
    let mayPair = inventory.entries.contains { $0.ownership == .managed }
    var addedDigests: [Int: EventDigest] = [:]

    try wanted.forEachGroup { wantedGroup in
      let key = wantedGroup.key
      let digest = wantedGroup.digest
      let index = inventory.index(of: key)
      var sequence = 0
      var mask: UInt8 = 0
      var notes: UInt8 = 0
      let kind: SyncChange.Operation
      if let index {
        wantedBits[index / 64] |= 1 << UInt64(index % 64)
        let entry = inventory.entries[index]
        let isOwnForm =
          entry.ownership == .unmarked && !options.adopt
          ? try Self.isOwnForm(wanted, wantedGroup, into: &group) : false
        switch entry.ownership {
        case .managed:
          // An event written before sync wrote keys is left alone while it says the same.
          var keyless = digest
          keyless.details = wantedGroup.keylessDetails
          guard entry.digest != digest, entry.digest != keyless else {
            plan.unchanged += 1
            return
          }
          if entry.isEdited {
            guard !options.keepEdited else {
              try plan.keepEdited(index)
              return
            }
            notes |= SyncPlan.editedOverwritten
          }
        case .unmarked where options.adopt:
          mask |= 1 << 4
        case .unmarked where isOwnForm:
          mask |= 1 << 4
          plan.adoptedCount += 1
        case .unmarked, .otherSet:
          plan.conflictCount += 1
          if plan.conflicts.count < 100 {
            try wanted.read(wantedGroup, into: &group)
            plan.conflicts.append((String(decoding: group.uid, as: UTF8.self), entry.ownership))
          }
          return
        }
        kind = .replace
        sequence = Int(entry.sequence) + 1
        for (bit, part) in SyncPlan.changedParts.prefix(4).enumerated()
        where digest.changes(from: entry.digest).contains(part) {
          mask |= 1 << UInt8(bit)
        }
      } else {
        kind = .add
      }
      try wanted.read(wantedGroup, into: &group)
      if let index, mask & SyncPlan.detailsChanged != 0 {
        mask = try Self.keyChange(
          mask, stored: inventory, index, wanted: group, keylessDetails: wantedGroup.keylessDetails)
      }
      // The digest is recorded on a lone component, whose own digest it is.
      let bytes = group.stamped(
        SyncMarker.addedLines(
          set: inventory.set, sequence: sequence,
          lastModified: kind == .replace ? timestamp : nil,
          digest: group.insertions.count == 1 ? digest : nil))
      let shownSummary = TextEscaping.unescaped(bytes: group.summary)
      let date = SyncInventory.shownDate(
        description: group.hasDescription ? group.description[...] : nil,
        start: group.hasStart ? group.start[...] : nil)
      let record = try plan.appendRecord([group.uid, shownSummary, Array(date.utf8), bytes])
      if kind == .add, mayPair { addedDigests[plan.operations.count] = digest }
      plan.operations.append(
        SyncPlan.Operation(
          kind: kind, key: key, storedIndex: Int32(index ?? -1), record: record,
          changedMask: mask, notes: notes))
    }

    for (index, entry) in inventory.entries.enumerated()
    where entry.ownership == .managed && wantedBits[index / 64] & (1 << UInt64(index % 64)) == 0 {
      if options.keepRemoved {
        plan.keptRemoved += 1
      } else if entry.isEdited, options.keepEdited {
        try plan.keepEdited(index)
      } else {
        plan.operations.append(
          SyncPlan.Operation(
            kind: .remove, key: entry.key, storedIndex: Int32(index), record: -1, changedMask: 0,
            notes: entry.isEdited ? SyncPlan.editedRemoved : 0))
      }
    }
    if !addedDigests.isEmpty {
      try SyncPairing.pair(&plan, addedDigests: addedDigests)
    }
    return plan
  }

  /// A replacement's changed parts when the details changed: `key` when the contact's key
  /// (``ContactIdentityKey``) is another than the event's (a new e-mail address: the event is
  /// rewritten so that a later rename still pairs), then `details` only when something else
  /// changed too, as far as the digests tell (an event without a key, compared without the new
  /// one; with a key, the two cannot be told apart and the key is named alone).
  private static func keyChange(
    _ mask: UInt8, stored inventory: SyncInventory, _ index: Int, wanted group: SyncWantedGroup,
    keylessDetails: UInt32
  ) throws -> UInt8 {
    let entry = inventory.entries[index]
    let storedKey = try inventory.details(of: entry).identityKey ?? ""
    guard SyncPairing.identityKey(in: group.bytes) != storedKey else { return mask }
    var result = mask | SyncPlan.keyChanged
    if !storedKey.isEmpty || entry.digest.details == keylessDetails {
      result &= ~SyncPlan.detailsChanged
    }
    return result
  }

  /// Whether the group's UID is in bdconvert's own form: a lower-case UUIDv5, which only
  /// bdconvert's conversion of the same contact gives (reads the group into `group`).
  private static func isOwnForm(
    _ wanted: SyncWantedEvents, _ wantedGroup: SyncWantedEvents.Group,
    into group: inout SyncWantedGroup
  ) throws -> Bool {
    try wanted.read(wantedGroup, into: &group)
    let uid = String(decoding: group.uid, as: UTF8.self)
    guard let uuid = NameBasedUUID(uid), uuid.description == uid else { return false }
    return group.uid[14] == UInt8(ascii: "5")
  }
}
