import Synchronization

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
package final class ConversionFailureCounter: Sendable {
  /// The failures since the last ``claimFirstFailure()``: where the first was reported (`nil`
  /// when it said not), if any.
  private let unclaimed = Mutex<SourceLocation??>(nil)
  /// The count, read once a record (a plain load), written only with `unclaimed` held.
  private let failureCount = Atomic<Int>(0)

  /// Conversion failures counted so far.
  package var failures: Int { failureCount.load(ordering: .relaxed) }

  /// Creates a counter at zero.
  package init() {}

  /// Whether a failure was counted since the last ``claimFirstFailure()``.
  package var hasUnclaimedFailure: Bool { unclaimed.withLock { $0 != nil } }

  /// Counts `diagnostic` if it dropped data.
  package func count(_ diagnostic: Diagnostic) {
    guard diagnostic.isConversionFailure else { return }
    unclaimed.withLock { first in
      failureCount.wrappingAdd(1, ordering: .relaxed)
      if first == nil { first = .some(diagnostic.location) }
    }
  }

  /// Where the first failure since the last claim was reported, and forgets the failures since:
  /// a record takes them as its own (see ``ConversionStatistics/namesWithProblems``).
  func claimFirstFailure() -> SourceLocation? {
    unclaimed.withLock { first in
      defer { first = nil }
      return first ?? nil
    }
  }

  /// `handler`, counting each diagnostic before passing it on.
  package func counting(_ handler: @escaping DiagnosticHandler) -> DiagnosticHandler {
    { diagnostic in
      self.count(diagnostic)
      handler(diagnostic)
    }
  }
}
