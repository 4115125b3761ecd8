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
    // The heap holds run numbers; each run's current key is kept in a plain array, so that a
    // comparison of keys touches no reader object (no retain/release per sift step).
    var readers: [RunReader<Ordering>] = []
    var keys: [Ordering.Key] = []
    var heap: [Int] = []
    readers.reserveCapacity(runs.count)
    for (run, file) in runs {
      let reader = RunReader(run: run, in: file, ordering: ordering, bufferSize: bufferSize)
      guard try reader.advance(), let key = reader.key else { continue }
      heap.append(readers.count)
      readers.append(reader)
      keys.append(key)
    }
    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
      let order = ordering.compareKeys(keys[lhs], keys[rhs])
      if order != 0 { return order < 0 }
      return readers[lhs].withCurrent { left in
        readers[rhs].withCurrent { right in
          ordering.areInIncreasingOrder(keys[lhs], left, keys[rhs], right)
        }
      }
    }
    func siftDown(_ index: Int) {
      var parent = index
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { return }
        let right = left + 1
        let child = right < heap.count && precedes(heap[right], heap[left]) ? right : left
        guard precedes(heap[child], heap[parent]) else { return }
        heap.swapAt(child, parent)
        parent = child
      }
    }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    while let top = heap.first {
      let reader = readers[top]
      try reader.withCurrent(body)
      if try reader.advance(), let key = reader.key {
        keys[top] = key
      } else {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
      }
      siftDown(0)
    }
  }
}
