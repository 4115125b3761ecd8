/// One sorted run in a spill file: `length` bytes at `offset`, each record framed by its byte
/// count (a little-endian `Int`).
struct SortedRun: Hashable, Sendable {
  /// Where the run starts in the file.
  var offset: Int
  /// How many bytes it takes.
  var length: Int
}
