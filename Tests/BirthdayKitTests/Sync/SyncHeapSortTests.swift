import Testing

@testable import BirthdayKit

/// The in-place sort of the inventory: the same order as the standard library's sort, for any
/// size (heap boundaries), with duplicates.
@Suite struct SyncHeapSortTests {
  @Test(arguments: [0, 1, 2, 3, 7, 8, 64, 1000])
  func sortsLikeTheStandardLibrary(count: Int) {
    var generator = SystemRandomNumberGenerator()
    var values = (0..<count).map { _ in Int.random(in: 0..<(count / 2 + 1), using: &generator) }
    let expected = values.sorted()
    values.heapSort(by: <)
    #expect(values == expected)
  }
}
