/// The key and digest of the events of one celebration (a yearly event and its overrides, one
/// UID) as bdconvert's calendar writer renders them, worked out from their bytes in place: what
/// ``SyncWantedEvents/init(scanning:fileName:)`` finds for the same events in the converted
/// calendar, without reading the calendar back (see ``SyncWantedEventCollector``).
///
/// Only the form the writer produces is read here: `VEVENT`s with a UID each, lines ending in
/// CRLF, folded with a space or a tab, each with a `:`. Anything else gives `nil`, and the caller
/// reads the calendar back instead.
package struct RenderedEventSummary: Sendable, BitwiseCopyable, RenderedEventNoteConvertible {
  var key: SyncEventKey
  var digest: EventDigest
  /// The digest's details without `X-BDCONVERT-KEY` (``EventFacts/keylessDetails``).
  var keylessDetails: UInt32

  private init(key: SyncEventKey, digest: EventDigest, keylessDetails: UInt32) {
    self.key = key
    self.digest = digest
    self.keylessDetails = keylessDetails
  }

  /// The summary the converter carried as `note`.
  package init(note: RenderedEventNote) {
    let (high, low, digest, alarmsAndDetails, keylessDetails) = note.words
    key = SyncEventKey(high: high, low: low)
    self.digest = EventDigest()
    self.digest.date = UInt32(truncatingIfNeeded: digest)
    self.digest.name = UInt32(truncatingIfNeeded: digest >> 32)
    self.digest.alarms = UInt32(truncatingIfNeeded: alarmsAndDetails)
    self.digest.details = UInt32(truncatingIfNeeded: alarmsAndDetails >> 32)
    self.keylessDetails = UInt32(truncatingIfNeeded: keylessDetails)
  }

  /// The summary as the converter carries it.
  package var note: RenderedEventNote {
    RenderedEventNote(
      (
        key.high, key.low, UInt64(digest.date) | UInt64(digest.name) << 32,
        UInt64(digest.alarms) | UInt64(digest.details) << 32, UInt64(keylessDetails)
      ))
  }

  /// The summary of `events` (from the first `BEGIN:VEVENT` line to the last `END:VEVENT`
  /// line), or `nil`.
  package init?(events event: Span<UInt8>) {
    var reading = Reading()
    var position = 0
    var scratch: [UInt8] = []  // a folded line's content, unfolded
    while position < event.count {
      // One logical line, its content unfolded when it has several physical lines.
      guard
        case .line(let contentEnd, let end, let physicalLines) = LineCutter.cut(
          event, from: position, to: event.count, isEnd: true, form: .commonForm, folding: true)
      else { return nil }  // a line without CRLF, or an empty one
      let taken: Bool
      if physicalLines > 1 {
        Self.unfold(event.extracting(position..<end), into: &scratch)
        taken = reading.take(scratch.span)
      } else {
        taken = reading.take(event.extracting(position..<contentEnd))
      }
      guard taken else { return nil }
      position = end
    }
    // An event left open, or none.
    guard reading.depth == 1, let groupKey = reading.groupKey else { return nil }
    self.init(key: groupKey, digest: reading.digest, keylessDetails: reading.keylessDetails)
  }

  /// The events read so far, one logical line at a time.
  private struct Reading {
    var facts = EventFacts(keepsValues: false)
    var digest = EventDigest()
    var keylessDetails: UInt32 = 0
    var groupKey: SyncEventKey?
    var key: SyncEventKey?
    var depth = 1  // VCALENDAR, which holds the event

    /// Takes the content of one logical line; `false` when the events are not in the form read.
    mutating func take(_ content: Span<UInt8>) -> Bool {
      guard let parts = ContentLineSyntax.split(content) else { return false }
      let isBegin = parts.nameEnd == 5 && isUppercasedName(content, count: parts.nameEnd, "BEGIN")
      let isEnd = parts.nameEnd == 3 && isUppercasedName(content, count: parts.nameEnd, "END")
      if depth == 1 {
        // The event's own BEGIN; its lines go to the facts up to its own END.
        guard isBegin, RenderedEventSummary.componentIsEvent(content, from: parts.valueStart)
        else { return false }
        depth = 2
        key = nil
        return true
      }
      let kind: CalendarLine.Kind
      if isBegin {
        depth += 1
        kind = .begin
      } else if isEnd {
        if depth == 2 {
          // The end of a component: it must have had a UID, the same as the others'.
          guard let key, groupKey == nil || groupKey == key else { return false }
          groupKey = key
          facts.finish()
          digest.combine(facts.digest)
          keylessDetails &+= facts.keylessDetails
          facts.reset()
          depth = 1
          return true
        }
        kind = .end
      } else {
        kind = .property
        if key == nil, depth == 2, isUppercasedName(content, count: parts.nameEnd, "UID") {
          key = SyncEventKey(escapedUID: content.extracting(parts.valueStart...))
        }
      }
      facts.take(
        kind: kind, depth: depth, content: content, nameEnd: parts.nameEnd,
        valueStart: parts.valueStart)
      if isEnd { depth -= 1 }
      return true
    }
  }

  /// Puts the content of the logical line `lines` (its physical lines, each ending in CRLF) in
  /// `scratch`: the physical lines' contents, each continuation without its folding character.
  private static func unfold(_ lines: Span<UInt8>, into scratch: inout [UInt8]) {
    scratch.removeAll(keepingCapacity: true)
    var start = 0
    while start < lines.count,
      case .line(let contentEnd, let end, _) = LineCutter.cut(
        lines, from: start, to: lines.count, isEnd: true, form: .commonForm, folding: false)
    {
      ByteKernel.append(lines.extracting((start == 0 ? 0 : start + 1)..<contentEnd), to: &scratch)
      start = end
    }
  }

  /// Whether a `BEGIN` line's value (trailing blanks aside) is `VEVENT`, ignoring ASCII case.
  fileprivate static func componentIsEvent(_ content: Span<UInt8>, from start: Int) -> Bool {
    var end = content.count
    while end > start, content[end - 1] == 0x20 || content[end - 1] == 0x09 { end -= 1 }
    return isUppercasedName(content.extracting(start..<end), count: end - start, "VEVENT")
  }
}
