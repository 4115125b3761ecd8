import BirthdayKit

/// Prints diagnostics to standard error as they arrive, counts the ones that dropped data, and
/// keeps them for `--summary-json` when asked.
///
/// Under `--strict` those are printed as `error:`, otherwise as `warning:`; notices that lose
/// nothing are always warnings.
struct DiagnosticPrinter {
  private final class Counter: @unchecked Sendable {
    // Unchecked: readers call the handler on one thread at a time, in input order.
    var kept: [Diagnostic] = []
  }

  private let counter = Counter()
  /// Counts the diagnostics that dropped data; the converter reads it to count records with
  /// problems.
  let failureCounter = ConversionFailureCounter()
  let strict: Bool
  /// Whether diagnostics are kept (for the JSON summary).
  let keepsDiagnostics: Bool

  init(strict: Bool, keepsDiagnostics: Bool = false) {
    self.strict = strict
    self.keepsDiagnostics = keepsDiagnostics
  }

  /// Diagnostics that dropped data so far.
  var failures: Int { failureCounter.failures }

  /// The diagnostics so far, when ``keepsDiagnostics``.
  var diagnostics: [Diagnostic] { counter.kept }

  /// The handler to give readers and the converter.
  var handler: DiagnosticHandler {
    let counter = self.counter
    let failureCounter = self.failureCounter
    let strict = self.strict
    let keeps = keepsDiagnostics
    let style = DiagnosticStyle.current
    return { diagnostic in
      failureCounter.count(diagnostic)
      if keeps { counter.kept.append(diagnostic) }
      let severity: DiagnosticStyle.Severity =
        strict && diagnostic.isConversionFailure ? .error : .warning
      StandardStreams.error(
        style.render(diagnostic.message, at: diagnostic.location, severity) + "\n")
    }
  }
}
