import BirthdayKit
import Foundation

/// A client of one CalDAV/CardDAV server (see ``ServerBackend``).
///
/// The methods throw ``ServerFailure`` when the server fails, and what `body` or `write` throw
/// as it is.
public protocol ServerConnection: AnyObject, Sendable {
  /// Requests sent so far by method (each retry and redirect counts).
  var requestCounts: [String: Int] { get }

  /// Whether `url` is a calendar or an address book (`nil`: neither, e.g. a server URL).
  func kind(of url: URL) throws -> ServerCollectionKind?

  /// Reads every vCard of the address book at `url` (or the one of a server or principal URL),
  /// in path order, passing each to `write`.
  /// - Returns: the resource and its own line for a line of the stream written.
  /// With `name`, a server or principal URL leads to the address book of that display name or
  /// last path segment (`--address-book`).
  func readAddressBook(_ url: URL, name: String?, write: ([UInt8]) throws -> Void) throws
    -> @Sendable (Int) -> (path: String, line: Int)?

  /// Reads the resources of the calendar at `url` in batches. With `discover`, a server or
  /// principal URL leads to its calendar named `name` (or its only one).
  func forEachCalendarBatch(
    _ url: URL, name: String?, discover: Bool, _ body: ([ServerResource]) throws -> Void) throws

  /// The calendar collection at `url` (or named `name` under a server or principal URL, made
  /// with MKCALENDAR when `create` is set, named `createdName` when made at `url` itself) as a
  /// sync target; `created` is told the URL of a calendar made.
  func syncTarget(
    _ url: URL, name: String, create: Bool, createdName: String?,
    created: (String) -> Void, diagnostics: @escaping DiagnosticHandler,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws -> any SyncTarget

  /// Removes the events with `uids` from the calendar at `url` (or named `name`): resources that
  /// hold only such events are deleted, the others written back without them, both conditional
  /// on their entity tags.
  func deleteEvents(withUIDs uids: [String], from url: URL, name: String?) throws
    -> ServerDeletionOutcome
}

/// What a URL on a server is.
public enum ServerCollectionKind: Sendable {
  case calendar
  case addressBook
}

/// One resource of a collection: its path and its bytes.
public struct ServerResource: Sendable {
  /// The path on the server (`/cal/jane.ics`).
  public var path: String
  /// The resource's content.
  public var bytes: [UInt8]

  /// Creates a resource.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

/// What ``ServerConnection/deleteEvents(withUIDs:from:name:)`` did.
public struct ServerDeletionOutcome: Sendable {
  /// The calendar collection's URL.
  public var collection: String
  /// The UIDs found and removed.
  public var removed: Set<String>
  /// The resources changed by someone else twice while they were being changed (not changed).
  public var failed: [String]

  /// Creates an outcome.
  public init(collection: String, removed: Set<String>, failed: [String]) {
    self.collection = collection
    self.removed = removed
    self.failed = failed
  }
}
