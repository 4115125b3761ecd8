/// What ``CalendarEditor/delete(uids:from:fileName:to:)`` removed.
public struct DeletionReport: Hashable, Sendable {
  /// Removed top-level components per requested UID (0 for UIDs not found), in request order.
  public var removed: [(uid: String, count: Int)] {
    uids.map { ($0, counts[$0] ?? 0) }
  }
  /// The requested UIDs that matched no component, in request order.
  public var notFound: [String] { uids.filter { (counts[$0] ?? 0) == 0 } }
  /// Total number of components removed.
  package var totalRemoved: Int { counts.values.reduce(0, +) }

  /// The requested UIDs without duplicates, in request order.
  package let uids: [String]
  /// Removed components per UID.
  package internal(set) var counts: [String: Int] = [:]

  init(uids: [String]) { self.uids = uids }
}
