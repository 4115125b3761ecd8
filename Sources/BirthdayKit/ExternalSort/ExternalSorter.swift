/// Sorts any number of records in bounded memory: an external merge sort.
///
/// Records are collected in memory until ``ExternalSortLimits/memoryBudget`` is reached; then
/// they are sorted and written as one run to an unnamed ``TemporaryFile``. ``finish(_:)`` merges
/// the runs (in several passes when there are more than ``ExternalSortLimits/mergeFanIn``). When
/// everything fits in the budget, nothing is written: small inputs never touch the disk.
///
/// Memory: the budget, plus one read buffer per merged run, whatever the number of records.
/// Disk: about the size of the records (framed by 8 bytes each) per merge pass.
///
/// ```swift
/// var sorter = ExternalSorter(ordering: someOrdering, limits: .standard)
/// for record in records { try record.withUnsafeBytes { try sorter.append($0) } }
/// try sorter.finish { record in print(record.count) }
/// ```
struct ExternalSorter<Ordering: RecordOrdering> {
  private struct Entry {
    var offset: Int
    var length: Int
    var key: Ordering.Key
  }

  /// How the records are ordered.
  let ordering: Ordering
  /// The memory budget and where runs go.
  let limits: ExternalSortLimits
  /// What happened so far.
  private(set) var statistics = ExternalSortStatistics()

  private var arena: [UInt8] = []
  private var entries: [Entry] = []
  private var file: TemporaryFile?
  private var runs: [SortedRun] = []

  /// Creates an empty sorter.
  init(ordering: Ordering, limits: ExternalSortLimits) {
    self.ordering = ordering
    self.limits = limits
  }

  /// Adds a copy of `record`; spills a run first when the budget would be exceeded.
  /// - Throws: ``TemporaryFileError`` when the run cannot be written.
  mutating func append(_ record: UnsafeRawBufferPointer) throws {
    let entrySize = MemoryLayout<Entry>.stride
    if !entries.isEmpty,
      arena.count + record.count + (entries.count + 1) * entrySize > limits.memoryBudget
    {
      try spill()
    }
    // Reserved whole so that the arena is never copied while growing; untouched pages cost no RSS.
    if arena.capacity == 0 { arena.reserveCapacity(limits.memoryBudget) }
    entries.append(Entry(offset: arena.count, length: record.count, key: ordering.key(of: record)))
    arena.appendBytes(record)
    statistics.recordCount += 1
  }

  /// Calls `body` with every record in order and empties the sorter.
  ///
  /// The record handed to `body` is valid only during the call.
  /// - Throws: ``TemporaryFileError``, or what `body` throws.
  mutating func finish(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    if runs.isEmpty {
      sortEntries()
      try arena.withUnsafeBytes { arena in
        for entry in entries {
          try body(
            UnsafeRawBufferPointer(rebasing: arena[entry.offset..<(entry.offset + entry.length)]))
        }
      }
      release()
      return
    }
    if !entries.isEmpty { try spill() }
    release()  // the merge needs only the read buffers
    guard let file else { return }
    let fanIn = max(limits.mergeFanIn, 2)
    while runs.count > fanIn {
      // Merge just enough of the shortest runs that exactly `fanIn` remain for the last pass.
      runs.sort { $0.length < $1.length }
      let group = Array(runs.prefix(min(fanIn, runs.count - fanIn + 1)))
      runs.removeFirst(group.count)
      var writer = RunWriter(file: file)
      try RunMerger.merge(
        group, in: file, ordering: ordering, bufferSize: limits.readBufferSize
      ) { try writer.append($0) }
      runs.append(try writer.finish())
      statistics.intermediateRunCount += 1
    }
    let finalRuns = runs
    runs = []
    self.file = nil
    try RunMerger.merge(
      finalRuns, in: file, ordering: ordering, bufferSize: limits.readBufferSize, body)
  }

  /// Sorts what is in memory and writes it as one run.
  private mutating func spill() throws {
    sortEntries()
    let file = try self.file ?? TemporaryFile(directory: limits.temporaryDirectory)
    self.file = file
    var writer = RunWriter(file: file)
    try arena.withUnsafeBytes { arena in
      for entry in entries {
        try writer.append(
          UnsafeRawBufferPointer(rebasing: arena[entry.offset..<(entry.offset + entry.length)]))
      }
    }
    runs.append(try writer.finish())
    statistics.spilledRunCount += 1
    arena.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
  }

  private mutating func sortEntries() {
    let ordering = self.ordering
    arena.withUnsafeBytes { arena in
      entries.withUnsafeMutableBufferPointer { entries in
        Self.sort(entries, arena: arena, ordering: ordering)
      }
    }
  }

  /// Whether `lhs` sorts before `rhs`: the keys first, the records only when the keys tie.
  @inline(__always)
  private static func precedes(
    _ lhs: Entry, _ rhs: Entry, arena: UnsafeRawBufferPointer, ordering: Ordering
  ) -> Bool {
    let order = ordering.compareKeys(lhs.key, rhs.key)
    if order != 0 { return order < 0 }
    return ordering.areInIncreasingOrder(
      lhs.key, UnsafeRawBufferPointer(rebasing: arena[lhs.offset..<(lhs.offset + lhs.length)]),
      rhs.key, UnsafeRawBufferPointer(rebasing: arena[rhs.offset..<(rhs.offset + rhs.length)]))
  }

  /// A stable merge sort (insertion-sorted runs of 16, then merged in passes through a scratch
  /// copy), written out so that the comparison is inlined: the standard library's `sort(by:)`
  /// cost about 150 instructions a comparison through its closure.
  private static func sort(
    _ entries: UnsafeMutableBufferPointer<Entry>, arena: UnsafeRawBufferPointer, ordering: Ordering
  ) {
    let count = entries.count
    guard count > 1 else { return }
    let runLength = 16
    for start in stride(from: 0, to: count, by: runLength) {
      let end = min(start + runLength, count)
      var index = start + 1
      while index < end {
        let entry = entries[index]
        var slot = index
        while slot > start,
          precedes(entry, entries[slot - 1], arena: arena, ordering: ordering)
        {
          entries[slot] = entries[slot - 1]
          slot -= 1
        }
        entries[slot] = entry
        index += 1
      }
    }
    guard count > runLength else { return }
    let scratch = UnsafeMutableBufferPointer<Entry>.allocate(capacity: count)
    _ = scratch.initialize(from: entries)
    defer {
      scratch.deinitialize()
      scratch.deallocate()
    }
    var source = entries
    var target = scratch
    var width = runLength
    while width < count {
      for low in stride(from: 0, to: count, by: 2 * width) {
        let middle = min(low + width, count)
        let high = min(low + 2 * width, count)
        var left = low
        var right = middle
        var next = low
        // Ties take the left entry first: stable.
        while left < middle, right < high {
          if precedes(source[right], source[left], arena: arena, ordering: ordering) {
            target[next] = source[right]
            right += 1
          } else {
            target[next] = source[left]
            left += 1
          }
          next += 1
        }
        while left < middle {
          target[next] = source[left]
          left += 1
          next += 1
        }
        while right < high {
          target[next] = source[right]
          right += 1
          next += 1
        }
      }
      swap(&source, &target)
      width *= 2
    }
    if source.baseAddress != entries.baseAddress {
      _ = entries.update(fromContentsOf: source)
    }
  }

  private mutating func release() {
    arena = []
    entries = []
  }
}
