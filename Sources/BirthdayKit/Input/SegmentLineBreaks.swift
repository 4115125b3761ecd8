import Synchronization

/// The line breaks of one segment, set by the worker thread that reads it and read on the
/// calling thread once that worker's job has ended: the calling thread need not count them.
final class SegmentLineBreaks: Sendable {
  private let count = Atomic<Int>(0)

  var value: Int { count.load(ordering: .acquiring) }

  func set(_ value: Int) { count.store(value, ordering: .releasing) }
}
