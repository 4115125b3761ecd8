import Foundation

/// Lists the events of any iCalendar file with their next occurrence (`bdconvert list`).
///
/// One entry per master VEVENT, sorted by next occurrence, then UID, then line; events without a
/// next occurrence come last. A UID that appears on several masters is listed once, from the
/// first; overrides (`RECURRENCE-ID`) fold into their master, and an override whose UID has no
/// master anywhere in the file is listed once, from the first. Each event without a UID is
/// listed on a line of its own. Events that cannot be fully
/// interpreted are listed with what can be shown, and a diagnostic says why.
///
/// In files written by bdconvert (`PRODID` naming bdconvert) the year shown comes from
/// `DESCRIPTION:Born YYYY-...` (`Since YYYY-...` for anniversaries), because their DTSTART year
/// may be a placeholder (1970, 1972).
///
/// Several calendars are listed as one: events of all of them in one order, and a UID found in
/// several is listed once, from the first calendar that has it (as `merge` keeps it).
///
/// Memory stays bounded whatever the size of the calendar: the input is read once, and the events
/// are deduplicated and ordered by two external merge sorts (``ExternalSorter``) that keep at most
/// 8 MiB in memory each and spill the rest to unnamed temporary files in `$TMPDIR` (or `/tmp`),
/// about 100 bytes per event and sort. Calendars that fit in that budget (about 50,000 birthday
/// events) never touch the disk.
public enum CalendarLister {
  /// Reads `source` and returns its events in listing order.
  ///
  /// Holds every event in the returned array; ``forEachEvent(in:fileName:today:diagnostics:_:)``
  /// hands them over one at a time instead.
  ///
  /// ```swift
  /// let events = try CalendarLister.list(
  ///   MemoryByteSource(calendarText), fileName: "birthdays.ics", today: today)
  /// print(events.first?.summary ?? "")  // Birthday: Tom Roe
  /// ```
  /// - Throws: ``InputFormatError`` naming the line, ``ByteSourceError``, or
  ///   ``TemporaryFileError`` when a large calendar cannot be spilled.
  public static func list<Source: ByteSource>(
    _ source: Source, fileName: String, today: CivilDate,
    diagnostics: DiagnosticHandler = { _ in }
  ) throws -> [CalendarEvent] {
    var events: [CalendarEvent] = []
    try forEachEvent(in: source, fileName: fileName, today: today, diagnostics: diagnostics) {
      events.append($0)
    }
    return events
  }

  /// Reads `source` and calls `body` with each event in listing order, in bounded memory.
  ///
  /// All diagnostics are reported while the input is read, before the first call of `body`; a
  /// malformed calendar throws before `body` is ever called.
  ///
  /// ```swift
  /// try CalendarLister.forEachEvent(
  ///   in: FileDescriptorByteSource(descriptor: 0, name: "<stdin>"), fileName: "<stdin>",
  ///   today: today
  /// ) { event in print(event.next?.description ?? "-", event.summary) }
  /// ```
  /// - Parameters:
  ///   - source: the calendar; read once, from start to end (a pipe is fine).
  ///   - fileName: the name used in diagnostics and errors.
  ///   - today: the day from which next occurrences are computed.
  ///   - diagnostics: receives events that cannot be fully interpreted, in input order.
  ///   - body: receives the events in order.
  /// - Throws: ``InputFormatError`` naming the line, ``ByteSourceError``,
  ///   ``TemporaryFileError``, or what `body` throws.
  public static func forEachEvent<Source: ByteSource>(
    in source: Source, fileName: String, today: CivilDate,
    diagnostics: DiagnosticHandler = { _ in }, _ body: (CalendarEvent) throws -> Void
  ) throws {
    try forEachEvent(
      in: [(source, fileName)], today: today, limits: .standard, diagnostics: diagnostics, body)
  }

  /// ``forEachEvent(in:fileName:today:diagnostics:_:)`` for several calendars listed as one:
  /// a UID found in several calendars is listed once, from the first that has it.
  ///
  /// ```swift
  /// try CalendarLister.forEachEvent(
  ///   in: [(MemoryByteSource(family), "family.ics"), (MemoryByteSource(work), "work.ics")],
  ///   today: today
  /// ) { event in print(event.uid, event.summary) }
  /// ```
  /// - Parameter inputs: the calendars and their names for diagnostics, each read once, in order.
  /// - Throws: as ``forEachEvent(in:fileName:today:diagnostics:_:)``, for the first calendar
  ///   that fails.
  package static func forEachEvent<Source: ByteSource>(
    in inputs: [(source: Source, fileName: String)], today: CivilDate,
    diagnostics: DiagnosticHandler = { _ in }, _ body: (CalendarEvent) throws -> Void
  ) throws {
    try forEachEvent(
      in: inputs, today: today, limits: .standard, diagnostics: diagnostics, body)
  }

  /// ``forEachEvent(in:fileName:today:diagnostics:_:)`` with explicit sort limits (tests use a
  /// tiny budget to force many runs); returns what each of the two sorts did.
  @discardableResult
  static func forEachEvent<Source: ByteSource>(
    in source: Source, fileName: String, today: CivilDate, limits: ExternalSortLimits,
    diagnostics: DiagnosticHandler = { _ in }, _ body: (CalendarEvent) throws -> Void
  ) throws -> (byUID: ExternalSortStatistics, byNextOccurrence: ExternalSortStatistics) {
    try forEachEvent(
      in: [(source, fileName)], today: today, limits: limits, diagnostics: diagnostics, body)
  }

  @discardableResult
  static func forEachEvent<Source: ByteSource>(
    in inputs: [(source: Source, fileName: String)], today: CivilDate,
    limits: ExternalSortLimits, commonForm: Bool = true,
    diagnostics: DiagnosticHandler = { _ in }, _ body: (CalendarEvent) throws -> Void
  ) throws -> (byUID: ExternalSortStatistics, byNextOccurrence: ExternalSortStatistics) {
    try forEachRecord(
      in: inputs, today: today, limits: limits, commonForm: commonForm, diagnostics: diagnostics
    ) { record, bytes in try body(record.event(in: bytes)) }
  }

  /// ``forEachEvent(in:today:diagnostics:_:)`` handing over each event's sorted record: its
  /// header and its bytes, valid only during the call (`list` writes its lines from them).
  package static func forEachRecord<Source: ByteSource>(
    in inputs: [(source: Source, fileName: String)], today: CivilDate,
    diagnostics: DiagnosticHandler = { _ in },
    _ body: (ListedEventRecord, Span<UInt8>) throws -> Void
  ) throws {
    try forEachRecord(
      in: inputs, today: today, limits: .standard, diagnostics: diagnostics, body)
  }

  /// ``forEachRecord(in:today:diagnostics:_:)`` where each input may also be read at any
  /// offset (`splittable[i]`, the same bytes as `inputs[i]`, `nil` for a pipe): with `threads`
  /// above 1 (the caller's choice, as for a conversion), a large calendar in the common form is
  /// then read in two halves at once (``ParallelEventScan``), with the same result.
  package static func forEachRecord<Source: ByteSource>(
    in inputs: [(source: Source, fileName: String)], splittable: [(any RandomAccessByteSource)?],
    threads: Int, today: CivilDate, diagnostics: DiagnosticHandler = { _ in },
    _ body: (ListedEventRecord, Span<UInt8>) throws -> Void
  ) throws {
    try forEachRecord(
      in: inputs, today: today, limits: .standard, splittable: threads > 1 ? splittable : [],
      diagnostics: diagnostics, body)
  }

  @discardableResult
  static func forEachRecord<Source: ByteSource>(
    in inputs: [(source: Source, fileName: String)], today: CivilDate,
    limits: ExternalSortLimits, commonForm: Bool = true,
    splittable: [(any RandomAccessByteSource)?] = [],
    split: (any RandomAccessByteSource) throws -> CalendarSplit? = {
      try CalendarSplit(of: $0, minimumSize: CalendarSplit.minimumSize)
    },
    diagnostics: DiagnosticHandler = { _ in },
    _ body: (ListedEventRecord, Span<UInt8>) throws -> Void
  ) throws -> (byUID: ExternalSortStatistics, byNextOccurrence: ExternalSortStatistics) {
    // Pass 1: every VEVENT, masters and overrides, in file order into a sort by UID. Later
    // calendars number their lines after the earlier ones, so that "first" means first file.
    var events = EventCollector(
      byUID: ExternalSorter(ordering: ListedEventOrder.uidThenMastersFirst, limits: limits),
      today: today)
    var files: [(linesBefore: Int, name: String)] = []
    for (index, (source, fileName)) in inputs.enumerated() {
      files.append((events.linesBefore, fileName))
      events.start(fileName: fileName)
      var reader = ICalendarScanner(AnyByteSource(source), fileName: fileName)
      if commonForm, index < splittable.count, let whole = splittable[index],
        let split = try split(whole)
      {
        try ParallelEventScan.scan(
          &reader, into: &events, split: split, of: whole, limits: limits,
          diagnostics: diagnostics)
      } else {
        try events.scan(&reader, before: .max, commonForm: commonForm, diagnostics: diagnostics)
      }
      events.linesBefore += events.lastLine + 1
    }
    // Moved out, not copied: a copy would share the arena and copy it on the next change.
    var byUID = ExternalSorter(ordering: ListedEventOrder.uidThenMastersFirst, limits: limits)
    swap(&byUID, &events.byUID)
    var rules = RecurrenceRuleCache()
    swap(&rules, &events.rules)

    // Pass 2: the first record of each UID (its first master, or its first override when it has
    // no master) goes on to the sort by next occurrence; a recurring master's overrides (which
    // sort right after it) move or cancel its occurrences, so its next one is worked out again.
    var byNextOccurrence = ExternalSorter(ordering: ListedEventOrder.nextOccurrence, limits: limits)
    var group = OverriddenMaster()
    var hasPrevious = false
    var previousUID: [UInt8] = []
    var previousUIDIsASCII = false
    try byUID.finish { bytes in
      let event = ListedEventRecord.SortFields(of: bytes)
      let uid = bytes.extracting(event.uid)
      // Events without a UID share no identity: each is listed on its own line.
      if hasPrevious, !uid.isEmpty {
        let order = ListedEventOrder.compareUIDs(
          previousUID.span, isASCII: previousUIDIsASCII, uid, isASCII: event.uidIsASCII)
        if order == 0 {
          if event.isOverride { group.add(override: bytes) }
          return
        }
      }
      try group.finish(
        into: &byNextOccurrence, today: today, files: files, rules: &rules,
        diagnostics: diagnostics)
      hasPrevious = true
      previousUID.removeAll(keepingCapacity: true)
      ByteKernel.append(uid, to: &previousUID)
      previousUIDIsASCII = event.uidIsASCII
      group.begin(with: bytes)
    }
    try group.finish(
      into: &byNextOccurrence, today: today, files: files, rules: &rules, diagnostics: diagnostics)

    // Pass 3: the listing.
    try byNextOccurrence.finish { bytes in try body(ListedEventRecord(bytes), bytes) }
    return (byUID.statistics, byNextOccurrence.statistics)
  }
}
