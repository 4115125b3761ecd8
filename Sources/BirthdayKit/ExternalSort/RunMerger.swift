/// Merges sorted runs into one sorted sequence, keeping the runs' current records in a binary
/// heap (about 2·log₂(runs) comparisons per record).
enum RunMerger {
  /// Calls `body` with every record of `runs`, in `ordering`.
  ///
  /// The record handed to `body` is valid only during the call.
  /// - Throws: ``TemporaryFileError``, or what `body` throws.
  static func merge<Ordering: RecordOrdering>(
    _ runs: [SortedRun], in file: TemporaryFile, ordering: Ordering, bufferSize: Int,
    _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var heap: [RunReader<Ordering>] = []
    heap.reserveCapacity(runs.count)
    for run in runs {
      let reader = RunReader(run: run, in: file, ordering: ordering, bufferSize: bufferSize)
      if try reader.advance() { heap.append(reader) }
    }
    func precedes(_ lhs: RunReader<Ordering>, _ rhs: RunReader<Ordering>) -> Bool {
      // Readers in the heap always have a current record.
      guard let lhsKey = lhs.key, let lhsRecord = lhs.current, let rhsKey = rhs.key,
        let rhsRecord = rhs.current
      else { preconditionFailure("a run reader in the heap has no current record") }
      return ordering.areInIncreasingOrder(lhsKey, lhsRecord, rhsKey, rhsRecord)
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
      guard let record = top.current else {
        preconditionFailure("a run reader in the heap has no current record")
      }
      try body(record)
      if try !top.advance() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
      }
      siftDown(0)
    }
  }
}
