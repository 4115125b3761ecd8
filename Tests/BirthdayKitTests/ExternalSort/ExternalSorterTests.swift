import Testing

@testable import BirthdayKit

/// Byte strings in lexicographic order; the first byte is the key.
private struct LexicographicOrder: RecordOrdering {
  func key(of record: Span<UInt8>) -> Int { record.isEmpty ? -1 : Int(record[0]) }

  func areInIncreasingOrder(
    _ lhsKey: Int, _ lhs: Span<UInt8>, _ rhsKey: Int, _ rhs: Span<UInt8>
  ) -> Bool {
    lhsKey != rhsKey
      ? lhsKey < rhsKey : Array(copying: lhs).lexicographicallyPrecedes(Array(copying: rhs))
  }
}

/// The same order, with keys that decide alone when the first bytes differ (the path `list`
/// takes for most comparisons).
private struct KeyedLexicographicOrder: RecordOrdering {
  func key(of record: Span<UInt8>) -> Int { record.isEmpty ? -1 : Int(record[0]) }

  func compareKeys(_ lhs: Int, _ rhs: Int) -> Int { lhs - rhs }

  func areInIncreasingOrder(
    _ lhsKey: Int, _ lhs: Span<UInt8>, _ rhsKey: Int, _ rhs: Span<UInt8>
  ) -> Bool {
    Array(copying: lhs).lexicographicallyPrecedes(Array(copying: rhs))
  }
}

/// A seeded generator (SplitMix64), so that a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@Suite struct ExternalSorterTests {
  private func sorted(
    _ records: [[UInt8]], limits: ExternalSortLimits
  ) throws -> (output: [[UInt8]], statistics: ExternalSortStatistics) {
    var sorter = ExternalSorter(ordering: LexicographicOrder(), limits: limits)
    for record in records { try sorter.append(record.span) }
    var output: [[UInt8]] = []
    try sorter.finish { output.append(Array(copying: $0)) }
    return (output, sorter.statistics)
  }

  @Test func manyRunsAndMergePassesGiveTheInMemoryOrder() throws {
    var generator = SeededGenerator(state: 42)
    var records: [[UInt8]] = (0..<3_000).map { _ in
      let length = Int.random(in: 0...40, using: &generator)
      // A small alphabet, so that long shared prefixes and exact duplicates occur.
      return (0..<length).map { _ in UInt8.random(in: 97...100, using: &generator) }
    }
    // Larger than a run's read buffer, and larger than the whole memory budget.
    records.append([UInt8](repeating: 98, count: 5_000))
    records.append([UInt8](repeating: 99, count: 300))
    records.append(contentsOf: records.prefix(100))
    let limits = ExternalSortLimits(
      memoryBudget: 1_000, mergeFanIn: 3, readBufferSize: 64, temporaryDirectory: nil)
    let (output, statistics) = try sorted(records, limits: limits)
    #expect(output == records.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(statistics.recordCount == records.count)
    #expect(statistics.spilledRunCount > 100)
    #expect(statistics.intermediateRunCount > 10)
  }

  /// Runs of every length around the sort's insertion-sorted blocks (16) and merge widths, in
  /// memory and spilled, with keys that decide alone and keys that never do.
  @Test func everyRunLengthGivesTheInMemoryOrder() throws {
    var generator = SeededGenerator(state: 7)
    for count in Array(0...70) + [127, 128, 129, 1_000, 4_099] {
      let records: [[UInt8]] = (0..<count).map { _ in
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          UInt8.random(in: 97...100, using: &generator)
        }
      }
      let expected = records.sorted { $0.lexicographicallyPrecedes($1) }
      for budget in [ExternalSortLimits.standard.memoryBudget, 2_000] {
        var limits = ExternalSortLimits.standard
        limits.memoryBudget = budget
        #expect(try sorted(records, limits: limits).output == expected, "\(count) \(budget)")
        var sorter = ExternalSorter(ordering: KeyedLexicographicOrder(), limits: limits)
        for record in records { try sorter.append(record.span) }
        var output: [[UInt8]] = []
        try sorter.finish { output.append(Array(copying: $0)) }
        #expect(output == expected, "keyed \(count) \(budget)")
      }
    }
  }

  /// A sorter that takes over another's records (spilled to its own file, or in memory) gives
  /// the order of one sorter fed both, whichever held what.
  @Test func absorbingAnotherSorterGivesTheOrderOfOne() throws {
    var generator = SeededGenerator(state: 11)
    let records: [[UInt8]] = (0..<2_000).map { _ in
      (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        UInt8.random(in: 97...100, using: &generator)
      }
    }
    let expected = records.sorted { $0.lexicographicallyPrecedes($1) }
    for (budget, fanIn) in [(ExternalSortLimits.standard.memoryBudget, 64), (600, 3), (600, 64)] {
      for cut in [0, 1, 700, 1_999, 2_000] {
        var limits = ExternalSortLimits.standard
        limits.memoryBudget = budget
        limits.mergeFanIn = fanIn
        var first = ExternalSorter(ordering: KeyedLexicographicOrder(), limits: limits)
        var second = ExternalSorter(ordering: KeyedLexicographicOrder(), limits: limits)
        for record in records[..<cut] { try first.append(record.span) }
        for record in records[cut...] { try second.append(record.span) }
        try first.absorb(&second)
        // Records appended after the other sorter's count as well.
        try first.append([UInt8]("zz".utf8).span)
        var output: [[UInt8]] = []
        try first.finish { output.append(Array(copying: $0)) }
        #expect(output == expected + [Array("zz".utf8)], "\(budget) \(fanIn) \(cut)")
        #expect(first.statistics.recordCount == records.count + 1)
        #expect(first.statistics.absorbedSorterCount == 1)
        var rest: [[UInt8]] = []
        try second.finish { rest.append(Array(copying: $0)) }
        #expect(rest.isEmpty)
      }
    }
  }

  @Test func whatFitsInTheBudgetNeverTouchesTheDisk() throws {
    let records = (0..<500).map { Array("record \(($0 * 7_919) % 500)".utf8) }
    // Any attempt to create the spill file would throw here.
    var limits = ExternalSortLimits.standard
    limits.temporaryDirectory = "/nonexistent/bdconvert-test"
    let (output, statistics) = try sorted(records, limits: limits)
    #expect(output == records.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(statistics.spilledRunCount == 0)

    limits.memoryBudget = 1_000
    #expect(throws: TemporaryFileError.self) { _ = try sorted(records, limits: limits) }
  }

  @Test func emptyInputGivesNothing() throws {
    let (output, statistics) = try sorted([], limits: .standard)
    #expect(output.isEmpty)
    #expect(statistics == ExternalSortStatistics())
  }
}
