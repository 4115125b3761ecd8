import BirthdayKit

extension SyncCommand {
  /// A target's inventory being read on a thread of its own (see ``SyncTarget/inventory(set:)``)
  /// while this thread converts the sources: the package's one future, ``PendingJob``.
  typealias BackgroundInventory = PendingJob<Result<SyncInventory, any Error>>

  /// Starts reading `target`'s inventory of `set` on a thread of its own.
  static func readInventory(of target: any SyncTarget, set: String) -> BackgroundInventory {
    let request = InventoryRequest(target: target, set: set)
    return PendingJob(onThreadOfItsOwn: {
      Result { try request.target.inventory(set: request.set) }
    })
  }

  /// What the inventory thread is handed: the one unchecked box of BDConvertCLI.
  private struct InventoryRequest: @unchecked Sendable {
    // Audited: immutable, and the target (not Sendable: a CalDAV target holds the command's
    // diagnostic handler) is used only by the inventory thread from the job's start until
    // `wait()` returns; `sync` touches it again only after that, and the job's semaphore
    // orders the memory.
    let target: any SyncTarget
    let set: String
  }
}
