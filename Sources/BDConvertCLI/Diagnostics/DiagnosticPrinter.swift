import BirthdayKit
import Synchronization

/// Prints diagnostics to standard error as they arrive, counts the ones that dropped data, and
/// keeps them for `--summary-json` when asked.
///
/// Under `--strict` those are printed as `error:`, otherwise as `warning:`; notices that lose
/// nothing are always warnings. After ``shownPerKind`` diagnostics of one kind
/// (``DiagnosticKind``) the others are counted but not printed, unless `--verbose`;
/// ``finish()`` then says how many were not shown.
struct DiagnosticPrinter {
  /// What the handler changes: behind a lock, since a CalDAV target's inventory thread may
  /// report while this thread converts (readers call it on one thread at a time).
  private final class Shared: Sendable {
    let state = Mutex(State())
  }

  private struct State {
    var kept: [Diagnostic] = []
    var printedPerKind: [Diagnostic.Kind: Int] = [:]
    /// Kinds with diagnostics not printed, in the order their first one was held back, named by
    /// the pattern of that first one.
    var held: [(pattern: String, count: Int, severity: DiagnosticStyle.Severity)] = []
    var heldIndex: [Diagnostic.Kind: Int] = [:]
    /// The kind last held back and its place in `held`: a run of notices of one kind (merged
    /// duplicates, hundreds of thousands in a large file) is counted without hashing its kind.
    var lastHeld: (kind: Diagnostic.Kind, index: Int)?
    var finished = false
  }

  /// How many diagnostics of one kind are printed without `--verbose`.
  static let shownPerKind = 20

  private let shared = Shared()
  /// Counts the diagnostics that dropped data; the converter reads it to count records with
  /// problems.
  let failureCounter = ConversionFailureCounter()
  let strict: Bool
  /// Whether diagnostics are kept (for the JSON summary).
  let keepsDiagnostics: Bool
  /// Whether every diagnostic is printed (`--verbose`).
  let verbose: Bool
  /// Erased before a message is printed, so that no message is glued onto it.
  let progress: ProgressReporter?
  /// Renames locations before they are printed (a downloaded address book: its resources).
  var relocate: ((SourceLocation) -> SourceLocation)?
  /// Whether ``finish()`` prints its notes; `--quiet` promises none (warnings still print).
  var printsNotes = true

  init(
    strict: Bool, keepsDiagnostics: Bool = false, verbose: Bool = false,
    progress: ProgressReporter? = nil
  ) {
    self.strict = strict
    self.keepsDiagnostics = keepsDiagnostics
    self.verbose = verbose
    self.progress = progress
  }

  /// Diagnostics that dropped data so far.
  var failures: Int { failureCounter.failures }

  /// The diagnostics so far, when ``keepsDiagnostics``.
  var diagnostics: [Diagnostic] { shared.state.withLock { $0.kept } }

  /// The handler to give readers and the converter.
  var handler: DiagnosticHandler {
    let shared = self.shared
    let failureCounter = self.failureCounter
    let strict = self.strict
    let keeps = keepsDiagnostics
    let verbose = self.verbose
    let progress = self.progress
    let style = DiagnosticStyle.current
    let relocate = self.relocate
    /// Counts or prints one diagnostic, under the lock.
    func record(_ diagnostic: Diagnostic, in state: inout State) {
      if keeps { state.kept.append(diagnostic) }
      let severity: DiagnosticStyle.Severity =
        strict && diagnostic.isConversionFailure ? .error : .warning
      // Diagnostics made from plain strings are grouped by their masked wording.
      let key =
        diagnostic.kind == .unclassified
        ? Diagnostic.Kind(rawValue: "unclassified: " + DiagnosticKind.pattern(of: diagnostic))
        : diagnostic.kind
      // A kind once held back stays held back (its printed count no longer changes).
      if let last = state.lastHeld, last.kind == key {
        state.held[last.index].count += 1
        return
      }
      let printed = state.printedPerKind[key, default: 0]
      guard verbose || printed < Self.shownPerKind else {
        if let index = state.heldIndex[key] {
          state.held[index].count += 1
          state.lastHeld = (key, index)
        } else {
          state.heldIndex[key] = state.held.count
          state.lastHeld = (key, state.held.count)
          state.held.append((DiagnosticKind.pattern(of: diagnostic), 1, severity))
        }
        return
      }
      state.printedPerKind[key] = printed + 1
      progress?.clearLine()
      StandardStreams.error(
        style.render(diagnostic.messageWithHint, at: diagnostic.location, severity) + "\n")
    }
    return { diagnostic in
      var diagnostic = diagnostic
      if let relocate, let location = diagnostic.location {
        diagnostic.location = relocate(location)
      }
      failureCounter.count(diagnostic)
      shared.state.withLock { state in
        record(diagnostic, in: &state)
      }
    }
  }

  /// Says, once, how many diagnostics of each kind were not printed:
  /// `bdconvert: note: 6583 more warnings like "duplicate event UID … for '…' ..." not shown`.
  func finish() {
    let held: [(pattern: String, count: Int, severity: DiagnosticStyle.Severity)]? =
      shared.state.withLock { state in
        guard !state.finished else { return nil }
        state.finished = true
        return state.held
      }
    guard let held, printsNotes else { return }
    let style = DiagnosticStyle.current
    for kind in held {
      let noun = kind.severity == .error ? "error" : "warning"
      progress?.clearLine()
      StandardStreams.error(
        style.render(
          "\(kind.count) more \(noun)\(kind.count == 1 ? "" : "s") like \"\(kind.pattern)\" not "
            + "shown (--verbose shows all)", at: nil, .note) + "\n")
    }
  }
}
