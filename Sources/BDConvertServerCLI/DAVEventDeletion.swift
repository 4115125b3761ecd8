import BDConvertCLI
import BirthdayDAV
import BirthdayKit
import Foundation

/// Removes events by UID from a calendar collection for `delete --uid UID URL`.
///
/// The resources holding a UID are found with a calendar-query on UID (for more than
/// ``queryLimit`` UIDs the whole collection is read once instead); each is checked with the
/// library's reader, which matches UIDs exactly (unfolded, unescaped). A resource that holds
/// only such events is deleted with `If-Match`; one that also holds other events gets them back
/// with a conditional PUT. When someone changed a resource meanwhile (412) it is read again and
/// handled once more; what still fails is returned.
enum DAVEventDeletion {
  /// Above this many UIDs, one read of the whole collection is cheaper than a query per UID.
  static let queryLimit = 8

  /// Removes `uids` from `collection`.
  /// - Throws: ``DAVError`` when a request fails, or what reading the collection threw.
  static func run(uids: [String], in collection: DAVCollection) throws -> ServerDeletionOutcome {
    var candidates: [URL: DAVResource] = [:]
    if uids.count <= queryLimit {
      for uid in uids {
        for resource in try collection.events(withUID: uid) {
          candidates[resource.url] = resource
        }
      }
    } else {
      try collection.forEachBatch { batch in
        for resource in batch { candidates[resource.url] = resource }
      }
    }
    var found: Set<String> = []
    var failed: [String] = []
    for resource in candidates.values.sorted(by: { $0.url.path < $1.url.path }) {
      if let removed = try remove(uids, from: resource, in: collection, retryOnConflict: true) {
        found.formUnion(removed)
      } else {
        failed.append(resource.url.absoluteString)
      }
    }
    return ServerDeletionOutcome(
      collection: collection.url.absoluteString, removed: found, failed: failed)
  }

  /// Removes the events with `uids` from one resource.
  /// - Returns: the UIDs removed (empty when the resource holds none of them), or `nil` when a
  ///   concurrent change kept it from being removed.
  private static func remove(
    _ uids: [String], from resource: DAVResource, in collection: DAVCollection,
    retryOnConflict: Bool
  ) throws(DAVError) -> Set<String>? {
    let bytes = [UInt8](resource.data ?? Data())
    var rest = MemoryByteSink()
    let report: DeletionReport
    do {
      report = try CalendarEditor.delete(
        uids: uids, from: MemoryByteSource(bytes), fileName: resource.url.path, to: &rest)
    } catch {
      return []  // not a calendar: it cannot hold the UID (list warns about it)
    }
    let removed = Set(report.removed.filter { $0.count > 0 }.map(\.uid))
    if removed.isEmpty { return [] }
    let outcome =
      hasComponents(rest.bytes)
      ? try collection.put(Data(rest.bytes), at: resource.url, replacing: resource.etag)
      : try collection.delete(resource)
    switch outcome {
    case .done, .gone:
      return removed
    case .conflict:
      guard retryOnConflict else { return nil }
      guard let fresh = try collection.fetch([resource]).first else { return removed }  // gone
      return try remove(uids, from: fresh, in: collection, retryOnConflict: false)
    }
  }

  /// Whether a calendar still holds a component other than a time zone.
  private static func hasComponents(_ bytes: [UInt8]) -> Bool {
    var reader = ICalendarReader(MemoryByteSource(bytes), fileName: "")
    while let line = try? reader.next() {
      if line.kind == .begin, line.depth == 2,
        !line.value.elementsEqual("VTIMEZONE".utf8)
      {
        return true
      }
    }
    return false
  }
}
