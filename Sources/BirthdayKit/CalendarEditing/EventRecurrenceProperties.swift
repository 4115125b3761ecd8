/// The recurrence properties of one VEVENT as `list` reads them (DTSTART, RRULE, RDATE, EXDATE,
/// RECURRENCE-ID, STATUS:CANCELLED), kept as written, with their `TZID`s, until they are turned
/// into a ``RecurrenceSet``.
///
/// They travel inside the sorted records of `list` (``write(into:at:)``/``init(decoding:)``) so
/// that a master's next occurrence can be worked out again once its overrides are known.
struct EventRecurrenceProperties {
  /// One value as written: its `TZID` (empty for none) and the value (a list for RDATE/EXDATE).
  struct Written {
    var tzid: [UInt8]
    var value: [UInt8]
  }

  private enum Kind: UInt8 {
    case start = 0x53
    case rule = 0x52
    case addition = 0x41
    case exclusion = 0x58
    case recurrenceID = 0x49
    case cancelled = 0x43
  }

  /// DTSTART.
  var start: Written? {
    get { hasStart ? startStorage : nil }
    set {
      hasStart = newValue != nil
      if let newValue { startStorage = newValue }
    }
  }
  /// The RRULEs.
  var rules: ArraySlice<[UInt8]> {
    get { ruleStorage[..<ruleCount] }
    set {
      ruleStorage = Array(newValue)
      ruleCount = ruleStorage.count
    }
  }
  var additions: [Written] = []
  var exclusions: [Written] = []
  var recurrenceID: Written?
  var isCancelled = false

  // DTSTART and the RRULEs keep their buffers from event to event (``reset()``): a new array for
  // each, and its release, were a large part of `list`'s work per event.
  private var startStorage = Written(tzid: [], value: [])
  private var hasStart = false
  /// The first ``ruleCount`` are the RRULEs; the rest are buffers for the next events.
  private var ruleStorage: [[UInt8]] = []
  private var ruleCount = 0

  init() {}

  /// Empties the properties for the next VEVENT, keeping the buffers.
  mutating func reset() {
    hasStart = false
    ruleCount = 0
    additions.removeAll(keepingCapacity: true)
    exclusions.removeAll(keepingCapacity: true)
    recurrenceID = nil
    isCancelled = false
  }

  /// True for a master with something to expand (RRULE or RDATE).
  var isRecurring: Bool { !rules.isEmpty || !additions.isEmpty }

  /// Keeps `line` (whose unfolded content is `content`) when it is one of the recurrence
  /// properties.
  mutating func take(_ line: ICalendarLineView, content: Span<UInt8>) {
    let value = content.extracting(line.valueRange)
    func written() -> Written {
      Written(
        tzid: line.parameter("TZID", in: content).map { Array(copying: content.extracting($0)) }
          ?? [],
        value: Array(copying: value))
    }
    if line.isNamed("DTSTART", in: content) {
      startStorage.tzid.removeAll(keepingCapacity: true)
      if let tzid = line.parameter("TZID", in: content) {
        ByteKernel.append(content.extracting(tzid), to: &startStorage.tzid)
      }
      startStorage.value.removeAll(keepingCapacity: true)
      ByteKernel.append(value, to: &startStorage.value)
      hasStart = true
    } else if line.isNamed("RRULE", in: content) {
      appendRule(value)
    } else if line.isNamed("RDATE", in: content) {
      additions.append(written())
    } else if line.isNamed("EXDATE", in: content) {
      exclusions.append(written())
    } else if line.isNamed("RECURRENCE-ID", in: content) {
      recurrenceID = written()
    } else if line.isNamed("STATUS", in: content) {
      isCancelled = isUppercasedName(value, count: value.count, "CANCELLED")
    }
  }

  /// Adds an RRULE, in the next spare buffer if there is one.
  private mutating func appendRule(_ value: Span<UInt8>) {
    if ruleCount < ruleStorage.count {
      ruleStorage[ruleCount].removeAll(keepingCapacity: true)
      ByteKernel.append(value, to: &ruleStorage[ruleCount])
    } else {
      ruleStorage.append(Array(copying: value))
    }
    ruleCount += 1
  }

  // MARK: - Record form

  /// The bytes ``write(into:at:)`` writes.
  var encodedCount: Int {
    func size(_ tzid: [UInt8], _ value: [UInt8]) -> Int { 9 + tzid.count + value.count }
    var total = start.map { size($0.tzid, $0.value) } ?? 0
    for rule in rules { total += 9 + rule.count }
    for addition in additions { total += size(addition.tzid, addition.value) }
    for exclusion in exclusions { total += size(exclusion.tzid, exclusion.value) }
    if let recurrenceID { total += size(recurrenceID.tzid, recurrenceID.value) }
    if isCancelled { total += 9 }
    return total
  }

  /// Writes the properties into `target` from `offset` on as length-prefixed entries (a kind
  /// byte, then the TZID and the value, each after its `Int32` length), ``encodedCount`` bytes.
  func write(into target: inout MutableSpan<UInt8>, at offset: Int) {
    var offset = offset
    func field(_ bytes: [UInt8]) {
      var raw = target.mutableBytes
      raw.storeBytes(of: Int32(bytes.count), toByteOffset: offset, as: Int32.self)
      ByteKernel.copy(bytes.span, into: &target, at: offset + 4)
      offset += 4 + bytes.count
    }
    func put(_ kind: Kind, _ tzid: [UInt8], _ value: [UInt8]) {
      target[offset] = kind.rawValue
      offset += 1
      field(tzid)
      field(value)
    }
    if let start { put(.start, start.tzid, start.value) }
    for rule in rules { put(.rule, [], rule) }
    for addition in additions { put(.addition, addition.tzid, addition.value) }
    for exclusion in exclusions { put(.exclusion, exclusion.tzid, exclusion.value) }
    if let recurrenceID { put(.recurrenceID, recurrenceID.tzid, recurrenceID.value) }
    if isCancelled { put(.cancelled, [], []) }
  }

  /// The properties written by ``write(into:at:)``.
  init(decoding bytes: Span<UInt8>) {
    var offset = 0
    func field() -> [UInt8] {
      let count = Int(ByteRegionAccess.load(Int32.self, from: bytes, at: offset))
      defer { offset += 4 + count }
      return Array(copying: bytes.extracting((offset + 4)..<(offset + 4 + count)))
    }
    while offset < bytes.count {
      let kind = Kind(rawValue: bytes[offset])
      offset += 1
      let written = Written(tzid: field(), value: field())
      switch kind {
      case .start: start = written
      case .rule: appendRule(written.value.span)
      case .addition: additions.append(written)
      case .exclusion: exclusions.append(written)
      case .recurrenceID: recurrenceID = written
      case .cancelled: isCancelled = true
      case nil: break
      }
    }
  }

  // MARK: - The set

  /// `FREQ=YEARLY` as bytes, compared as arrays (a `String` comparison costs far more).
  private static let plainYearly = Array("FREQ=YEARLY".utf8)

  /// The next occurrence of an all-day event repeated by `RRULE:FREQ=YEARLY` alone (every
  /// birthday bdconvert writes) without building a ``RecurrenceSet``: DTSTART, then the same
  /// month and day in each later year that has it (29 February only in leap years), as the set
  /// would find. `nil` when the event is not of that kind, for the set to work it out.
  private func nextPlainYearly(
    _ start: Written, _ startValue: DateTimeValue, onOrAfter today: CivilDate
  ) -> CivilDate? {
    guard startValue.isDate, start.tzid.isEmpty, additions.isEmpty, exclusions.isEmpty,
      rules.count == 1, rules[0] == Self.plainYearly
    else { return nil }
    let first = startValue.local.date
    guard let firstYear = first.year, let todayYear = today.year else { return nil }
    if first >= today { return first }
    var year = max(firstYear, todayYear)
    while year <= min(todayYear + 8, 9999) {
      if let date = CivilDate(year: year, month: first.month, day: first.day), date >= today {
        return date
      }
      year += 1
    }
    return nil
  }

  /// The first date on or after `today` on which the event occurs, on the clock of its own zone,
  /// with `overrides` (other VEVENTs of the UID) applied; `nil` when there is none or it cannot
  /// be worked out (`diagnostics` says why).
  func nextDate(
    onOrAfter today: CivilDate, overrides: [EventRecurrenceProperties] = [],
    rules cache: inout RecurrenceRuleCache, location: SourceLocation,
    diagnostics: DiagnosticHandler
  ) -> CivilDate? {
    guard let start, let startValue = DateTimeValue(bytes: start.value),
      let from = LocalDateTime(date: today)
    else { return nil }
    if overrides.isEmpty, let next = nextPlainYearly(start, startValue, onOrAfter: today) {
      return next
    }
    let zone = cache.zone(start.tzid, utc: startValue.isUTC)
    var unknownZones: Set<[UInt8]> = []
    func onClock(_ value: DateTimeValue, tzid: [UInt8]) -> LocalDateTime {
      if value.isDate || (!value.isUTC && tzid == start.tzid) { return value.local }
      if zone == nil, !start.tzid.isEmpty { unknownZones.insert(start.tzid) }
      let source = value.isUTC ? .utc : cache.zone(tzid, utc: false)
      if source == nil, !tzid.isEmpty { unknownZones.insert(tzid) }
      return RecurrenceTimeZone.convert(value, from: source, to: zone)
    }
    func values(_ written: Written) -> [DateTimeValue] {
      written.value.split(separator: UInt8(ascii: ",")).compactMap {
        DateTimeValue(bytes: $0)
      }
    }
    var set = RecurrenceSet(
      start: startValue.local, isAllDay: startValue.isDate)
    for ruleBytes in rules {
      switch cache.rule(ruleBytes) {
      case .success(var rule):
        if let until = rule.until, until.isUTC {
          rule.until = DateTimeValue(local: onClock(until, tzid: []))
        }
        set.rules.append(rule)
      case .failure(.unsupported(let part)):
        let ruleText = String(decoding: ruleBytes, as: UTF8.self)
        diagnostics(
          Diagnostic(.unsupportedRule(part: "\(part)", rule: ruleText), at: location))
        return nil
      }
    }
    for addition in additions {
      set.additions += values(addition).map { onClock($0, tzid: addition.tzid) }
    }
    for exclusion in exclusions {
      set.exclusions += values(exclusion).map {
        DateTimeValue(local: onClock($0, tzid: exclusion.tzid), isDate: $0.isDate)
      }
    }
    for override in overrides {
      guard let id = override.recurrenceID, let idValue = DateTimeValue(bytes: id.value) else {
        continue
      }
      let moved = override.start.flatMap { written in
        DateTimeValue(bytes: written.value).map { onClock($0, tzid: written.tzid) }
      }
      set.overrides.append(
        .init(
          recurrenceID: DateTimeValue(
            local: onClock(idValue, tzid: id.tzid), isDate: idValue.isDate),
          start: override.isCancelled ? nil : moved))
    }
    for name in unknownZones.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      diagnostics(
        Diagnostic(.unknownTimeZone(String(decoding: name, as: UTF8.self)), at: location))
    }
    do {
      return try set.next(onOrAfter: from)?.date
    } catch {
      diagnostics(
        Diagnostic(
          .ruleTooSparse(
            maximumPeriods: RecurrenceExpander.maximumPeriods,
            maximumEmptyPeriods: RecurrenceExpander.maximumEmptyPeriods),
          at: location))
      return nil
    }
  }
}
