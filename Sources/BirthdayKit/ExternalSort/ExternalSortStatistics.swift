/// What an ``ExternalSorter`` did, for tests and benchmarks: 0 runs means it never touched the
/// disk.
struct ExternalSortStatistics: Hashable, Sendable {
  /// Records sorted.
  var recordCount = 0
  /// Runs spilled to the temporary file because the memory budget was full.
  var spilledRunCount = 0
  /// Runs written by merging other runs, when there were more than the merge fan-in.
  var intermediateRunCount = 0
  /// Other sorters whose records this one took over (``ExternalSorter/absorb(_:)``).
  var absorbedSorterCount = 0
}
