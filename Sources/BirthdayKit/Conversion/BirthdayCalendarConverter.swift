/// The whole pipeline: contacts from any number of readers → celebrations → one calendar.
///
/// Records stream through: each contact is converted and written before the next is read, so
/// memory stays flat whatever the input size. The only state that grows is the set of UIDs
/// written so far (a compact table, about 23 bytes each), which detects two records that would give the
/// same event.
///
/// ```swift
/// var converter = BirthdayCalendarConverter(sink: MemoryByteSink(), options: options) { print($0) }
/// try converter.begin()
/// try converter.convert(vCard: MemoryByteSource(vcf), fileName: "contacts.vcf")
/// let statistics = try converter.finish()
/// ```
///
/// The converter counts the problems of each record itself: ``ConversionStatistics`` tells
/// records with problems from records without a date.
public struct BirthdayCalendarConverter<Sink: ByteSink> {
  /// Options for the conversion (``ConversionOptions``, whatever the sink).
  package typealias Options = ConversionOptions

  var writer: ICalendarWriter<Sink>
  /// ``writer``'s renderer and buffer, held here too: code not specialized for `Sink` that
  /// called the writer for each event looked up `ICalendarWriter<Sink>`'s type metadata each
  /// time; only flushing needs the writer itself.
  private let renderer: EventRenderer
  private let output: OutputBuffer
  let builder: CelebrationBuilder
  let diagnostics: DiagnosticHandler
  /// Counts the diagnostics that dropped data, to tell records with problems apart.
  let failureCounter: ConversionFailureCounter?
  /// ``failureCounter``'s count when the last record was counted.
  private var failuresBeforeRecord = 0
  /// Which celebrations become events: the UIDs written so far, and with several sources the
  /// people (see ``CelebrationSelection``).
  var selection = CelebrationSelection()
  /// Counts so far.
  public internal(set) var statistics = ConversionStatistics()
  /// Who is told about each event written (``observeEvents(_:)``).
  var observed: ObservedEvents?

  /// Creates a converter writing to `sink`; `diagnostics` receives every problem in input order,
  /// of the readers it makes (``convert(vCard:fileName:)``, ``convert(csv:fileName:reading:)``) and
  /// its own.
  public init(
    sink: Sink, options: ConversionOptions, diagnostics: @escaping DiagnosticHandler
  ) {
    let counter = ConversionFailureCounter()
    self.init(
      sink: sink, options: options, diagnostics: counter.counting(diagnostics),
      failureCounter: counter)
  }

  /// Creates a converter writing to `sink`; `diagnostics` receives every problem in input order.
  /// - Parameter failureCounter: counts every diagnostic of the readers and of `diagnostics`
  ///   (see ``ConversionFailureCounter``), so that the statistics tell records with problems
  ///   from records without a date; without it they are not told apart. The caller reports the
  ///   readers' diagnostics through it (the command line's printer does).
  package init(
    sink: Sink, options: ConversionOptions, diagnostics: @escaping DiagnosticHandler,
    failureCounter: ConversionFailureCounter?
  ) {
    let writer = ICalendarWriter(sink: sink, options: options.calendar)
    self.writer = writer
    self.renderer = writer.renderer
    self.output = writer.buffer
    var builder = options.builder
    builder.includeAnniversaries = options.includeAnniversaries
    self.builder = builder
    self.diagnostics = diagnostics
    self.failureCounter = failureCounter
  }

  /// Writes the calendar header.
  public mutating func begin() throws {
    try writer.writeHeader()
  }

  /// Converts every card of the vCard file (2.1, 3.0 or 4.0) in `source`.
  /// - Parameter fileName: the name used in diagnostics.
  /// - Throws: ``InputFormatError`` when `source` is not a vCard file, or what `source` and the
  ///   sink throw.
  public mutating func convert<Source: ByteSource>(vCard source: Source, fileName: String) throws {
    var reader = VCardReader(source: source, fileName: fileName, diagnostics: diagnostics)
    try convert(&reader, recordNoun: .card)
  }

  /// Converts every row of the CSV export in `source` (Google, Outlook, Apple, Thunderbird
  /// layouts).
  /// - Parameter fileName: the name used in diagnostics.
  /// - Throws: ``InputFormatError`` when no header row or birthday column is found, or the date
  ///   order of numeric dates cannot be decided; what `source` and the sink throw.
  public mutating func convert<Source: ByteSource>(
    csv source: Source, fileName: String, reading: CSVReadOptions = CSVReadOptions()
  ) throws {
    var reader = CSVContactReader(
      source: source, fileName: fileName, options: reading, diagnostics: diagnostics)
    try convert(&reader, recordNoun: .row)
  }

  /// Converts every contact of `reader`, whose diagnostics the caller counts (see
  /// ``init(sink:options:diagnostics:failureCounter:)``).
  /// - Parameter recordNoun: `card` or `row`, for diagnostics.
  /// - Throws: what the reader or the sink throws.
  package mutating func convert<Reader: ContactReader>(
    _ reader: inout Reader, recordNoun: RecordKind = .card
  )
    throws
  {
    try reader.forEachContact { contact in
      try add(contact, recordNoun: recordNoun)
    }
  }

  /// Converts one contact (for callers that read contacts themselves).
  /// - Throws: what the sink throws.
  public mutating func add(_ contact: Contact) throws {
    try add(contact, recordNoun: .card)
  }

  /// Converts one contact read as a `recordNoun`.
  package mutating func add(_ contact: Contact, recordNoun: RecordKind) throws {
    var celebrations = builder.celebrations(of: contact, record: recordNoun, report: diagnostics)
    let failuresBefore = failuresBeforeRecord
    countRecord(events: celebrations.count, leftOut: builder.leftOutReason(of: contact))
    if failuresBeforeRecord != failuresBefore {
      noteProblemRecord(name: contact.name, location: contact.location)
    }
    // Each celebration is moved out of the array, in order: iterating the array (or reading it
    // in place through a span) copied each one, retaining and releasing every string in it.
    celebrations.reverse()
    while let celebration = celebrations.popLast() {
      guard admit(celebration) else { continue }
      if let observed {
        try observed.write(celebration, to: &writer)
      } else {
        renderer.append(celebration, to: output)  // as `writer.write(celebration)` does
        if output.count >= calendarFlushThreshold { try writer.flushIfNeeded() }
      }
      countEvent(celebration.kind)
    }
  }

  /// Counts a record; the failures reported since the previous record are its problems (readers
  /// report a record's problems before handing it over).
  mutating func countRecord(events: Int, leftOut: CelebrationBuilder.LeftOut? = nil) {
    let failures = failureCounter?.failures ?? 0
    statistics.countRecord(
      events: events, hadProblems: failures != failuresBeforeRecord, leftOut: leftOut)
    failuresBeforeRecord = failures
  }

  /// Notes a record that a diagnostic reported dropped data of (see
  /// ``ConversionStatistics/namesWithProblems``): its name when the first failure not yet
  /// accounted for is inside it, else it counts as a record without a name (a record dropped
  /// before it, whose name nobody knows).
  mutating func noteProblemRecord(name: PersonName?, location: SourceLocation) {
    let first = failureCounter?.claimFirstFailure()
    let isItsOwn = first.map { $0.file == location.file && $0.line >= location.line } ?? true
    if isItsOwn, let name, statistics.namesWithProblems.count < 10_000 {
      statistics.namesWithProblems.append(name.formatted)
      statistics.problemLocations.append(location)
    } else {
      statistics.problemsWithoutName += 1
      if statistics.unnamedProblemLocations.count < 100 {
        statistics.unnamedProblemLocations.append(first ?? location)
      }
    }
  }

  /// ``countRecord(events:leftOut:)`` for a record after which no diagnostic was given since the
  /// last record was counted: the failure count cannot have moved, so it is not read.
  mutating func countRecordWithoutNewFailures(
    events: Int, leftOut: CelebrationBuilder.LeftOut? = nil
  ) {
    statistics.countRecord(events: events, hadProblems: false, leftOut: leftOut)
  }

  /// Counts an event written.
  mutating func countEvent(_ kind: CelebrationKind) {
    statistics.eventsWritten += 1
    if kind == .anniversary { statistics.anniversariesWritten += 1 }
    if kind == .memorial { statistics.memorialsWritten += 1 }
  }

  /// Counts and reports a celebration whose UID was already written.
  mutating func reportDuplicate(_ celebration: Celebration) {
    statistics.duplicatesMerged += 1
    // Most of these are counted and never printed: the text is made only when read.
    diagnostics(CelebrationSelection.duplicateUID(celebration))
  }

  /// The writer's options (for threads that render events themselves).
  var writerOptions: CalendarOptions { writer.options }

  mutating func isFirstUse(of celebration: Celebration) -> Bool {
    if let uuid = celebration.uuid { return isFirstUse(of: uuid) }
    return selection.isFirstUse(ofOther: celebration.uid)
  }

  mutating func isFirstUse(of uuid: NameBasedUUID) -> Bool {
    selection.isFirstUse(of: uuid)
  }

  /// Whether `celebration` becomes an event (``CelebrationSelection``); a duplicate is counted
  /// and reported.
  mutating func admit(_ celebration: Celebration) -> Bool {
    switch selection.admit(celebration) {
    case .first:
      return true
    case .samePerson:
      statistics.duplicatesMerged += 1
    case .duplicate(let diagnostic):
      statistics.duplicatesMerged += 1
      diagnostics(diagnostic)
    }
    return false
  }

  /// Matches people across sources from now on (``CelebrationSelection``), for a conversion of
  /// more than one source.
  package mutating func selectAcrossSources() {
    selection = CelebrationSelection(acrossSources: true)
  }

  /// Writes the end of the calendar and flushes it.
  /// - Returns: the final statistics.
  public mutating func finish() throws -> ConversionStatistics {
    try writer.finish()
    return statistics
  }

  /// The sink, for reading a ``MemoryByteSink`` back after ``finish()``.
  public var sink: Sink { writer.sink }
}
