/// How ``ExternalSorter`` orders its records, which are opaque byte strings to it.
///
/// A record's ``Key`` is computed once when the record enters the sorter (and once when it is read
/// back from a run), so that most comparisons look only at the keys: a key holds what decides
/// most comparisons cheaply, and ``areInIncreasingOrder(_:_:_:_:)`` reads the record bytes only
/// when the keys tie.
protocol RecordOrdering: Sendable {
  /// A small summary of a record, kept next to it while sorting.
  associatedtype Key: Sendable

  /// The key of `record`.
  func key(of record: Span<UInt8>) -> Key

  /// Negative or positive when the keys alone put `lhs` before or after `rhs`; 0 when the
  /// records must be compared (``areInIncreasingOrder(_:_:_:_:)``). Sorting and merging call
  /// this first, so that most comparisons touch no record bytes.
  func compareKeys(_ lhs: Key, _ rhs: Key) -> Int

  /// Whether the record `lhs` (with key `lhsKey`) sorts before `rhs`.
  ///
  /// Must be a strict weak ordering; to make the output independent of how the input was split
  /// into runs, no two distinct records should compare equal.
  func areInIncreasingOrder(
    _ lhsKey: Key, _ lhs: Span<UInt8>, _ rhsKey: Key, _ rhs: Span<UInt8>
  ) -> Bool
}

extension RecordOrdering {
  /// Keys that decide nothing alone: every comparison reads the records.
  func compareKeys(_ lhs: Key, _ rhs: Key) -> Int { 0 }
}
