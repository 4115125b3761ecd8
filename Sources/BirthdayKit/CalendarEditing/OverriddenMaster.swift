/// The record `list` is about to pass on for one UID, with the overrides (`RECURRENCE-ID`) that
/// follow it in UID order: when a recurring master has overrides, its next occurrence is worked
/// out again with them (a moved occurrence counts on its new date, a cancelled one not at all).
struct OverriddenMaster {
  private var record: [UInt8] = []
  private var overrides: [EventRecurrenceProperties] = []
  private var isMaster = false
  private var isPending = false

  /// Starts the group of a new UID with its first record.
  mutating func begin(with event: Span<UInt8>) {
    record.removeAll(keepingCapacity: true)
    ByteKernel.append(event, to: &record)
    overrides.removeAll(keepingCapacity: true)
    isMaster = !ListedEventRecord.SortFields(of: event).isOverride
    isPending = true
  }

  /// Adds an override of the UID (only a master's overrides count; at most 10,000 are kept).
  mutating func add(override event: Span<UInt8>) {
    guard isMaster, overrides.count < 10_000,
      let properties = ListedEventRecord.recurrence(in: event)
    else { return }
    overrides.append(properties)
  }

  /// Appends the group's record, its next occurrence updated, to `sorter`.
  /// - Parameter files: where each input's lines start in the combined numbering, for
  ///   diagnostics.
  mutating func finish(
    into sorter: inout ExternalSorter<ListedEventOrder>, today: CivilDate,
    files: [(linesBefore: Int, name: String)], rules: inout RecurrenceRuleCache,
    diagnostics: DiagnosticHandler
  ) throws {
    guard isPending else { return }
    isPending = false
    if !overrides.isEmpty {
      let lineNumber = ListedEventRecord.SortFields(of: record.span).lineNumber
      let properties = ListedEventRecord.recurrence(in: record.span)
      if let properties, properties.isRecurring {
        let file = files.last { $0.linesBefore < lineNumber } ?? (0, "")
        let next = properties.nextDate(
          onOrAfter: today, overrides: overrides, rules: &rules,
          location: SourceLocation(file: file.name, line: lineNumber - file.linesBefore),
          diagnostics: { _ in })  // already reported when the master was read
        ListedEventRecord.setNext(next, in: &record)
      }
    }
    let count = ListedEventRecord.droppingRecurrence(of: &record)
    try sorter.append(record.span.extracting(..<count))
  }
}
