import Synchronization

/// Gathers the wanted events while the sources are converted (a ``RenderedEventObserver``): the
/// key and digest of each celebration's events, worked out on the thread that rendered them
/// (``RenderedEventSummary``), and where they are in the converted calendar, from their lengths.
/// ``SyncWantedEvents/init(collected:in:fileName:)`` then reads the calendar only for its header
/// and, later, for the events that are added or replaced.
///
/// Memory: one 56-byte record per UID, spooled to an unnamed temporary file in blocks.
package final class SyncWantedEventCollector: RenderedEventObserver {
  let spool: TemporaryFile
  /// Changed by `written`, on the thread that writes the calendar, and read once the conversion
  /// is over.
  private let state = Mutex(State())

  private struct State {
    var pending: [SyncWantedEvents.Group] = []
    var current: SyncWantedEvents.Group?
    var count = 0
    var length: Int64 = 0
    var isComplete = true
  }

  /// How many UIDs were written.
  var count: Int { state.withLock { $0.count } }
  /// The bytes of the events written so far.
  var length: Int64 { state.withLock { $0.length } }
  /// Whether every event could be summarized (else the calendar is read back instead).
  var isComplete: Bool { state.withLock { $0.isComplete } }

  /// A collector with an unnamed spool file in `$TMPDIR`.
  package init() throws {
    spool = try TemporaryFile()
    state.withLock { $0.pending.reserveCapacity(SyncWantedEvents.blockCount) }
  }

  package func summarize(_ events: Span<UInt8>) -> RenderedEventSummary? {
    RenderedEventSummary(events: events)
  }

  package func written(_ summary: RenderedEventSummary?, length: Int) throws {
    try state.withLock { state in
      let start = state.length
      state.length += Int64(length)
      guard state.isComplete, let summary else {
        state.isComplete = false
        return
      }
      // Components of one UID that follow one another are one group, as when scanning.
      if state.current?.key == summary.key {
        state.current?.digest.combine(summary.digest)
        state.current?.keylessDetails &+= summary.keylessDetails
        state.current?.end = state.length
        return
      }
      if let current = state.current { try append(current, to: &state) }
      state.current = SyncWantedEvents.Group(
        key: summary.key, digest: summary.digest, keylessDetails: summary.keylessDetails,
        start: start, end: state.length)
    }
  }

  /// Spools the last group; called once, when the calendar is complete.
  func finish() throws {
    try state.withLock { state in
      if let current = state.current { try append(current, to: &state) }
      state.current = nil
      try flush(&state)
    }
  }

  private func append(_ group: SyncWantedEvents.Group, to state: inout State) throws {
    state.pending.append(group)
    state.count += 1
    if state.pending.count == SyncWantedEvents.blockCount { try flush(&state) }
  }

  private func flush(_ state: inout State) throws {
    try ByteRegionAccess.append(state.pending, to: spool)
    state.pending.removeAll(keepingCapacity: true)
  }
}
