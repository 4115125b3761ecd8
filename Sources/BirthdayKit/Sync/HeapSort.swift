extension MutableSpan where Element: Copyable {
  /// Sorts in place with no extra memory (heap sort): the standard library's sort borrows a
  /// buffer of half the elements, which for a million-event inventory would be 22 MB more at the
  /// peak of a sync.
  mutating func heapSort(by areInIncreasingOrder: (Element, Element) -> Bool) {
    guard count > 1 else { return }
    for start in stride(from: count / 2 - 1, through: 0, by: -1) {
      siftDown(start, count, by: areInIncreasingOrder)
    }
    for end in stride(from: count - 1, to: 0, by: -1) {
      swapAt(0, end)
      siftDown(0, end, by: areInIncreasingOrder)
    }
  }

  /// Moves the element at `start` down the heap in `0..<end` until neither child is larger.
  private mutating func siftDown(
    _ start: Int, _ end: Int, by areInIncreasingOrder: (Element, Element) -> Bool
  ) {
    var root = start
    while true {
      var child = 2 * root + 1
      guard child < end else { return }
      if child + 1 < end, areInIncreasingOrder(self[child], self[child + 1]) { child += 1 }
      guard areInIncreasingOrder(self[root], self[child]) else { return }
      swapAt(root, child)
      root = child
    }
  }
}

extension Array {
  /// ``MutableSpan/heapSort(by:)`` over the elements.
  mutating func heapSort(by areInIncreasingOrder: (Element, Element) -> Bool) {
    var elements = mutableSpan
    elements.heapSort(by: areInIncreasingOrder)
  }
}
