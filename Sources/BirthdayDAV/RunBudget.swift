import Foundation
import Synchronization

/// The time one run may spend on a server, shared by all its requests: a deadline for the whole
/// run and a limit on the time spent waiting before retries (backoff and `Retry-After`) in all.
///
/// A server that answers slowly, or asks again and again to come back later, costs at most this
/// much; then the run stops with what it did (``DAVError/stopped(url:reason:)``) and the next run
/// goes on. The caller chooses the limits; the messages name the limits, not how they were set.
package final class RunBudget: Sendable {
  /// Seconds the whole run may take.
  package let time: Double
  /// Seconds the run may wait before retries, all waits together.
  package let waiting: Double
  private let deadline: DispatchTime
  /// Seconds waited so far.
  private let waited = Mutex(0.0)

  /// Starts the clock now.
  package init(time: Double, waiting: Double) {
    self.time = time
    self.waiting = waiting
    deadline = .now() + time
  }

  /// No limit a test or a library user would meet: a day in all, an hour of waiting.
  package static func generous() -> RunBudget { RunBudget(time: 86_400, waiting: 3_600) }

  /// The budget of this process, once made.
  private static let current = Mutex<RunBudget?>(nil)

  /// The budget of this process, made (and its clock started) by the first call: a run that
  /// reads an address book on one server and writes a calendar on another spends one budget.
  package static func forThisRun(time: Double, waiting: Double) -> RunBudget {
    current.withLock { current in
      if let current { return current }
      let made = RunBudget(time: time, waiting: waiting)
      current = made
      return made
    }
  }

  /// When the run's time is up.
  var end: DispatchTime { deadline }

  /// Whether the run's time is up.
  var isOver: Bool { DispatchTime.now() >= deadline }

  /// Takes a wait of `seconds` (at most ``waiting``, the longest a run waits in all) from the
  /// budget: the wait granted, or `nil` when that much waiting is not left or the run's time
  /// would be up before it ends.
  func grant(_ seconds: Double) -> Double? {
    let wait = min(max(seconds, 0), waiting)
    return waited.withLock { waited in
      guard waited + wait <= waiting, DispatchTime.now() + wait < deadline else { return nil }
      waited += wait
      return wait
    }
  }

  /// Why ``grant(_:)`` refused a wait of `seconds`, for the message.
  func refusal(_ seconds: Double) -> String {
    let wait = min(max(seconds, 0), waiting)
    let spent = waited.withLock { $0 }
    if spent + wait > waiting {
      return "the run has waited \(Self.seconds(spent)) of the \(Self.seconds(waiting)) it may "
        + "wait for the server in all"
    }
    return "a wait of \(Self.seconds(wait)) would end after the run's time "
      + "(\(Self.seconds(time)))"
  }

  /// `3 s`, `0.5 s`: seconds as the messages give them.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }
}
