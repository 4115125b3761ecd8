import BirthdayKit
import Foundation
import Synchronization

/// A CalDAV calendar collection kept in step by `sync` (RFC 4791): one resource per event.
///
/// - ``inventory(set:)`` reads the collection once: a PROPFIND for the members and their entity
///   tags, then calendar-multiget in batches of ``DAVCollection/batchSize``. Every event is
///   recorded with the href it really has, so managed events are found (and replaced or removed
///   in place) whatever their resource name, e.g. after another client moved them.
/// - ``apply(_:)`` sends only the plan's changes, at most ``parallelRequests`` at once: `PUT` with
///   `If-None-Match: *` to `<UID>.ics` (``EventResourceName``) for a new event, `PUT` with
///   `If-Match` for a changed one, `DELETE` with `If-Match` for a removed one; unchanged events
///   cost no request.
/// - When a precondition fails (412: someone changed the resource meanwhile) the resource is read
///   again and the operation planned once more against what is there now: still managed by this
///   set, it is done with the new entity tag; no longer ours, it is left alone and reported.
/// - A refused login throws at once (nothing more is sent); other failures are returned as
///   ``SyncFailure``s, and running the sync again finishes the job.
public struct CalDAVSyncTarget: SyncTarget {
  /// The collection.
  public let collection: DAVCollection
  /// Receives a warning for a resource that is not a calendar (it is then left alone).
  public let diagnostics: DiagnosticHandler
  /// Called after each request of ``apply(_:)`` with the operations done and their total.
  public let progress: @Sendable (_ done: Int, _ total: Int) -> Void

  /// How many requests ``apply(_:)`` keeps in flight.
  public static let parallelRequests = 4

  /// Creates a target.
  public init(
    collection: DAVCollection, diagnostics: @escaping DiagnosticHandler = { _ in },
    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) {
    self.collection = collection
    self.diagnostics = diagnostics
    self.progress = progress
  }

  public var displayName: String { collection.url.absoluteString }

  public func inventory(set: String) throws -> SyncInventory {
    var inventory = try SyncInventory(set: set)
    try collection.forEachBatch { batch in
      for resource in batch {
        for component in Self.components(of: resource, diagnostics: diagnostics) {
          try inventory.add(component)
        }
      }
    }
    try inventory.finish()
    return inventory
  }

  /// The events of one resource as inventory components; a resource holding several UIDs is
  /// never managed (it cannot be rewritten for one of them).
  static func components(of resource: DAVResource, diagnostics: DiagnosticHandler)
    -> [SyncInventory.Component]
  {
    let name = resource.url.path
    var scanner = CalendarComponentScanner(
      MemoryByteSource([UInt8](resource.data ?? Data())), fileName: name)
    var found: [SyncInventory.Component] = []
    do {
      while let item = try scanner.next() {
        guard case .component(let component) = item, component.isEvent, let uid = component.uid
        else { continue }
        // The path as sent (percent-encoded): a decoded one cannot always be encoded back.
        found.append(
          SyncInventory.Component(
            component, uid: uid, resource: resource.url.path(percentEncoded: true),
            etag: resource.etag))
      }
    } catch let error as InputFormatError {
      diagnostics(
        Diagnostic(
          error.message + " (resource left alone)", at: error.location,
          isConversionFailure: false))
      return []
    } catch {
      return []
    }
    if !found.allSatisfy({ $0.uid == found.first?.uid }) {
      for index in found.indices { found[index].set = nil }
    }
    return found
  }

  public func apply(_ plan: SyncPlan) throws -> [SyncFailure] {
    guard !plan.operations.isEmpty else { return [] }
    let state = ApplyState(plan: plan, collection: collection)
    let finished = DispatchGroup()
    let collection = self.collection
    let progress = self.progress
    let set = Array(plan.inventory.set.utf8)
    let total = plan.operations.count
    for _ in 0..<min(Self.parallelRequests, total) {
      finished.enter()
      Thread {
        defer { finished.leave() }
        while let job = state.next() {
          let outcome = job.flatMap { Self.perform($0, in: collection, set: set) }
          progress(state.record(outcome), total)
        }
      }.start()
    }
    finished.wait()
    if let refusal = state.refusal { throw refusal }
    return state.failures
  }

  /// One request's worth of an operation, read from the plan.
  struct Job: Sendable {
    var index: Int
    var isRemoval: Bool
    var url: URL
    var body: Data?
    var etag: String?
    /// A paired replacement (a contact without a UID, renamed): the old event's resource, which
    /// is removed once the new event is made at ``url``. A PUT of another UID over it is
    /// refused by servers that key resources by UID (Radicale: 409 Conflict).
    var replaced: DAVResource?
  }

  /// One operation, with one re-read and re-plan after a 412.
  static func perform(_ job: Job, in collection: DAVCollection, set: [UInt8]) -> Result<
    Int, PerformError
  > {
    var etag = job.etag
    do {
      if let replaced = job.replaced {
        // The new event first: a failure in between leaves the old one, which the next sync
        // removes, rather than no event.
        guard case .done = try collection.put(job.body ?? Data(), at: job.url, replacing: nil)
        else {
          return .failure(
            .failed(job.index, "\(job.url.absoluteString) exists already; left alone"))
        }
        switch try collection.delete(replaced) {
        case .done, .gone: return .success(job.index)
        case .conflict:
          return .failure(
            .failed(
              job.index,
              "\(replaced.url.absoluteString) was changed by someone else; left alone"))
        }
      }
      for attempt in 0..<2 {
        let outcome =
          if let body = job.body {
            try collection.put(body, at: job.url, replacing: etag)
          } else {
            try collection.delete(DAVResource(url: job.url, etag: etag))
          }
        switch outcome {
        case .done:
          return .success(job.index)
        case .gone:
          if job.isRemoval { return .success(job.index) }
          etag = nil  // deleted meanwhile: made again
        case .conflict:
          guard attempt == 0 else { break }
          guard let fresh = try collection.fetch([DAVResource(url: job.url, etag: nil)]).first
          else {
            if job.isRemoval { return .success(job.index) }
            etag = nil
            continue
          }
          let components = components(of: fresh, diagnostics: { _ in })
          guard !components.isEmpty, components.allSatisfy({ $0.set == set }) else {
            return .failure(
              .failed(
                job.index,
                "\(job.url.absoluteString) was changed by someone else and is no longer this "
                  + "sync's; left alone"))
          }
          etag = fresh.etag
        }
      }
      return .failure(
        .failed(
          job.index,
          "\(job.url.absoluteString) was changed by someone else again; run the sync again"))
    } catch {
      if case .unauthorized = error { return .failure(.refused(error)) }
      return .failure(.failed(job.index, error.description))
    }
  }
}

/// Why one operation of ``CalDAVSyncTarget/apply(_:)`` did not happen.
enum PerformError: Error {
  /// The server refused the credentials: the whole sync stops.
  case refused(DAVError)
  /// This operation (by index) failed; the others go on.
  case failed(Int, String)
}

/// The workers' shared state in ``CalDAVSyncTarget/apply(_:)``: the plan is read under the lock,
/// one job at a time, so at most ``CalDAVSyncTarget/parallelRequests`` bodies are in memory.
private final class ApplyState: Sendable {
  private let plan: SyncPlan
  private let collection: DAVCollection
  private let progress = Mutex(Progress())

  private struct Progress {
    var nextIndex = 0
    var done = 0
    var refused: DAVError?
    var reasons: [Int: String] = [:]
  }

  init(plan: SyncPlan, collection: DAVCollection) {
    self.plan = plan
    self.collection = collection
  }

  /// The next job (or why it could not be read), or `nil` when all are taken or the credentials
  /// were refused.
  func next() -> Result<CalDAVSyncTarget.Job, PerformError>? {
    progress.withLock { progress in
      guard progress.nextIndex < plan.operations.count, progress.refused == nil else {
        return nil
      }
      let index = progress.nextIndex
      progress.nextIndex += 1
      return job(index)
    }
  }

  /// The job of the operation at `index`.
  private func job(_ index: Int) -> Result<CalDAVSyncTarget.Job, PerformError> {
    let operation = plan.operations[index]
    do {
      let existing = try plan.existing(operation)
      var url: URL
      var replaced: DAVResource?
      if let href = existing?.resource {
        // Only members enter the inventory; checked again, as every change is.
        guard let member = collection.member(atPath: href) else {
          return .failure(.failed(index, "'\(href)' is not inside the collection; left alone"))
        }
        url = member
        let uid = try plan.uid(operation)
        if operation.kind == .replace, let existing, existing.uid != uid {
          replaced = DAVResource(url: member, etag: existing.etag)
          let name = EventResourceName.fileName(forUID: uid)
          guard let made = URL(string: name, relativeTo: collection.url) else {
            return .failure(.failed(index, "cannot name a resource '\(name)'"))
          }
          url = made.absoluteURL
        }
      } else {
        let name = EventResourceName.fileName(forUID: try plan.uid(operation))
        guard let made = URL(string: name, relativeTo: collection.url) else {
          return .failure(.failed(index, "cannot name a resource '\(name)'"))
        }
        url = made.absoluteURL
      }
      let isRemoval = operation.kind == .remove
      return .success(
        CalDAVSyncTarget.Job(
          index: index, isRemoval: isRemoval, url: url,
          body: isRemoval ? nil : Data(try plan.calendarObject(operation)),
          etag: existing?.etag, replaced: replaced))
    } catch {
      return .failure(.failed(index, "\(error)"))
    }
  }

  /// Records an outcome; returns how many operations are done.
  func record(_ outcome: Result<Int, PerformError>) -> Int {
    progress.withLock { progress in
      progress.done += 1
      if case .failure(let error) = outcome {
        switch error {
        case .refused(let davError): progress.refused = progress.refused ?? davError
        case .failed(let index, let reason): progress.reasons[index] = reason
        }
      }
      return progress.done
    }
  }

  /// The refused credentials, when a request met them.
  var refusal: DAVError? { progress.withLock { $0.refused } }

  /// The operations that failed, in plan order.
  var failures: [SyncFailure] {
    let reasons = progress.withLock { $0.reasons }
    return reasons.keys.sorted().map {
      SyncFailure(operation: plan.operations[$0], reason: reasons[$0] ?? "")
    }
  }
}
