/// Counts the diagnostics that dropped data (``Diagnostic/isConversionFailure``), wherever they
/// were reported: by readers or by the converter.
///
/// Give one to ``BirthdayCalendarConverter/init(sink:options:diagnostics:failureCounter:)`` and
/// report every diagnostic of the readers feeding it through ``counting(_:)`` (or ``count(_:)``):
/// the converter then tells records with problems from records without a date in its
/// ``ConversionStatistics``.
///
/// ```swift
/// let failures = ConversionFailureCounter()
/// let report = failures.counting { print($0) }
/// var converter = BirthdayCalendarConverter(
///   sink: MemoryByteSink(), options: options, diagnostics: report, failureCounter: failures)
/// var reader = VCardReader(source: source, fileName: "contacts.vcf", diagnostics: report)
/// try converter.convert(&reader)
/// ```
package final class ConversionFailureCounter: @unchecked Sendable {
  // Unchecked: diagnostics are reported on one thread at a time, in input order.
  /// Conversion failures counted so far.
  package private(set) var failures = 0

  /// Creates a counter at zero.
  package init() {}

  /// Where the first failure not yet claimed by a record was reported (`nil` when it said not).
  private var firstUnclaimed: SourceLocation?
  /// Whether a failure was counted since the last ``claimFirstFailure()``.
  package private(set) var hasUnclaimedFailure = false

  /// Counts `diagnostic` if it dropped data.
  package func count(_ diagnostic: Diagnostic) {
    if diagnostic.isConversionFailure {
      failures += 1
      if !hasUnclaimedFailure {
        hasUnclaimedFailure = true
        firstUnclaimed = diagnostic.location
      }
    }
  }

  /// Where the first failure since the last claim was reported, and forgets the failures since:
  /// a record takes them as its own (see ``ConversionStatistics/namesWithProblems``).
  func claimFirstFailure() -> SourceLocation? {
    defer {
      hasUnclaimedFailure = false
      firstUnclaimed = nil
    }
    return firstUnclaimed
  }

  /// `handler`, counting each diagnostic before passing it on.
  package func counting(_ handler: @escaping DiagnosticHandler) -> DiagnosticHandler {
    { diagnostic in
      self.count(diagnostic)
      handler(diagnostic)
    }
  }
}
