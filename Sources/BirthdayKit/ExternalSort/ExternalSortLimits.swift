/// The memory an ``ExternalSorter`` may use, and where it spills what does not fit.
struct ExternalSortLimits: Sendable {
  /// Bytes of records plus their index held in memory before a run is sorted and spilled.
  var memoryBudget: Int
  /// The most runs merged at once; more runs are first merged in groups into longer runs.
  var mergeFanIn: Int
  /// The read buffer of each run while merging (grown for a record that is larger).
  var readBufferSize: Int
  /// The folder of the spill file; `nil` for ``TemporaryFile/defaultDirectory``.
  var temporaryDirectory: String?

  /// 8 MiB of records in memory, up to 64 runs merged at once with 64 KiB each (4 MiB).
  static let standard = ExternalSortLimits(
    memoryBudget: 8 << 20, mergeFanIn: 64, readBufferSize: 64 << 10, temporaryDirectory: nil)
}
