extension BirthdayCalendarConverter {
  /// Converts one input, on `threads` worker threads, with output byte-identical to reading it
  /// in sequence: same events in the same order, same diagnostics in the same order with the
  /// same line numbers, same duplicate handling, same errors.
  ///
  /// The input cuts itself into segments on this thread; workers read a segment each and render
  /// its events into memory; segments are committed in input order, which is where duplicate
  /// UIDs are detected. A segment whose reading alone is not what a sequential read gives
  /// (``SegmentEnd``) is read in sequence on this thread instead. At most
  /// ``segmentsInFlight(threads:)`` segments are in memory at once, so memory stays flat as the
  /// input grows.
  ///
  /// - Parameters:
  ///   - input: the input, in its format.
  ///   - threads: worker threads; `0` reads the whole input on this thread.
  ///   - progress: called with the records and bytes of this input read so far: after each
  ///     committed segment, and with `bytes` `nil` after each record read in sequence.
  package mutating func convert<Input: SegmentedContactInput>(
    _ input: Input, threads: Int,
    progress: (_ records: Int, _ bytes: Int?) -> Void = { _, _ in }
  ) throws {
    var input = input
    let recordsBefore = statistics.recordsRead
    let recordKind = input.recordKind
    let report = diagnostics
    if threads > 0 {
      // Compiled once; each segment's renderer copies it.
      let program = EventRenderer.Program(options: writerOptions)
      let builder = self.builder
      let observer = observed?.observer
      // What the last committed segment held: the next ones are mostly alike.
      var capacity = SegmentConversion.Capacity()
      try ConversionPipeline.run(
        threads: threads, depth: Self.segmentsInFlight(threads: threads),
        next: { try input.nextSegment(report: report) },
        convert: { segment in
          { [capacity] output in
            SegmentConversion.read(
              segment, of: Input.self, recordKind: recordKind, builder: builder,
              program: program, output: output, observer: observer, capacity: capacity)
          }
        },
        commit: { segment, conversion in
          capacity = conversion.capacityForNext
          guard input.acceptsSegmentsReadAlone else {
            try input.readInSequence(segment, report: report) {
              try add($0, recordNoun: recordKind)
            }
            return true
          }
          switch conversion.end {
          case .complete:
            try commit(conversion, lineOffset: input.lineOffset(of: segment)) { input.keeps($0) }
            input.committed(segment)
          case .needsSequentialRead:
            try input.readInSequence(segment, report: report) {
              try add($0, recordNoun: recordKind)
            }
          case .notCutBetweenRecords:
            return false
          case .failed(let error):
            throw error
          }
          return true
        },
        committed: { progress(statistics.recordsRead - recordsBefore, input.bytesRead) })
    }
    try Self.readRest(
      of: &input, into: &self, records: statistics.recordsRead - recordsBefore, report: report,
      progress: progress)
    if threads > 0 { progress(statistics.recordsRead - recordsBefore, input.bytesRead) }
  }

  /// Reads the rest of `input` in sequence into `converter`. A generic function of its own: a
  /// closure of ``convert(_:threads:progress:)`` that called `add` looked the converter's type
  /// metadata up for every record (0.7% of `vcf-to-ics`), since that code is not specialized
  /// for the caller's sink; here the type is a parameter the closure captures.
  private static func readRest<Input: SegmentedContactInput, Converter: ContactAdding>(
    of input: inout Input, into converter: inout Converter, records: Int,
    report: @escaping DiagnosticHandler, progress: (_ records: Int, _ bytes: Int?) -> Void
  ) throws {
    var records = records
    let recordKind = input.recordKind
    try input.readRest(report: report) { contact in
      try converter.add(contact, recordNoun: recordKind)
      records += 1
      progress(records, nil)
    }
  }

  /// The segments read, waiting or being committed at once: enough that no worker waits for
  /// the calling thread, few enough that memory does not grow with the number of threads more
  /// than it must.
  static func segmentsInFlight(threads: Int) -> Int { max(threads, 1) * 2 + 1 }

  /// Writes a segment read alone, in order: diagnostics (those `keeps` keeps), counts, and each
  /// event unless its UID was already written. `lineOffset` is added to the lines of its
  /// diagnostics and duplicates (``SegmentedContactInput/lineOffset(of:)``).
  mutating func commit(
    _ segment: SegmentConversion, lineOffset: Int = 0, keeps: (Diagnostic) -> Bool = { _ in true }
  ) throws {
    // Events kept one after another are one range of the segment's output, written at once.
    var run: Range<Int>?
    // Whether a diagnostic was given since the last record was counted: only then can the
    // failure counter have moved (reading it pays a dynamic exclusivity check, for every
    // record). Unknown at the start.
    var gaveDiagnostic = true
    for item in segment.items {
      switch item {
      case .diagnostic(var diagnostic):
        if lineOffset != 0 { diagnostic.location?.line += lineOffset }
        if keeps(diagnostic) { diagnostics(diagnostic) }
        gaveDiagnostic = true
      case .record(let eventCount, let leftOut):
        if gaveDiagnostic {
          countRecord(events: eventCount, leftOut: leftOut)
          gaveDiagnostic = false
        } else {
          countRecordWithoutNewFailures(events: eventCount, leftOut: leftOut)
        }
      case .problem(let name, var location):
        location.line += lineOffset
        noteProblemRecord(name: name, location: location)
      case .event(let index):
        let event = segment.events[index]
        // No closure here: one capturing `self` looked the converter's generic type metadata up
        // for every event, a large part of the calling thread's work.
        if selection.acrossSources {
          var celebration = segment.celebrations[index]
          if lineOffset != 0 { celebration.location?.line += lineOffset }
          guard admit(celebration) else {
            gaveDiagnostic = true
            continue
          }
        } else {
          let isFirst: Bool
          if let uuid = event.uuid {
            isFirst = isFirstUse(of: uuid)
          } else {
            isFirst = isFirstUse(of: segment.celebrations[index])
          }
          guard isFirst else {
            var celebration = segment.celebrations[index]
            if lineOffset != 0 { celebration.location?.line += lineOffset }
            reportDuplicate(celebration)
            gaveDiagnostic = true
            continue
          }
        }
        countEvent(event.kind)
        try observed?.observer.writtenNote(event.summary, length: event.range.count)
        if let current = run, current.upperBound == event.range.lowerBound {
          run = current.lowerBound..<event.range.upperBound
        } else {
          try write(run, of: segment)
          run = event.range
        }
      }
    }
    try write(run, of: segment)
  }

  private mutating func write(_ range: Range<Int>?, of segment: SegmentConversion) throws {
    guard let range else { return }
    try segment.output.withSpan { try writer.writeRendered($0.extracting(range)) }
  }
}

/// Takes contacts one by one (the converter, for the driver's sequential reading).
package protocol ContactAdding {
  mutating func add(_ contact: Contact, recordNoun: RecordKind) throws
}

extension BirthdayCalendarConverter: ContactAdding {}
