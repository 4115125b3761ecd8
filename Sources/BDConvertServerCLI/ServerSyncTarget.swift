import BDConvertCLI
import BirthdayDAV
import BirthdayKit

/// A CalDAV sync target whose ``DAVError``s leave as ``ServerFailure``s, which `sync` reports.
struct ServerSyncTarget: SyncTarget {
  let base: CalDAVSyncTarget

  var displayName: String { base.displayName }

  func inventory(set: String) throws -> SyncInventory {
    do {
      return try base.inventory(set: set)
    } catch {
      throw ServerFailure.translating(error)
    }
  }

  func apply(_ plan: SyncPlan) throws -> [SyncFailure] {
    do {
      return try base.apply(plan)
    } catch {
      throw ServerFailure.translating(error)
    }
  }
}
