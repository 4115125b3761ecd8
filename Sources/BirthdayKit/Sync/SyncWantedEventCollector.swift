/// Gathers the wanted events while the sources are converted (a ``RenderedEventObserver``): the
/// key and digest of each celebration's events, worked out on the thread that rendered them
/// (``RenderedEventSummary``), and where they are in the converted calendar, from their lengths.
/// ``SyncWantedEvents/init(collected:in:fileName:)`` then reads the calendar only for its header
/// and, later, for the events that are added or replaced.
///
/// Memory: one 56-byte record per UID, spooled to an unnamed temporary file in blocks.
package final class SyncWantedEventCollector: RenderedEventObserver, @unchecked Sendable {
  // Changed only by `written`, on the thread that writes the calendar, and read once the
  // conversion is over.
  let spool: TemporaryFile
  private var pending: [SyncWantedEvents.Group] = []
  private var current: SyncWantedEvents.Group?
  /// How many UIDs were written.
  private(set) var count = 0
  /// The bytes of the events written so far.
  private(set) var length: Int64 = 0
  /// Whether every event could be summarized (else the calendar is read back instead).
  private(set) var isComplete = true

  /// A collector with an unnamed spool file in `$TMPDIR`.
  package init() throws {
    spool = try TemporaryFile()
    pending.reserveCapacity(SyncWantedEvents.blockCount)
  }

  package func summarize(_ events: UnsafeBufferPointer<UInt8>) -> RenderedEventSummary? {
    RenderedEventSummary(events: events)
  }

  package func written(_ summary: RenderedEventSummary?, length: Int) throws {
    let start = self.length
    self.length += Int64(length)
    guard isComplete, let summary else {
      isComplete = false
      return
    }
    // Components of one UID that follow one another are one group, as when scanning.
    if current?.key == summary.key {
      current?.digest.combine(summary.digest)
      current?.keylessDetails &+= summary.keylessDetails
      current?.end = self.length
      return
    }
    if let current { try append(current) }
    current = SyncWantedEvents.Group(
      key: summary.key, digest: summary.digest, keylessDetails: summary.keylessDetails,
      start: start, end: self.length)
  }

  /// Spools the last group; called once, when the calendar is complete.
  func finish() throws {
    if let current { try append(current) }
    current = nil
    try flush()
  }

  private func append(_ group: SyncWantedEvents.Group) throws {
    pending.append(group)
    count += 1
    if pending.count == SyncWantedEvents.blockCount { try flush() }
  }

  private func flush() throws {
    try pending.withUnsafeBytes { try spool.append($0) }
    pending.removeAll(keepingCapacity: true)
  }
}
