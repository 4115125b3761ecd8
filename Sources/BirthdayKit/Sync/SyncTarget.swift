/// Where `sync` keeps events in step: an `.ics` file (``FileSyncTarget``), a vdir folder
/// (``VdirSyncTarget``), or a CalDAV collection. The planner only sees the inventory; a target
/// only reads its events and carries out a finished plan.
///
/// A sync is: take the target's lock (a target's own business), ``inventory(set:)``,
/// ``SyncPlanner/plan(wanted:fileName:inventory:timestamp:options:)``, then ``apply(_:)``.
public protocol SyncTarget {
  /// The target as the user named it, for messages.
  var displayName: String { get }

  /// Reads every event of the target: those of `set` become managed entries, the others are
  /// recorded so that their UIDs are never taken. The inventory is finished.
  /// - Throws: ``SyncTargetError`` when the target is not a calendar this target type can keep
  ///   in step (it is then left alone), ``InputFormatError`` naming the line of malformed data.
  func inventory(set: String) throws -> SyncInventory

  /// Carries out `plan` (made from this target's inventory).
  /// - Returns: the operations that could not be applied, with the reason; the others took effect.
  ///   A target that applies all or nothing (a file) throws instead.
  func apply(_ plan: SyncPlan) throws -> [SyncFailure]
}

/// An operation a target could not apply.
public struct SyncFailure: Sendable {
  /// The operation.
  package var operation: SyncPlan.Operation
  /// Why, for the user.
  public var reason: String

  /// Creates a failure.
  package init(operation: SyncPlan.Operation, reason: String) {
    self.operation = operation
    self.reason = reason
  }
}

/// A target that `sync` refuses to touch, or a change it could not make.
package struct SyncTargetError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Sendable {
    /// Not something sync may write into (not iCalendar, a folder with other files).
    case refused
    /// A file or folder could not be read.
    case unreadable
    /// The target could not be written.
    case cannotWrite
    /// Writing failed part way (a full disk, an I/O error): nothing more can be written.
    case writeFailed
  }

  /// What went wrong.
  package var kind: Kind
  /// The message.
  package var message: String

  /// Creates an error.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  package var description: String { message }
}

/// Hooks a target calls around the temporary files it writes, so that the command line can
/// remove a pending temporary file when the process is interrupted.
package struct TemporaryPathHooks: Sendable {
  /// Called with a temporary file's path before it is written.
  package var created: @Sendable (String) -> Void
  /// Called once it was renamed or removed.
  package var finished: @Sendable () -> Void

  /// Creates hooks.
  package init(
    created: @escaping @Sendable (String) -> Void, finished: @escaping @Sendable () -> Void
  ) {
    self.created = created
    self.finished = finished
  }

  /// Hooks that do nothing.
  package static let none = TemporaryPathHooks(created: { _ in }, finished: {})
}
