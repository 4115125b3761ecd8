/// What sync needs from one component, read in one pass over its lines: its digest, its mark,
/// its `SEQUENCE`, whether it is an override, and the raw values shown in a plan line.
struct EventFacts {
  var digest = EventDigest()
  /// The marker's value, trailing blanks removed, or `nil`.
  var set: [UInt8]?
  var sequence = 0
  var isOverride = false
  /// `SUMMARY`, `DESCRIPTION` and `DTSTART` values as written (still TEXT-escaped).
  var summary: ArraySlice<UInt8> = []
  var description: ArraySlice<UInt8>?
  var start: ArraySlice<UInt8>?

  init(_ component: CalendarComponent) {
    var parts: [UInt64] = [0, 0, 0, 0]
    var nested: UInt64 = 0
    for line in component.lines.dropFirst().dropLast() {
      if line.depth > 2 || line.kind != .property {
        // A nested component (VALARM) counts as one unit, so lines cannot move between alarms.
        nested &+= EventDigest.hash(line.content)
        if line.kind == .end, line.depth == 3 {
          parts[2] &+= EventDigest.hash(nested)
          nested = 0
        }
        continue
      }
      switch Property(line.name) {
      case .ignored:
        continue
      case .sequence:
        sequence = Int(String(decoding: line.value, as: UTF8.self)) ?? 0
        continue
      case .marker:
        var value = line.value
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        set = Array(value)
        continue
      case .start:
        start = line.value
        parts[0] &+= EventDigest.hash(line.content)
      case .date where line.isNamed("RRULE"):
        // Rule parts in any order (Xandikos writes BYMONTHDAY before BYMONTH).
        var rule = EventDigest.hash(line.content[..<line.valueStart])
        for part in line.value.split(separator: UInt8(ascii: ";")) {
          rule &+= EventDigest.hash(EventDigest.hash(part))
        }
        parts[0] &+= EventDigest.hash(rule)
      case .date:
        parts[0] &+= EventDigest.hash(line.content)
      case .summary:
        summary = line.value
        parts[1] &+= EventDigest.hash(line.content)
      case .description:
        description = line.value
        parts[3] &+= EventDigest.hash(line.content)
      case .recurrenceID:
        isOverride = true
        parts[3] &+= EventDigest.hash(line.content)
      case .other:
        parts[3] &+= EventDigest.hash(line.content)
      }
    }
    digest = EventDigest(
      date: parts[0], name: parts[1], alarms: parts[2] &+ nested, details: parts[3])
  }

  /// How a property of the component itself counts.
  private enum Property {
    case ignored, sequence, marker, start, date, summary, description, recurrenceID, other

    init(_ name: [UInt8]) {
      // The length first: most names are rejected without comparing a byte.
      func named(_ text: StaticString) -> Bool {
        name.count == text.utf8CodeUnitCount
          && name.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: name.count))
      }
      switch name.count {
      case 7:
        self =
          named("DTSTAMP") || named("CREATED")
          ? .ignored : named("DTSTART") ? .start : named("SUMMARY") ? .summary : .other
      case 8: self = named("SEQUENCE") ? .sequence : named("DURATION") ? .date : .other
      case 5:
        self = named("DTEND") ? .date : named("RRULE") ? .date : named("RDATE") ? .date : .other
      case 6: self = named("EXDATE") ? .date : .other
      case 11: self = named("DESCRIPTION") ? .description : .other
      case 13:
        self = named("LAST-MODIFIED") ? .ignored : named("RECURRENCE-ID") ? .recurrenceID : .other
      case 15: self = named("X-BDCONVERT-SET") ? .marker : .other
      default: self = .other
      }
    }
  }
}
