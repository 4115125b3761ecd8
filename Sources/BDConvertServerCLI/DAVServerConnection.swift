import BDConvertCLI
import BirthdayDAV
import BirthdayKit
import Foundation

/// A ``ServerConnection`` over a ``DAVClient``: every ``DAVError`` leaves as a ``ServerFailure``.
final class DAVServerConnection: ServerConnection {
  let client: DAVClient

  init(client: DAVClient) {
    self.client = client
  }

  var requestCounts: [String: Int] { client.requestCounts }

  func kind(of url: URL) throws -> ServerCollectionKind? {
    do {
      switch try DAVCollection.kind(of: url, client: client) {
      case .calendar: return .calendar
      case .addressBook: return .addressBook
      case nil: return nil
      }
    } catch {
      throw ServerFailure(error)
    }
  }

  func readAddressBook(_ url: URL, name: String?, write: ([UInt8]) throws -> Void) throws
    -> @Sendable (Int) -> (path: String, line: Int)?
  {
    try translatingErrors {
      let collection = try DAVCollection.discover(
        url, kind: .addressBook, client: client, name: name)
      let download = try AddressBookDownload.read(collection, write: write)
      return { download.resource(atLine: $0) }
    }
  }

  func forEachCalendarBatch(
    _ url: URL, name: String?, discover: Bool, _ body: ([ServerResource]) throws -> Void
  ) throws {
    try translatingErrors {
      let collection =
        discover
        ? try DAVCollection.discover(url, kind: .calendar, client: client, name: name)
        : DAVCollection(client: client, url: url, kind: .calendar)
      try collection.forEachBatch { batch in
        try body(
          batch.map { ServerResource(path: $0.url.path, bytes: [UInt8]($0.data ?? Data())) })
      }
    }
  }

  func syncTarget(
    _ url: URL, name: String, create: Bool, createdName: String?,
    created: (String) -> Void, diagnostics: @escaping DiagnosticHandler,
    progress: @escaping @Sendable (Int, Int) -> Void
  ) throws -> any SyncTarget {
    try translatingErrors {
      let collection = try DAVCollection.discover(
        url, kind: .calendar, client: client, name: name, create: create,
        createdName: createdName)
      if collection.wasCreated { created(collection.url.absoluteString) }
      return ServerSyncTarget(
        base: CalDAVSyncTarget(collection: collection, diagnostics: diagnostics, progress: progress)
      )
    }
  }

  func deleteEvents(withUIDs uids: [String], from url: URL, name: String?) throws
    -> ServerDeletionOutcome
  {
    try translatingErrors {
      let collection = try DAVCollection.discover(url, kind: .calendar, client: client, name: name)
      return try DAVEventDeletion.run(uids: uids, in: collection)
    }
  }

  /// Runs `body`, turning a ``DAVError`` into a ``ServerFailure``.
  private func translatingErrors<Value>(_ body: () throws -> Value) throws -> Value {
    do {
      return try body()
    } catch {
      throw ServerFailure.translating(error)
    }
  }
}
