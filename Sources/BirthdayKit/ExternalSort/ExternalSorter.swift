import Synchronization

/// Sorts any number of records in bounded memory: an external merge sort.
///
/// Records are collected in memory until ``ExternalSortLimits/memoryBudget`` is reached; then
/// they are sorted and written as one run to an unnamed ``TemporaryFile``. ``finish(_:)`` merges
/// the runs (in several passes when there are more than ``ExternalSortLimits/mergeFanIn``). When
/// everything fits in the budget, nothing is written: small inputs never touch the disk.
///
/// A full budget is sorted and written on a second thread while the next records are collected
/// (one run at a time), so a large input costs the caller little more than collecting it.
///
/// Memory: twice the budget while a run is being written, plus one read buffer per merged run,
/// whatever the number of records.
/// Disk: about the size of the records (framed by 8 bytes each) per merge pass.
///
/// ```swift
/// var sorter = ExternalSorter(ordering: someOrdering, limits: .standard)
/// for record in records { try sorter.append(record.span) }
/// try sorter.finish { record in print(record.count) }
/// ```
struct ExternalSorter<Ordering: RecordOrdering> {
  private struct Entry: Sendable {
    var offset: Int
    var length: Int
    var key: Ordering.Key
  }

  /// How the records are ordered.
  let ordering: Ordering
  /// The memory budget and where runs go (the budget may change between appends: two sorters
  /// filled at once share one).
  var limits: ExternalSortLimits
  /// What happened so far.
  private(set) var statistics = ExternalSortStatistics()

  private var arena: [UInt8] = []
  private var entries: [Entry] = []
  private var file: TemporaryFile?
  /// The spilled runs, each with its file (those taken over from another sorter keep theirs).
  private var runs: [(run: SortedRun, file: TemporaryFile)] = []
  /// The thread that sorts and writes spilled runs, started at the first spill.
  private var spillThread: SpillThread?
  /// The run being sorted and written, and its outcome once done.
  private var spilling: (batch: SpillBatch, job: PendingJob<Result<SortedRun, any Error>>)?
  /// The buffers of the last written run, emptied, for the next records.
  private var spare: SpillBatch?

  /// The records of one run on their way to the spill file; a class, so that the spill thread
  /// sorts the entries in place and the caller gets the emptied buffers back. The spill thread
  /// holds the lock while it sorts and writes them; the caller takes it to fill the batch and
  /// once the job has ended.
  private final class SpillBatch: Sendable {
    struct Contents {
      var arena: [UInt8] = []
      var entries: [Entry] = []
      var file: TemporaryFile?
    }

    let contents = Mutex(Contents())
  }

  /// Creates an empty sorter.
  init(ordering: Ordering, limits: ExternalSortLimits) {
    self.ordering = ordering
    self.limits = limits
  }

  /// Adds a copy of `record`; spills a run first when the budget would be exceeded.
  /// - Throws: ``TemporaryFileError`` when the run cannot be written.
  mutating func append(_ record: Span<UInt8>) throws {
    let entrySize = MemoryLayout<Entry>.stride
    if !entries.isEmpty,
      arena.count + record.count + (entries.count + 1) * entrySize > limits.memoryBudget
    {
      try spill()
    }
    // Reserved whole so that the arena is never copied while growing; untouched pages cost no RSS.
    if arena.capacity == 0 { arena.reserveCapacity(limits.memoryBudget) }
    entries.append(Entry(offset: arena.count, length: record.count, key: ordering.key(of: record)))
    ByteKernel.append(record, to: &arena)
    statistics.recordCount += 1
  }

  /// Calls `body` with every record in order and empties the sorter.
  ///
  /// The record handed to `body` is valid only during the call.
  /// - Throws: ``TemporaryFileError``, or what `body` throws.
  mutating func finish(_ body: (Span<UInt8>) throws -> Void) throws {
    if runs.isEmpty, spilling == nil {
      sortEntries()
      let (arena, entries) = (self.arena, self.entries)
      release()
      let bytes = arena.span
      for entry in entries {
        try body(bytes.extracting(entry.offset..<(entry.offset + entry.length)))
      }
      return
    }
    if !entries.isEmpty { try spill() }
    try waitForSpill()
    release()  // the merge needs only the read buffers
    let fanIn = max(limits.mergeFanIn, 2)
    while runs.count > fanIn {
      // Merge just enough of the shortest runs that exactly `fanIn` remain for the last pass.
      runs.sort { $0.run.length < $1.run.length }
      let group = Array(runs.prefix(min(fanIn, runs.count - fanIn + 1)))
      runs.removeFirst(group.count)
      let file = try self.file ?? TemporaryFile(directory: limits.temporaryDirectory)
      self.file = file
      var writer = RunWriter(file: file)
      try RunMerger.merge(group, ordering: ordering, bufferSize: limits.readBufferSize) {
        try writer.append($0)
      }
      runs.append((try writer.finish(), file))
      statistics.intermediateRunCount += 1
    }
    let finalRuns = runs
    runs = []
    self.file = nil
    try RunMerger.merge(finalRuns, ordering: ordering, bufferSize: limits.readBufferSize, body)
  }

  /// Takes over every record of `other` (same ordering), which is left empty: its spilled runs
  /// stay in its spill file and are merged from there, the records it holds in memory are
  /// appended. The records come out in the same order whichever sorter held them.
  /// - Throws: ``TemporaryFileError`` when a run cannot be written.
  mutating func absorb(_ other: inout ExternalSorter) throws {
    try other.waitForSpill()
    runs += other.runs
    other.runs = []
    other.file = nil
    statistics.recordCount += other.statistics.recordCount - other.entries.count
    statistics.spilledRunCount += other.statistics.spilledRunCount
    statistics.intermediateRunCount += other.statistics.intermediateRunCount
    statistics.absorbedSorterCount += 1 + other.statistics.absorbedSorterCount
    let (arena, entries) = (other.arena, other.entries)
    other.release()
    let bytes = arena.span
    for entry in entries {
      try append(bytes.extracting(entry.offset..<(entry.offset + entry.length)))
    }
    other.statistics = ExternalSortStatistics()
  }

  /// Hands what is in memory to the spill thread, which sorts it and writes it as one run;
  /// waits first for the run before (runs are written one after the other).
  private mutating func spill() throws {
    try waitForSpill()
    let file = try self.file ?? TemporaryFile(directory: limits.temporaryDirectory)
    self.file = file
    let batch = spare ?? SpillBatch()
    spare = nil
    var (arena, entries) = (self.arena, self.entries)
    (self.arena, self.entries) = ([], [])
    batch.contents.withLock { contents in
      contents.file = file
      swap(&contents.arena, &arena)
      swap(&contents.entries, &entries)
    }
    (self.arena, self.entries) = (arena, entries)
    let thread = spillThread ?? SpillThread()
    spillThread = thread
    let ordering = self.ordering
    let job = PendingJob(on: thread.workers) { () -> Result<SortedRun, any Error> in
      batch.contents.withLock { batch in
        Result {
          // Taken out of the batch while sorted and written (a span of one and a change to the
          // other would overlap on the batch), and put back emptied, their capacity kept.
          var (arena, entries): ([UInt8], [Entry]) = ([], [])
          swap(&arena, &batch.arena)
          swap(&entries, &batch.entries)
          defer {
            arena.removeAll(keepingCapacity: true)
            entries.removeAll(keepingCapacity: true)
            swap(&arena, &batch.arena)
            swap(&entries, &batch.entries)
          }
          Self.sort(&entries, arena: arena.span, ordering: ordering)
          guard let file = batch.file else { preconditionFailure("a spilled batch has its file") }
          var writer = RunWriter(file: file)
          do {
            let bytes = arena.span
            for entry in entries {
              try writer.append(bytes.extracting(entry.offset..<(entry.offset + entry.length)))
            }
          }
          return try writer.finish()
        }
      }
    }
    spilling = (batch, job)
    statistics.spilledRunCount += 1
  }

  /// Waits for the run being written and takes it into ``runs``.
  private mutating func waitForSpill() throws {
    guard let (batch, job) = spilling else { return }
    spilling = nil
    let run = try job.wait().get()
    let file = batch.contents.withLock { contents in
      defer { contents.file = nil }
      return contents.file
    }
    guard let file else { preconditionFailure("a spilled batch has its file") }
    spare = batch
    runs.append((run, file))
  }

  private mutating func sortEntries() {
    var entries: [Entry] = []
    swap(&entries, &self.entries)
    Self.sort(&entries, arena: arena.span, ordering: ordering)
    swap(&entries, &self.entries)
  }

  /// Whether `lhs` sorts before `rhs`: the keys first, the records only when the keys tie.
  @inline(__always)
  private static func precedes(
    _ lhs: Entry, _ rhs: Entry, arena: Span<UInt8>, ordering: Ordering
  ) -> Bool {
    let order = ordering.compareKeys(lhs.key, rhs.key)
    if order != 0 { return order < 0 }
    return ordering.areInIncreasingOrder(
      lhs.key, arena.extracting(lhs.offset..<(lhs.offset + lhs.length)),
      rhs.key, arena.extracting(rhs.offset..<(rhs.offset + rhs.length)))
  }

  /// A stable merge sort (insertion-sorted runs of 16, then merged in passes through a scratch
  /// copy), written out so that the comparison is inlined: the standard library's `sort(by:)`
  /// calls it through a closure, which costs many times the comparison.
  private static func sort(_ entries: inout [Entry], arena: Span<UInt8>, ordering: Ordering) {
    let count = entries.count
    guard count > 1 else { return }
    let runLength = 16
    do {
      var sorted = entries.mutableSpan
      for start in stride(from: 0, to: count, by: runLength) {
        let end = min(start + runLength, count)
        var index = start + 1
        while index < end {
          let entry = sorted[index]
          var slot = index
          while slot > start, precedes(entry, sorted[slot - 1], arena: arena, ordering: ordering) {
            sorted[slot] = sorted[slot - 1]
            slot -= 1
          }
          sorted[slot] = entry
          index += 1
        }
      }
    }
    guard count > runLength else { return }
    // Merged back and forth between the entries and a scratch copy (arrays swapped, not copied).
    var source = entries
    entries = []
    var target = source
    var width = runLength
    while width < count {
      do {
        let from = source.span
        var into = target.mutableSpan
        for low in stride(from: 0, to: count, by: 2 * width) {
          let middle = min(low + width, count)
          let high = min(low + 2 * width, count)
          var left = low
          var right = middle
          var next = low
          // Ties take the left entry first: stable.
          while left < middle, right < high {
            if precedes(from[right], from[left], arena: arena, ordering: ordering) {
              into[next] = from[right]
              right += 1
            } else {
              into[next] = from[left]
              left += 1
            }
            next += 1
          }
          while left < middle {
            into[next] = from[left]
            left += 1
            next += 1
          }
          while right < high {
            into[next] = from[right]
            right += 1
            next += 1
          }
        }
      }
      swap(&source, &target)
      width *= 2
    }
    entries = source
  }

  private mutating func release() {
    arena = []
    entries = []
    spare = nil
    spillThread = nil
  }
}

/// The one thread of an ``ExternalSorter`` that sorts and writes its spilled runs; it ends when
/// the sorter lets go of it (after ``ExternalSorter/finish(_:)``, or when the sorter is dropped).
private final class SpillThread: Sendable {
  let workers = WorkerThreads(count: 1)

  deinit { workers.stop() }
}
