/// The wanted calendar (what `vcf-to-ics` writes for the sources), read once without looking at
/// the target: its header and, per UID, a key, a digest and where its components are. The first
/// half of planning, so that it can run while the target's inventory is read on another thread;
/// ``SyncPlanner/plan(wanted:inventory:timestamp:options:)`` then matches it against the
/// inventory and reads back only the events that are added or replaced.
///
/// Memory: one 56-byte record per UID, spooled to an unnamed temporary file in blocks.
package struct SyncWantedEvents {
  /// One UID of the wanted calendar: the components that follow one another with that UID.
  /// Spooled as raw bytes, so it must stay plain data.
  struct Group: BitwiseCopyable {
    var key: SyncEventKey
    var digest: EventDigest
    /// The digest's details without `X-BDCONVERT-KEY` (``EventFacts/keylessDetails``).
    var keylessDetails: UInt32 = 0
    /// Where its first component starts and its last one ends.
    var start: Int64
    var end: Int64
  }

  private let source: any RandomAccessByteSource
  private let fileName: String
  /// The lines of the calendar before its first event (`BEGIN:VCALENDAR`, `VERSION`, `PRODID`,
  /// names, time zones), for a target that starts empty.
  package private(set) var calendarHeader: [UInt8] = []
  /// How many UIDs (groups) the calendar holds.
  package private(set) var count = 0
  private let spool: TemporaryFile
  /// Where the groups' offsets count from in ``source``.
  private var offset: Int64 = 0
  static let blockCount = 1 << 12

  /// Reads the calendar in `source`; `fileName` is used in error messages.
  /// - Throws: ``InputFormatError`` for a malformed calendar, or what the source throws.
  package init(scanning source: some RandomAccessByteSource, fileName: String) throws {
    self.source = source
    self.fileName = fileName
    self.spool = try TemporaryFile()
    var pending: [Group] = []
    pending.reserveCapacity(Self.blockCount)
    func append(_ group: Group) throws {
      pending.append(group)
      count += 1
      if pending.count == Self.blockCount { try flush() }
    }
    func flush() throws {
      try ByteRegionAccess.append(pending, to: spool)
      pending.removeAll(keepingCapacity: true)
    }
    var reader = SyncComponentReader(
      AnyByteSource(RangeByteSource(source, range: 0..<source.size)), fileName: fileName,
      bytes: .all, gathersFacts: true)
    var inHeader = true
    var uid: [UInt8] = []
    var group: Group?
    while let item = try reader.next() {
      switch item {
      case .line:
        if inHeader, reader.lineDepth == 1, reader.lineKind != .end {
          calendarHeader += reader.raw
        }
      case .component:
        guard reader.isEvent, reader.hasUID else {
          if inHeader { calendarHeader += reader.raw }  // a VTIMEZONE, say
          continue
        }
        if inHeader {
          inHeader = false
          reader.bytes = .none  // the header is complete; the rest is read back when needed
        }
        let range = reader.byteRange
        if group == nil || reader.uid != uid {
          if let group { try append(group) }
          uid.removeAll(keepingCapacity: true)
          uid += reader.uid
          group = Group(
            key: SyncEventKey(uid: uid), digest: EventDigest(), start: Int64(range.lowerBound),
            end: 0)
        }
        group?.digest.combine(reader.facts.digest)
        group?.keylessDetails &+= reader.facts.keylessDetails
        group?.end = Int64(range.upperBound)
      }
    }
    if let group { try append(group) }
    try flush()
  }

  /// The wanted events `collector` gathered while the calendar in `source` was written, read
  /// only for its header; `nil` when the collector could not follow every event, or `source` does
  /// not end as the calendar it followed (read it with ``init(scanning:fileName:)`` then).
  /// Call once per collector.
  /// - Throws: what the collector's spool or the source throws.
  package init?(
    collected collector: SyncWantedEventCollector, in source: some RandomAccessByteSource,
    fileName: String
  ) throws {
    try collector.finish()
    let footer = Array("END:VCALENDAR\r\n".utf8)
    let beginning = Array("BEGIN:VCALENDAR".utf8)
    let firstEvent = Array("BEGIN:VEVENT\r\n".utf8)
    // The header is what comes before the events, which are all that comes before the footer.
    let headerLength = source.size - footer.count - Int(collector.length)
    guard collector.isComplete, headerLength >= beginning.count else { return nil }
    let head = try source.bytes(at: 0, count: headerLength + firstEvent.count)
    let tail = try source.bytes(at: source.size - footer.count, count: footer.count)
    guard tail == footer, head.starts(with: beginning),
      collector.count == 0 || head[headerLength...].elementsEqual(firstEvent)
    else { return nil }
    self.source = source
    self.fileName = fileName
    self.spool = collector.spool
    self.count = collector.count
    self.offset = Int64(headerLength)
    self.calendarHeader = Array(head[..<headerLength])
  }

  /// Calls `body` with every group, in the calendar's order.
  func forEachGroup(_ body: (Group) throws -> Void) throws {
    var block = [Group](
      repeating: Group(key: SyncEventKey(high: 0, low: 0), digest: EventDigest(), start: 0, end: 0),
      count: Self.blockCount)
    let stride = MemoryLayout<Group>.stride
    var offset = 0
    var remaining = count
    while remaining > 0 {
      let wanted = min(remaining, Self.blockCount)
      let filled = try ByteRegionAccess.fill(&block, from: spool, at: offset, count: wanted)
      guard filled == wanted * stride else {
        throw TemporaryFileError(operation: "read", directory: spool.directory, code: 5)  // EIO
      }
      for index in 0..<wanted { try body(block[index]) }
      offset += filled
      remaining -= wanted
    }
  }

  /// Reads the components of `group` again, with their bytes, into `builder`.
  func read(_ group: Group, into builder: inout SyncWantedGroup) throws {
    builder.reset()
    // The group's bytes inside a calendar of their own, as the reader expects.
    let range = RangeByteSource(
      source, range: Int(offset + group.start)..<Int(offset + group.end),
      prefix: Array("BEGIN:VCALENDAR\r\n".utf8), suffix: Array("END:VCALENDAR\r\n".utf8))
    var reader = SyncComponentReader(
      AnyByteSource(range), fileName: fileName, bytes: .stamping, gathersFacts: true)
    while let item = try reader.next() {
      guard case .component = item, reader.isEvent, reader.hasUID else { continue }
      builder.add(reader)
    }
  }
}
