/// Works out a ``SyncPlan``: compares the wanted events (a calendar as `vcf-to-ics` writes it)
/// with what a target holds (a ``SyncInventory``), UID by UID. Knows nothing about the target.
///
/// - A wanted UID the target does not have: added, marked with the set.
/// - A wanted UID managed by the set whose ``EventDigest`` differs: replaced, `SEQUENCE` one
///   higher than before, `LAST-MODIFIED` and `DTSTAMP` the run's time. The same digest: unchanged.
/// - A wanted UID the target has without the set's marker: left alone and reported, or, with
///   ``Options/adopt``, taken over when unmarked (never another set's).
/// - A managed UID not wanted any more: removed, unless ``Options/keepRemoved``.
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

    /// Creates options.
    public init(keepRemoved: Bool = false, adopt: Bool = false) {
      self.keepRemoved = keepRemoved
      self.adopt = adopt
    }
  }

  /// Plans the sync of the calendar in `wanted` into a target whose events are in `inventory`
  /// (finished).
  /// - Parameters:
  ///   - timestamp: `DTSTAMP` of the wanted events, written as `LAST-MODIFIED` of replacements.
  ///   - expectedEvents: about how many events `wanted` holds (its size over a typical event's),
  ///     to reserve room for the operations at once.
  /// - Throws: ``InputFormatError`` for a malformed wanted calendar, or what the sources throw.
  public static func plan<Source: ByteSource>(
    wanted: Source, fileName: String, inventory: SyncInventory, timestamp: UTCTimestamp,
    options: Options = Options(), expectedEvents: Int = 0
  ) throws -> SyncPlan {
    var plan = try SyncPlan(inventory: inventory, timestamp: timestamp)
    // Room for every wanted event changing: untouched capacity costs no memory, and the array never
    // holds an old and a new copy while growing.
    plan.operations.reserveCapacity(max(expectedEvents, 0) + inventory.entries.count / 8)
    var wantedBits = [UInt64](repeating: 0, count: (inventory.entries.count + 63) / 64)
    var reader = SyncComponentReader(
      AnyByteSource(wanted), fileName: fileName, bytes: .stamping, gathersFacts: true)
    // The components of one UID (a master and its overrides, one after the other): their bytes
    // without stamps and where each one's stamps go, their combined digest, and the master's
    // title and date for the plan line. Buffers reused from group to group.
    var groupUID: [UInt8] = []
    var groupBytes: [UInt8] = []
    var insertions: [Int] = []
    var digest = EventDigest()
    var hasMaster = false
    var masterIsOverride = false
    var summary: [UInt8] = []
    var description: [UInt8] = []
    var hasDescription = false
    var start: [UInt8] = []
    var hasStart = false
    var inHeader = true

    func flush() throws {
      guard !insertions.isEmpty else { return }
      defer {
        groupBytes.removeAll(keepingCapacity: true)
        insertions.removeAll(keepingCapacity: true)
        digest = EventDigest()
        hasMaster = false
      }
      let key = SyncEventKey(uid: groupUID)
      let index = inventory.index(of: key)
      var sequence = 0
      var mask: UInt8 = 0
      let kind: SyncChange.Operation
      if let index {
        wantedBits[index / 64] |= 1 << UInt64(index % 64)
        let entry = inventory.entries[index]
        switch entry.ownership {
        case .managed:
          guard entry.digest != digest else {
            plan.unchanged += 1
            return
          }
        case .unmarked where options.adopt:
          mask |= 1 << 4
        case .unmarked, .otherSet:
          plan.conflictCount += 1
          if plan.conflicts.count < 100 {
            plan.conflicts.append((String(decoding: groupUID, as: UTF8.self), entry.ownership))
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
      let added = SyncMarker.addedLines(
        set: inventory.set, sequence: sequence, lastModified: kind == .replace ? timestamp : nil)
      var bytes: [UInt8] = []
      bytes.reserveCapacity(groupBytes.count + insertions.count * added.count)
      var position = 0
      for insertion in insertions {
        bytes += groupBytes[position..<insertion]
        bytes += added
        position = insertion
      }
      bytes += groupBytes[position...]
      let shownSummary = TextEscaping.unescaped(bytes: summary)
      let date = SyncInventory.shownDate(
        description: hasDescription ? description[...] : nil, start: hasStart ? start[...] : nil)
      let record = try plan.appendRecord([groupUID, shownSummary, Array(date.utf8), bytes])
      plan.operations.append(
        SyncPlan.Operation(
          kind: kind, key: key, storedIndex: Int32(index ?? -1), record: record,
          changedMask: mask))
    }

    while let item = try reader.next() {
      switch item {
      case .line:
        if inHeader, reader.lineDepth == 1, reader.lineKind != .end {
          plan.calendarHeader += reader.raw
        }
      case .component:
        guard reader.isEvent, reader.hasUID else {
          if inHeader { plan.calendarHeader += reader.raw }  // a VTIMEZONE, say
          continue
        }
        inHeader = false
        if reader.uid != groupUID {
          try flush()
          groupUID.removeAll(keepingCapacity: true)
          groupUID += reader.uid
        }
        digest.combine(reader.facts.digest)
        // The first component shows the name and date, unless an override came before the master
        // (copied, so that the reader's buffers stay its own).
        if !hasMaster || masterIsOverride && !reader.facts.isOverride {
          hasMaster = true
          masterIsOverride = reader.facts.isOverride
          summary.removeAll(keepingCapacity: true)
          summary += reader.facts.summary
          description.removeAll(keepingCapacity: true)
          description += reader.facts.description
          hasDescription = reader.facts.hasDescription
          start.removeAll(keepingCapacity: true)
          start += reader.facts.start
          hasStart = reader.facts.hasStart
        }
        insertions.append(reader.appendUnstamped(to: &groupBytes))
      }
    }
    try flush()

    for (index, entry) in inventory.entries.enumerated()
    where entry.ownership == .managed && wantedBits[index / 64] & (1 << UInt64(index % 64)) == 0 {
      if options.keepRemoved {
        plan.keptRemoved += 1
      } else {
        plan.operations.append(
          SyncPlan.Operation(
            kind: .remove, key: entry.key, storedIndex: Int32(index), record: -1, changedMask: 0))
      }
    }
    return plan
  }
}
