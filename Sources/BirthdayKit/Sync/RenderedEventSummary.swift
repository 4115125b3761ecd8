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
  package init?(events event: UnsafeBufferPointer<UInt8>) {
    // Folded lines are unfolded into room for the whole event, on the stack when small.
    let found = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(event.count, 1)) {
      Self.read(event, scratch: $0)
    }
    guard let found else { return nil }
    self = found
  }

  private static func read(
    _ event: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>
  ) -> RenderedEventSummary? {
    var facts = EventFacts(keepsValues: false)
    var digest = EventDigest()
    var keylessDetails: UInt32 = 0
    var groupKey: SyncEventKey?
    var key: SyncEventKey?
    var depth = 1  // VCALENDAR, which holds the event
    var position = 0
    while position < event.count {
      // One logical line: its physical lines, and its content unfolded when there are several.
      var end = position
      var folded = 0  // bytes of `scratch` in use, when folded
      var lineStart = position
      while true {
        guard
          case .line(let terminator, let next, _) = LineCutter.cut(
            event, from: end, to: event.count, isEnd: true, form: .commonForm, folding: false)
        else { return nil }  // a line without CRLF, or an empty one
        end = next
        let continues = end < event.count && (event[end] == 0x20 || event[end] == 0x09)
        if continues || folded > 0 {
          let piece = UnsafeBufferPointer(rebasing: event[lineStart..<terminator])
          _ = UnsafeMutableBufferPointer(rebasing: scratch[folded...]).initialize(from: piece)
          folded += piece.count
        }
        guard continues else { break }
        lineStart = end + 1
      }
      let content =
        folded > 0
        ? UnsafeBufferPointer(rebasing: UnsafeBufferPointer(scratch)[..<folded])
        : UnsafeBufferPointer(rebasing: event[position..<end - 2])
      position = end
      guard let parts = ContentLineSyntax.split(content) else { return nil }
      let isBegin = parts.nameEnd == 5 && isUppercasedName(content, count: parts.nameEnd, "BEGIN")
      let isEnd = parts.nameEnd == 3 && isUppercasedName(content, count: parts.nameEnd, "END")
      if depth == 1 {
        // The event's own BEGIN; its lines go to the facts up to its own END.
        guard isBegin, Self.componentIsEvent(content, from: parts.valueStart) else { return nil }
        depth = 2
        key = nil
        continue
      }
      let kind: CalendarLine.Kind
      if isBegin {
        depth += 1
        kind = .begin
      } else if isEnd {
        if depth == 2 {
          // The end of a component: it must have had a UID, the same as the others'.
          guard let key, groupKey == nil || groupKey == key else { return nil }
          groupKey = key
          facts.finish()
          digest.combine(facts.digest)
          keylessDetails &+= facts.keylessDetails
          facts.reset()
          depth = 1
          continue
        }
        kind = .end
      } else {
        kind = .property
        if key == nil, depth == 2, isUppercasedName(content, count: parts.nameEnd, "UID") {
          let value = UnsafeBufferPointer(rebasing: content[parts.valueStart...])
          key =
            value.contains(UInt8(ascii: "\\"))
            ? SyncEventKey(uid: TextEscaping.unescaped(bytes: value)) : SyncEventKey(uid: value)
        }
      }
      facts.take(
        kind: kind, depth: depth, content: content, nameEnd: parts.nameEnd,
        valueStart: parts.valueStart)
      if isEnd { depth -= 1 }
    }
    guard depth == 1, let groupKey else { return nil }  // an event left open, or none
    return RenderedEventSummary(
      key: groupKey, digest: digest, keylessDetails: keylessDetails)
  }

  /// Whether a `BEGIN` line's value (trailing blanks aside) is `VEVENT`, ignoring ASCII case.
  private static func componentIsEvent(_ content: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Bool
  {
    var end = content.count
    while end > start, content[end - 1] == 0x20 || content[end - 1] == 0x09 { end -= 1 }
    let value = UnsafeBufferPointer(rebasing: content[start..<end])
    return isUppercasedName(value, count: value.count, "VEVENT")
  }
}
