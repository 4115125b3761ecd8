/// The components of one wanted UID (a master and its overrides, one after the other) as the
/// planner writes them: their bytes without stamps and where each one's stamps go, and the
/// master's title and date for the plan line. Buffers reused from group to group.
struct SyncWantedGroup {
  private(set) var uid: [UInt8] = []
  private(set) var bytes: [UInt8] = []
  private(set) var insertions: [Int] = []
  private(set) var summary: [UInt8] = []
  private(set) var description: [UInt8] = []
  private(set) var hasDescription = false
  private(set) var start: [UInt8] = []
  private(set) var hasStart = false
  private var hasMaster = false
  private var masterIsOverride = false

  mutating func reset() {
    uid.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
    insertions.removeAll(keepingCapacity: true)
    hasMaster = false
  }

  /// Adds the event `reader` just read (``SyncComponentReader/Bytes/stamping``, with facts).
  mutating func add(_ reader: SyncComponentReader) {
    if insertions.isEmpty { uid += reader.uid }
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
    insertions.append(reader.appendUnstamped(to: &bytes))
  }

  /// The group's bytes with `added` (the stamp lines) at each component's insertion point.
  func stamped(_ added: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + insertions.count * added.count)
    var position = 0
    for insertion in insertions {
      result += bytes[position..<insertion]
      result += added
      position = insertion
    }
    result += bytes[position...]
    return result
  }
}
