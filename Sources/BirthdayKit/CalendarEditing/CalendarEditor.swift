/// Removes components from an iCalendar file by UID, keeping every other byte identical.
///
/// A top-level VEVENT, VTODO or VJOURNAL of VCALENDAR is removed with
/// everything nested in it when its own `UID` value, unfolded and TEXT-unescaped, equals one of the
/// requested UIDs: the master event and all its `RECURRENCE-ID` overrides go together (RFC 5545
/// §3.8.4.7). Line endings, folding, order, unknown properties, VTIMEZONEs and trailing data stay
/// byte for byte. A component is buffered only until its `UID` is seen, never the whole file.
///
/// ``delete(uids:from:fileName:to:)`` writes while it reads and throws on malformed input after
/// writing part of the output. Callers that cannot discard partial output (standard output) call
/// ``validate(_:fileName:)`` on a first pass over a re-readable source; a temporary file that is
/// renamed only on success needs no first pass.
public enum CalendarEditor {
  /// Reads all of `source` and throws if it is not a well-formed iCalendar stream.
  /// - Throws: ``InputFormatError`` naming the line, or ``ByteSourceError``.
  public static func validate<Source: ByteSource>(_ source: Source, fileName: String) throws {
    var reader = ICalendarScanner(AnyByteSource(source), fileName: fileName)
    while try reader.nextLine({ _ in }) != nil {}
  }

  /// Copies `source` to `sink` without the top-level components whose UID is in `uids`.
  /// - Returns: how many components were removed per UID, and the UIDs not found.
  /// - Throws: ``InputFormatError`` naming the line, ``ByteSourceError``, or what `sink` throws.
  public static func delete<Source: ByteSource, Sink: ByteSink>(
    uids: [String], from source: Source, fileName: String, to sink: inout Sink
  ) throws -> DeletionReport {
    var unique: [String] = []
    var seen: Set<String> = []
    for uid in uids where seen.insert(uid).inserted { unique.append(uid) }
    var report = DeletionReport(uids: unique)
    let wanted = Dictionary(uniqueKeysWithValues: unique.map { (Array($0.utf8), $0) })

    var mode = DeletionMode.copying
    var pending: [UInt8] = []
    var output = BufferedOutput(sink: sink)
    var reader = ICalendarScanner(AnyByteSource(source), fileName: fileName)
    while try reader.nextLine({ (line: ICalendarLineView) throws -> Void in
      let closesTopLevel = line.kind == .end && line.depth == 2
      switch mode {
      case .copying:
        if line.kind == .begin, line.depth == 2, isDeletable(componentName: line.value) {
          mode = .pending
          pending.removeAll(keepingCapacity: true)
          pending.append(contentsOf: line.raw)
        } else {
          try output.write(line.raw)
        }
      case .pending:
        pending.append(contentsOf: line.raw)
        if line.kind == .property, line.depth == 2, line.isNamed("UID") {
          if let uid = wanted[TextEscaping.unescaped(bytes: line.value)] {
            report.counts[uid, default: 0] += 1
            mode = .dropping
          } else {
            try pending.withUnsafeBufferPointer { try output.write($0) }
            mode = .keeping
          }
        } else if closesTopLevel {
          try pending.withUnsafeBufferPointer { try output.write($0) }
          mode = .copying
        }
      case .keeping:
        try output.write(line.raw)
        if closesTopLevel { mode = .copying }
      case .dropping:
        if closesTopLevel { mode = .copying }
      }
    }) != nil {}
    try output.flush()
    sink = output.sink
    return report
  }
}

/// Whether a top-level component of this name is removed by UID: events, to-dos and journal
/// entries are; VFREEBUSY, VAVAILABILITY, VTIMEZONE and X- components are kept byte for byte
/// whatever UID they carry, as the README and `delete --help` promise.
private func isDeletable(componentName: UnsafeBufferPointer<UInt8>) -> Bool {
  var trimmed = componentName[...]
  while let last = trimmed.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
    trimmed = trimmed.dropLast()
  }
  for name in deletableComponentNames where name.count == trimmed.count {
    if zip(name, trimmed).allSatisfy({ $0 == ($1 | 0x20) }) { return true }
  }
  return false
}

/// Lower-case names of the components ``CalendarEditor`` removes.
private let deletableComponentNames: [[UInt8]] = ["vevent", "vtodo", "vjournal"].map {
  Array($0.utf8)
}

/// Where ``CalendarEditor`` is relative to the top-level component being read.
private enum DeletionMode { case copying, pending, keeping, dropping }

/// Collects small writes into 64 KiB blocks before handing them to a sink.
struct BufferedOutput<Sink: ByteSink> {
  var sink: Sink
  private var buffer: [UInt8] = []

  init(sink: Sink) {
    self.sink = sink
    buffer.reserveCapacity(1 << 16)
  }

  mutating func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try write($0) }
  }

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { try flush() }
  }

  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
