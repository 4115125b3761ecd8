/// Merges sorted runs into one sorted sequence, keeping the runs' current records in a binary
/// heap (about 2·log₂(runs) comparisons per record).
enum RunMerger {
  /// Calls `body` with every record of `runs` (each in its own spill file), in `ordering`.
  ///
  /// The record handed to `body` is valid only during the call.
  /// - Throws: ``TemporaryFileError``, or what `body` throws.
  static func merge<Ordering: RecordOrdering>(
    _ runs: [(run: SortedRun, file: TemporaryFile)], ordering: Ordering, bufferSize: Int,
    _ body: (Span<UInt8>) throws -> Void
  ) throws {
    var heap = Heap(ordering: ordering)
    heap.readers.reserveCapacity(runs.count)
    for (run, file) in runs {
      let reader = RunReader(run: run, in: file, ordering: ordering, bufferSize: bufferSize)
      guard try reader.advance(), let key = reader.key else { continue }
      heap.order.append(heap.readers.count)
      heap.readers.append(reader)
      heap.keys.append(key)
    }
    for index in stride(from: heap.order.count / 2 - 1, through: 0, by: -1) {
      heap.siftDown(index)
    }
    while let top = heap.order.first {
      let reader = heap.readers[top]
      try reader.withCurrent(body)
      if try reader.advance(), let key = reader.key {
        heap.keys[top] = key
      } else {
        heap.order.swapAt(0, heap.order.count - 1)
        heap.order.removeLast()
      }
      heap.siftDown(0)
    }
  }

  /// The merge's state as stored properties of one value, so that the sift reads them without
  /// the run-time exclusivity checks that variables captured by nested functions get.
  private struct Heap<Ordering: RecordOrdering> {
    let ordering: Ordering
    /// The runs' readers, by run number.
    var readers: [RunReader<Ordering>] = []
    /// Each run's current key, by run number, so that comparing keys touches no reader object.
    var keys: [Ordering.Key] = []
    /// Run numbers in heap order.
    var order: [Int] = []

    init(ordering: Ordering) { self.ordering = ordering }

    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
      let leftKey = keys[lhs]
      let rightKey = keys[rhs]
      let comparison = ordering.compareKeys(leftKey, rightKey)
      if comparison != 0 { return comparison < 0 }
      return readers[lhs].precedes(readers[rhs], leftKey: leftKey, rightKey: rightKey)
    }

    mutating func siftDown(_ index: Int) {
      var parent = index
      let count = order.count
      while true {
        let left = 2 * parent + 1
        guard left < count else { return }
        let right = left + 1
        let child = right < count && precedes(order[right], order[left]) ? right : left
        guard precedes(order[child], order[parent]) else { return }
        order.swapAt(child, parent)
        parent = child
      }
    }
  }
}
