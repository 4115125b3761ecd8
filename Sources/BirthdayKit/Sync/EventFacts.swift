/// What sync needs from one component, gathered line by line: its digest, its mark, its
/// `SEQUENCE`, whether it is an override, and the raw values shown in a plan line.
///
/// Fed with the lines between the component's `BEGIN` and `END` (``take(kind:depth:content:nameEnd:valueStart:)``),
/// then ``finish()``. The buffers are reused from one component to the next (``reset()``), so a
/// scan over a million events allocates nothing per event.
struct EventFacts {
  private(set) var digest = EventDigest()
  /// The marker's value, trailing blanks removed (valid when ``hasSet``).
  private(set) var set: [UInt8] = []
  private(set) var hasSet = false
  private(set) var sequence = 0
  private(set) var isOverride = false
  /// The digest recorded when sync last wrote the component (``SyncMarker/digestPropertyName``).
  private(set) var writtenDigest: EventDigest?
  /// `SUMMARY`, `DESCRIPTION` and `DTSTART` values as written (still TEXT-escaped); the last of
  /// each counts.
  private(set) var summary: [UInt8] = []
  private(set) var description: [UInt8] = []
  private(set) var hasDescription = false
  private(set) var start: [UInt8] = []
  private(set) var hasStart = false
  /// `X-BDCONVERT-KEY` (``ContactIdentityKey``) as written, empty when absent. In the digest's
  /// details, so that a new key (a changed e-mail address) is written; ``keylessDetails`` lets
  /// the planner leave alone events written before sync wrote keys.
  private(set) var identityKey: [UInt8] = []
  /// `X-BDCONVERT-CALENDAR-DATE` as written, empty when absent (a detail like any other for
  /// the digest), for the plan's JSON.
  private(set) var calendarDate: [UInt8] = []
  /// The digest's details without `X-BDCONVERT-KEY`.
  private(set) var keylessDetails: UInt32 = 0
  private var parts: (date: UInt64, name: UInt64, alarms: UInt64, details: UInt64) = (0, 0, 0, 0)
  private var keyHash: UInt64 = 0
  private var nested: UInt64 = 0
  /// Whether the values above are kept (not for the digest alone, which allocates nothing).
  private let keepsValues: Bool

  init(keepsValues: Bool = true) {
    self.keepsValues = keepsValues
  }

  /// The facts of a component read into memory.
  init(_ component: CalendarComponent) {
    keepsValues = true
    for line in component.lines.dropFirst().dropLast() {
      take(
        kind: line.kind, depth: line.depth, content: line.content.span, nameEnd: line.name.count,
        valueStart: line.valueStart)
    }
    finish()
  }

  /// Forgets the previous component, keeping the buffers' room.
  mutating func reset() {
    digest = EventDigest()
    // Emptied only when used: most events have no mark, and removeAll is not free.
    if hasSet { set.removeAll(keepingCapacity: true) }
    hasSet = false
    sequence = 0
    isOverride = false
    writtenDigest = nil
    if !summary.isEmpty { summary.removeAll(keepingCapacity: true) }
    if hasDescription { description.removeAll(keepingCapacity: true) }
    hasDescription = false
    if hasStart { start.removeAll(keepingCapacity: true) }
    hasStart = false
    if !identityKey.isEmpty { identityKey.removeAll(keepingCapacity: true) }
    if !calendarDate.isEmpty { calendarDate.removeAll(keepingCapacity: true) }
    parts = (0, 0, 0, 0)
    keyHash = 0
    keylessDetails = 0
    nested = 0
  }

  /// Takes one line inside the component (not its own `BEGIN`/`END`); `depth` as the reader
  /// counts it (2 for the component's own properties).
  mutating func take(
    kind: CalendarLine.Kind, depth: Int, content: Span<UInt8>, nameEnd: Int, valueStart: Int
  ) {
    if depth > 2 || kind != .property {
      // A nested component (VALARM) counts as one unit, so lines cannot move between alarms.
      nested &+= EventDigest.hash(content)
      if kind == .end, depth == 3 {
        parts.alarms &+= EventDigest.hash(nested)
        nested = 0
      }
      return
    }
    let value = content.extracting(valueStart...)
    switch Property(content, nameEnd: nameEnd) {
    case .ignored:
      return
    case .identityKey:
      keyHash &+= EventDigest.hash(content)
      if keepsValues {
        identityKey.removeAll(keepingCapacity: true)
        ByteKernel.append(value, to: &identityKey)
      }
    case .writtenDigest:
      writtenDigest = EventDigest(hexText: value)
    case .sequence:
      sequence = Self.integer(value) ?? 0
    case .marker:
      // The first marker counts, as in `SyncMarker.set(of:)` (vdir and CalDAV targets): an event
      // with two different markers must not be ours here and another set's there.
      guard !hasSet else { return }
      var end = value.count
      while end > 0, value[end - 1] == 0x20 || value[end - 1] == 0x09 { end -= 1 }
      set.removeAll(keepingCapacity: true)
      ByteKernel.append(value.extracting(..<end), to: &set)
      hasSet = true
    case .start:
      if keepsValues {
        start.removeAll(keepingCapacity: true)
        ByteKernel.append(value, to: &start)
      }
      hasStart = true
      parts.date &+= EventDigest.hash(content)
    case .rule:
      // Rule parts in any order (Xandikos writes BYMONTHDAY before BYMONTH).
      var rule = EventDigest.hash(content.extracting(..<valueStart))
      var partStart = 0
      for index in 0...value.count where index == value.count || value[index] == 0x3B {
        if index > partStart {  // empty parts do not count
          rule &+= EventDigest.hash(EventDigest.hash(value.extracting(partStart..<index)))
        }
        partStart = index + 1
      }
      parts.date &+= EventDigest.hash(rule)
    case .date:
      parts.date &+= EventDigest.hash(content)
    case .summary:
      if keepsValues {
        summary.removeAll(keepingCapacity: true)
        ByteKernel.append(value, to: &summary)
      }
      parts.name &+= EventDigest.hash(content)
    case .description:
      if keepsValues {
        description.removeAll(keepingCapacity: true)
        ByteKernel.append(value, to: &description)
      }
      hasDescription = true
      parts.details &+= EventDigest.hash(content)
    case .recurrenceID:
      isOverride = true
      parts.details &+= EventDigest.hash(content)
    case .calendarDate:
      parts.details &+= EventDigest.hash(content)
      if keepsValues {
        calendarDate.removeAll(keepingCapacity: true)
        ByteKernel.append(value, to: &calendarDate)
      }
    case .other:
      parts.details &+= EventDigest.hash(content)
    }
  }

  /// Whether the component says something else than when sync last wrote it: edited in a
  /// calendar app or by hand since. `false` when sync recorded nothing (an older release).
  /// A digest recorded without the key (by a build that left keys out of digests) counts too.
  var isEditedSinceWritten: Bool {
    guard let writtenDigest else { return false }
    var keyless = digest
    keyless.details = keylessDetails
    return writtenDigest != digest && writtenDigest != keyless
  }

  /// Works out ``digest`` once every line was taken.
  mutating func finish() {
    digest = EventDigest(
      date: parts.date, name: parts.name, alarms: parts.alarms &+ nested,
      details: parts.details &+ keyHash)
    keylessDetails = EventDigest(date: 0, name: 0, alarms: 0, details: parts.details).details
  }

  /// The decimal integer `bytes` spell (an optional sign, then digits), as `Int(_:)` reads it
  /// from text; `nil` when they spell none or it does not fit.
  private static func integer(_ bytes: Span<UInt8>) -> Int? {
    var index = 0
    var isNegative = false
    if bytes.count > 0, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
      isNegative = bytes[0] == UInt8(ascii: "-")
      index = 1
    }
    guard index < bytes.count else { return nil }
    var value = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (scaled, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowedAgain) =
        isNegative
        ? scaled.subtractingReportingOverflow(Int(digit))
        : scaled.addingReportingOverflow(Int(digit))
      guard !overflowed, !overflowedAgain else { return nil }
      value = next
      index += 1
    }
    return value
  }

  /// How a property of the component itself counts.
  private enum Property {
    case ignored, identityKey, writtenDigest, sequence, marker, start, rule, date, summary,
      description, calendarDate,
      recurrenceID, other

    init(_ content: Span<UInt8>, nameEnd: Int) {
      // The length first: most names are rejected without comparing a byte.
      func named(_ text: StaticString) -> Bool {
        isUppercasedName(content, count: nameEnd, text)
      }
      switch nameEnd {
      case 3: self = named("UID") ? .ignored : .other
      case 18: self = named("X-BDCONVERT-DIGEST") ? .writtenDigest : .other
      case 7:
        self =
          named("DTSTAMP") || named("CREATED")
          ? .ignored : named("DTSTART") ? .start : named("SUMMARY") ? .summary : .other
      case 8: self = named("SEQUENCE") ? .sequence : named("DURATION") ? .date : .other
      case 5:
        self = named("DTEND") ? .date : named("RRULE") ? .rule : named("RDATE") ? .date : .other
      case 6: self = named("EXDATE") ? .date : .other
      case 11: self = named("DESCRIPTION") ? .description : .other
      case 13:
        self = named("LAST-MODIFIED") ? .ignored : named("RECURRENCE-ID") ? .recurrenceID : .other
      case 15:
        self =
          named("X-BDCONVERT-SET")
          ? .marker : named("X-BDCONVERT-KEY") ? .identityKey : .other
      case 25: self = named("X-BDCONVERT-CALENDAR-DATE") ? .calendarDate : .other
      default: self = .other
      }
    }
  }
}
