import BirthdayKit
import Foundation

extension SyncCommand {
  /// A target's inventory read on a thread of its own (see ``SyncTarget/inventory(set:)``).
  final class BackgroundInventory: @unchecked Sendable {
    // Written by the thread before it signals, read only after `wait` saw the signal.
    private var result: Result<SyncInventory, any Error>?
    private let finished = DispatchSemaphore(value: 0)
    private let target: any SyncTarget
    private let set: String

    init(target: any SyncTarget, set: String) {
      self.target = target
      self.set = set
      let thread = Thread { [self] in
        result = Result { try self.target.inventory(set: self.set) }
        finished.signal()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }

    /// The inventory, once read.
    /// - Throws: what the target's inventory threw.
    func wait() throws -> SyncInventory {
      finished.wait()
      guard let result else { preconditionFailure("the inventory thread ended without a result") }
      return try result.get()
    }
  }
}
