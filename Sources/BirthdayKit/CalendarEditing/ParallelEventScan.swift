/// Pass 1 of ``CalendarLister`` on two threads, for a large calendar file that can be read at
/// any offset: this thread reads up to a ``CalendarSplit`` while a second thread reads from
/// there to the end, into a sorter of its own, holding its diagnostics.
///
/// The second half is read as the whole-file scan would read it from the cut: line numbers
/// counted from the start of the file, inside the `VCALENDAR` opened on line 1, outside any
/// event, with the header's PRODID. When this thread arrives at the cut it checks that this is
/// indeed its state there (a cut inside a folded line, a component other than VEVENT, a line
/// break the count got wrong, a PRODID between events); then the second half's records join
/// this sorter and its diagnostics and error follow the first half's, exactly as one thread
/// gives them. Otherwise its work is dropped and this thread reads on to the end.
enum ParallelEventScan {
  /// The most diagnostics the second half holds; past that it is read again on this thread, so
  /// that memory stays bounded whatever the input.
  static let heldDiagnosticLimit = 1 << 16

  /// What the second thread found, handed over when its job ends.
  private struct SecondHalf: Sendable {
    var byUID: ExternalSorter<ListedEventOrder>
    var lastLine: Int
    var isOurs: Bool
    var inEvent: Bool
    var diagnostics: [Diagnostic]
    var overflowed: Bool
    var error: (any Error)?
    /// The physical lines before the cut, counted as the line reader counts them.
    var linesBefore: Int?
  }

  /// Reads the rest of `reader`'s calendar (`source`, from its start) into `events`, the part
  /// from `split` on in parallel.
  /// - Throws: what one thread's reading would throw, after the same diagnostics.
  static func scan(
    _ reader: inout ICalendarScanner, into events: inout EventCollector, split: CalendarSplit,
    of source: any RandomAccessByteSource, limits: ExternalSortLimits,
    diagnostics: DiagnosticHandler
  ) throws {
    let workers = WorkerThreads(count: 1)
    defer { workers.stop() }
    // The two sorters share the budget of one, so that memory stays what one thread uses.
    let budget = events.byUID.limits.memoryBudget
    var halved = limits
    halved.memoryBudget = budget / 2
    events.byUID.limits.memoryBudget = budget / 2
    defer { events.byUID.limits.memoryBudget = budget }
    let (fileName, today, linesBefore) = (events.fileName, events.today, events.linesBefore)
    let halvedLimits = halved
    let job = PendingJob(on: workers) { () -> SecondHalf in
      readSecondHalf(
        of: source, from: split, fileName: fileName, today: today, linesBefore: linesBefore,
        limits: halvedLimits)
    }
    do {
      try events.scan(&reader, before: split.offset, commonForm: true, diagnostics: diagnostics)
    } catch {
      _ = job.wait()
      throw error
    }
    var second = job.wait()
    guard reader.nextLineOffset == split.offset, reader.isInsideCalendarOnly(openedOnLine: 1),
      !events.inEvent, events.isOurs == split.isOurs,
      second.linesBefore == reader.physicalLinesRead, !second.overflowed
    else {
      try events.scan(&reader, before: .max, commonForm: true, diagnostics: diagnostics)
      return
    }
    try events.byUID.absorb(&second.byUID)
    events.lastLine = second.lastLine
    events.isOurs = second.isOurs
    events.inEvent = second.inEvent
    for diagnostic in second.diagnostics { diagnostics(diagnostic) }
    if let error = second.error { throw error }
  }

  private static func readSecondHalf(
    of source: any RandomAccessByteSource, from split: CalendarSplit, fileName: String,
    today: CivilDate, linesBefore: Int, limits: ExternalSortLimits
  ) -> SecondHalf {
    var events = EventCollector(
      byUID: ExternalSorter(ordering: ListedEventOrder.uidThenMastersFirst, limits: limits),
      today: today)
    events.linesBefore = linesBefore
    events.start(fileName: fileName)
    events.isOurs = split.isOurs
    var held: [Diagnostic] = []
    var overflowed = false
    var failure: (any Error)?
    var lines: Int?
    do {
      let count = try countLineFeeds(in: source, before: split.offset)
      lines = count
      var reader = ICalendarScanner(
        AnyByteSource(RangeByteSource(source, range: split.offset..<source.size)),
        fileName: fileName, calendarOpenedOnLine: 1, continuingAfterLine: count,
        atOffset: split.offset)
      try events.scan(&reader, before: .max, commonForm: true) { diagnostic in
        if held.count < heldDiagnosticLimit {
          held.append(diagnostic)
        } else {
          overflowed = true
        }
      }
    } catch {
      failure = error
    }
    return SecondHalf(
      byUID: events.byUID, lastLine: events.lastLine, isOurs: events.isOurs,
      inEvent: events.inEvent, diagnostics: held, overflowed: overflowed, error: failure,
      linesBefore: lines)
  }

  /// The LF bytes in `source[..<end]`: the line breaks the line reader counts there when it
  /// has no lone CR (a file with lone CRs is caught by the check at the cut, and read on one
  /// thread). Sixteen bytes a step: the exact count of CR, LF and CRLF is several times the
  /// work, and would be a sizeable part of the second half's.
  private static func countLineFeeds(in source: any RandomAccessByteSource, before end: Int)
    throws -> Int
  {
    let chunk = 1 << 20
    var total = 0
    var offset = 0
    while offset < end {
      let bytes = try CalendarSplit.read(source, at: offset, count: min(chunk, end - offset))
      guard !bytes.isEmpty else { break }
      total += countLineFeeds(in: bytes)
      offset += bytes.count
    }
    return total
  }

  /// The LF bytes in `bytes` (``ByteKernel/count(of:in:from:to:)``, sixteen bytes a step).
  static func countLineFeeds(in bytes: [UInt8]) -> Int {
    ByteKernel.count(of: 0x0A, in: bytes.span, from: 0, to: bytes.count)
  }
}
