import BirthdayKit

/// Prints diagnostics to standard error as they arrive and counts the ones that dropped data.
///
/// Under `--strict` those are printed as `error:`, otherwise as `warning:`; notices that lose
/// nothing are always warnings.
struct DiagnosticPrinter {
  private final class Counter: @unchecked Sendable {
    var failures = 0
  }

  private let counter = Counter()
  let strict: Bool

  init(strict: Bool) {
    self.strict = strict
  }

  /// Diagnostics that dropped data so far.
  var failures: Int { counter.failures }

  /// The handler to give readers and the converter.
  var handler: DiagnosticHandler {
    let counter = self.counter
    let strict = self.strict
    return { diagnostic in
      if diagnostic.isConversionFailure { counter.failures += 1 }
      StandardStreams.error(
        diagnostic.rendered(asError: strict && diagnostic.isConversionFailure) + "\n")
    }
  }
}
