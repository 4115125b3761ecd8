/// The inventory of a calendar file in the form bdconvert and most calendar software write it,
/// read with less work per line than ``FileSyncTarget/inventory(of:fileName:set:expectedCount:)``
/// (which goes through the general scanner): big blocks, lines found eight bytes at a time,
/// no per-line calls through the line reader. The same inventory, entry for entry.
///
/// Only this form is read here: one calendar, every line ending in CRLF (continuations starting
/// with a space or a tab) and holding a `:`, components properly nested, nothing after
/// `END:VCALENDAR`, no byte order mark. Anything else, including everything the scanner would
/// report as an error, gives `nil`, and the caller reads the file with the general scanner.
enum CommonFormInventory {
  /// The inventory of the calendar in `source`, or `nil` when it is not in the common form.
  /// `blockSize` is how much is read at once (tests give a few hundred bytes, so that a small
  /// file has lines across many block ends); a line longer than a block gives `nil`.
  /// - Throws: what `source` or the spool files throw.
  static func read(
    _ source: some RandomAccessByteSource, set: String, expectedCount: Int = 0,
    blockSize: Int = 1 << 20
  ) throws -> SyncInventory? {
    var scan = try Scan(set: set, expectedCount: expectedCount)
    var buffer = [UInt8](repeating: 0, count: blockSize)
    var filled = 0  // bytes of `buffer` read
    var consumed = 0  // bytes of `buffer` taken as lines
    var base = 0  // where `buffer` starts in the file
    var atEnd = false
    while true {
      if !atEnd {
        if consumed > 0 {  // keep the unfinished line, at the front
          ByteRegionAccess.moveToFront(consumed..<filled, of: &buffer)
          base += consumed
          filled -= consumed
          consumed = 0
        }
        guard filled < buffer.count else { return nil }  // a line longer than a block
        let read = try ByteRegionAccess.read(
          source, at: base + filled, into: &buffer, region: filled..<buffer.count)
        if read == 0 { atEnd = true }
        filled += read
      }
      let taken = try scan.lines(
        in: buffer.span.extracting(consumed..<filled), at: base + consumed, isEnd: atEnd)
      guard let taken else { return nil }
      consumed += taken
      if atEnd { break }
    }
    guard consumed == filled, base + filled == source.size else { return nil }
    return try scan.finish()
  }

  /// What the scan has found so far.
  private struct Scan {
    var inventory: SyncInventory
    var locations: ComponentLocations
    var facts = EventFacts()
    /// The open components' names (upper case), one after another, and where each starts.
    var names: [UInt8] = []
    var nameStarts: [Int] = []
    var seenCalendar = false
    var calendarClosed = false
    var lineNumber = 1
    var scratch: [UInt8] = []
    // The top-level component being read.
    var componentStart = 0
    var componentLine = 0
    var isEvent = false
    var uid: [UInt8] = []
    var hasUID = false

    init(set: String, expectedCount: Int) throws {
      inventory = try SyncInventory(set: set, expectedCount: expectedCount)
      locations = try ComponentLocations()
    }

    /// Takes the complete lines at the start of `bytes` (which starts at `offset` in the file);
    /// returns how many bytes they were, or `nil` when the file is not in the common form.
    mutating func lines(in bytes: Span<UInt8>, at offset: Int, isEnd: Bool) throws -> Int? {
      var scratch: [UInt8] = []  // out of `self` while `take` mutates it
      swap(&scratch, &self.scratch)
      defer { self.scratch = scratch }
      var position = 0
      lines: while position < bytes.count {
        let end: Int
        let physical: Int
        switch LineCutter.cut(
          bytes, from: position, to: bytes.count, isEnd: isEnd, form: .commonForm, folding: true)
        {
        case .line(_, let lineEnd, let physicalLines): (end, physical) = (lineEnd, physicalLines)
        case .incomplete:
          if isEnd { return nil }  // no CRLF at the end
          break lines
        case .notCommonForm: return nil
        }
        let handled =
          try physical == 1
          ? take(bytes.extracting(position..<end - 2), at: offset + position, end: offset + end)
          : LineUnfolding.withUnfoldedContent(
            of: bytes.extracting(position..<end), physicalLines: physical, scratch: &scratch
          ) { content in
            try take(content, at: offset + position, end: offset + end)
          }
        guard handled else { return nil }
        lineNumber += physical
        position = end
      }
      return position
    }

    /// Takes one logical line; `false` when it is not in the common form.
    private mutating func take(_ content: Span<UInt8>, at start: Int, end: Int) throws -> Bool {
      guard !calendarClosed, let parts = ContentLineSyntax.split(content) else { return false }
      let isBegin = parts.nameEnd == 5 && isUppercasedName(content, count: parts.nameEnd, "BEGIN")
      let isEnd = parts.nameEnd == 3 && isUppercasedName(content, count: parts.nameEnd, "END")
      let depth = nameStarts.count
      if isBegin || isEnd {
        var valueEnd = content.count
        while valueEnd > parts.valueStart,
          content[valueEnd - 1] == 0x20 || content[valueEnd - 1] == 0x09
        {
          valueEnd -= 1
        }
        let name = content.extracting(parts.valueStart..<valueEnd)
        let isCalendar = isUppercasedName(name, count: name.count, "VCALENDAR")
        if isBegin {
          guard !name.isEmpty, isCalendar == (depth == 0) else { return false }
          seenCalendar = true
          nameStarts.append(names.count)
          for index in 0..<name.count { names.append(asciiUppercased(name[index])) }
          if depth == 1 {
            componentStart = start
            componentLine = lineNumber
            isEvent = isUppercasedName(name, count: name.count, "VEVENT")
            hasUID = false
            uid.removeAll(keepingCapacity: true)
            facts.reset()
            return true
          }
        } else {
          guard let open = nameStarts.last, names.count - open == name.count else { return false }
          for index in 0..<name.count where names[open + index] != asciiUppercased(name[index]) {
            return false
          }
          nameStarts.removeLast()
          names.removeSubrange(open...)
          if depth == 1 {
            locations.calendarEnds(at: start)
            calendarClosed = true
            locations.size = end
            return true
          }
          if depth == 2 {
            if isEvent, hasUID {
              facts.finish()
              let key = SyncEventKey(uid: uid)
              try inventory.add(uid: uid, key: key, facts: facts, line: componentLine)
              try locations.add(key, componentStart..<end)
            }
            locations.size = end
            return true
          }
        }
      } else {
        guard depth >= 1 else { return false }
        if depth == 1 {  // a calendar property
          locations.size = end
          return true
        }
        if depth == 2, !hasUID, isUppercasedName(content, count: parts.nameEnd, "UID") {
          hasUID = true
          // `uid` was emptied at the component's BEGIN.
          TextEscaping.appendUnescaped(bytes: content.extracting(parts.valueStart...), to: &uid)
        }
      }
      // A line inside a top-level component (its own BEGIN and END aside).
      if isEvent {
        facts.take(
          kind: isBegin ? .begin : isEnd ? .end : .property, depth: isBegin ? depth + 1 : depth,
          content: content, nameEnd: parts.nameEnd, valueStart: parts.valueStart)
      }
      return true
    }

    mutating func finish() throws -> SyncInventory? {
      guard seenCalendar, calendarClosed else { return nil }
      try locations.finish()
      inventory.locations = locations
      try inventory.finish()
      return inventory
    }

  }
}
