import BirthdayKit
import Foundation

/// `delete --uid UID URL`: removes the events with those UIDs from a calendar on a server (the
/// requests are the backend's, see ``ServerConnection/deleteEvents(withUIDs:from:name:)``), and
/// reports what was not found and what someone else kept changing; the exit status is then 75.
enum ServerDeletion {
  /// Removes `uids` from the collection at `url`; returns the exit status.
  static func run(
    uids: [String], url: URL, access: ServerAccess, calendarName: String?, verbose: Bool
  ) throws(CommandError) -> ExitStatus {
    let outcome: ServerDeletionOutcome
    do {
      outcome = try access.connection.deleteEvents(withUIDs: uids, from: url, name: calendarName)
    } catch let error as ServerFailure {
      throw ServerAccess.commandError(error)
    } catch {
      throw CommandError(status: .ioError, message: "\(error)")
    }
    for uid in uids where !outcome.removed.contains(uid) {
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "UID '\(uid)' not found in \(outcome.collection)", at: nil, .warning) + "\n")
    }
    for url in outcome.failed {
      StandardStreams.error(
        DiagnosticStyle.current.render(
          "\(url) was changed by someone else twice while it was being deleted; not deleted",
          at: nil, .error) + "\n")
    }
    let events = uids.filter(outcome.removed.contains).count
    StandardStreams.error("bdconvert: removed \(events) event\(events == 1 ? "" : "s")\n")
    if verbose { StandardStreams.error(access.requestSummary) }
    return outcome.failed.isEmpty ? .success : .tempFailure
  }
}
