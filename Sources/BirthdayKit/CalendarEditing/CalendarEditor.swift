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
    let none = CommonFormLetters("")
    var pause = 0
    while try reader.nextLine({ _, _, _ in }) != nil {
      pause = try nextCommonFormLines(of: &reader, after: pause, classifying: none) { _, _, _ in }
    }
  }

  /// Lets `reader` take the lines that follow in the common form
  /// (``ICalendarScanner/nextCommonFormLines(classifying:_:)``) unless `pause` general lines are
  /// still to be read first; returns the next pause. When the common form takes nothing (a file
  /// with LF line breaks), it is tried again only after 64 lines, so that such a file pays
  /// almost nothing for it.
  static func nextCommonFormLines(
    of reader: inout ICalendarScanner, after pause: Int, classifying letters: CommonFormLetters,
    before limit: Int = .max,
    _ body: (_ block: Span<UInt8>, _ event: CommonFormEvent, _ content: Span<UInt8>) throws -> Void
  ) throws -> Int {
    if pause > 0 { return pause - 1 }
    return try reader.nextCommonFormLines(classifying: letters, before: limit, body) == 0 ? 64 : 0
  }

  /// Copies `source` to `sink` without the top-level components whose UID is in `uids`.
  /// - Returns: how many components were removed per UID, and the UIDs not found.
  /// - Throws: ``InputFormatError`` naming the line, ``ByteSourceError``, or what `sink` throws.
  public static func delete<Source: ByteSource, Sink: ByteSink>(
    uids: [String], from source: Source, fileName: String, to sink: inout Sink
  ) throws -> DeletionReport {
    try delete(
      uids: uids, from: AnyByteSource(source), fileName: fileName,
      flush: { try sink.write($0) })
  }

  /// ``delete(uids:from:fileName:to:)`` through the general line reader alone, or with the
  /// common form taken in blocks: the tests check that both give the same.
  static func delete<Sink: ByteSink>(
    uids: [String], from source: AnyByteSource, fileName: String, to sink: inout Sink,
    commonForm: Bool
  ) throws -> DeletionReport {
    try delete(
      uids: uids, from: source, fileName: fileName, flush: { try sink.write($0) },
      commonForm: commonForm)
  }

  /// ``delete(uids:from:fileName:to:)`` compiled concrete: called across modules, generic code
  /// runs unspecialized, and looking up a generic buffer's type on every line took 18% of the
  /// time. `flush` gets the output in blocks of about 64 KiB.
  private static func delete(
    uids: [String], from source: AnyByteSource, fileName: String,
    flush: (Span<UInt8>) throws -> Void, commonForm: Bool = true
  ) throws -> DeletionReport {
    var unique: [String] = []
    var seen: Set<String> = []
    for uid in uids where seen.insert(uid).inserted { unique.append(uid) }
    let wanted = Dictionary(
      uniqueKeysWithValues: unique.map { (UIDKey(bytes: Array($0.utf8)), $0) })

    var state = DeletionState(wanted: wanted, report: DeletionReport(uids: unique))
    var reader = ICalendarScanner(source, fileName: fileName)
    // Lines in the common form are taken in blocks; the others one by one, on the same state.
    var pause = commonForm ? 0 : Int.max
    while try reader.nextLine({ try state.consume($0, raw: $1, content: $2, flush: flush) }) != nil
    {
      pause = try nextCommonFormLines(
        of: &reader, after: pause, classifying: CommonFormLetters("U")
      ) { block, event, content in
        try state.take(event, in: block, content: content, flush: flush)
      }
    }
    try state.flush(flush)
    return state.report
  }
}

/// Whether a top-level component of this name is removed by UID: events, to-dos and journal
/// entries are; VFREEBUSY, VAVAILABILITY, VTIMEZONE and X- components are kept byte for byte
/// whatever UID they carry, as the README and `delete --help` promise.
private func isDeletable(componentName: Span<UInt8>) -> Bool {
  var count = componentName.count
  while count > 0,
    componentName[count - 1] == UInt8(ascii: " ") || componentName[count - 1] == UInt8(ascii: "\t")
  {
    count -= 1
  }
  for name in deletableComponentNames where name.count == count {
    if (0..<count).allSatisfy({ name[$0] == (componentName[$0] | 0x20) }) { return true }
  }
  return false
}

/// Lower-case names of the components ``CalendarEditor`` removes.
private let deletableComponentNames: [[UInt8]] = ["vevent", "vtodo", "vjournal"].map {
  Array($0.utf8)
}

/// A UID's bytes as a dictionary key, hashed in one call: `[UInt8]` hashes byte by byte.
private struct UIDKey: Hashable {
  var bytes: [UInt8]

  func hash(into hasher: inout Hasher) {
    ByteRegionAccess.combine(bytes.span, into: &hasher)
  }
}

/// Where ``CalendarEditor`` is relative to the top-level component being read.
private enum DeletionMode { case copying, pending, keeping, dropping }

/// What ``CalendarEditor`` keeps while it copies: a struct, so that the per-line closure captures
/// one value statically rather than boxed variables checked at run time.
private struct DeletionState {
  let wanted: [UIDKey: String]
  /// The shortest and the longest wanted UID, in bytes: a UID value outside (escapes only
  /// shorten, so without a backslash) is kept without unescaping and hashing it.
  let wantedLengths: ClosedRange<Int>
  var report: DeletionReport
  var mode = DeletionMode.copying
  /// A component's lines until its UID decides whether it stays.
  var pending: [UInt8] = []
  var output: [UInt8] = []

  init(wanted: [UIDKey: String], report: DeletionReport) {
    self.wanted = wanted
    let lengths = wanted.keys.map(\.bytes.count)
    self.wantedLengths = (lengths.min() ?? 0)...(lengths.max() ?? 0)
    self.report = report
    output.reserveCapacity(1 << 17)
  }

  mutating func consume(
    _ line: ICalendarLineView, raw: Span<UInt8>, content: Span<UInt8>,
    flush: (Span<UInt8>) throws -> Void
  ) throws {
    let closesTopLevel = line.kind == .end && line.depth == 2
    switch mode {
    case .copying:
      if line.kind == .begin, line.depth == 2,
        isDeletable(componentName: content.extracting(line.valueRange))
      {
        mode = .pending
        pending.removeAll(keepingCapacity: true)
        ByteKernel.append(raw, to: &pending)
      } else {
        ByteKernel.append(raw, to: &output)
      }
    case .pending:
      ByteKernel.append(raw, to: &pending)
      if line.kind == .property, line.depth == 2, line.isNamed("UID", in: content) {
        settlePending(uid: content.extracting(line.valueRange))
      } else if closesTopLevel {
        output.append(contentsOf: pending)
        mode = .copying
      }
    case .keeping:
      ByteKernel.append(raw, to: &output)
      if closesTopLevel { mode = .copying }
    case .dropping:
      if closesTopLevel { mode = .copying }
    }
    if output.count >= 1 << 16 { try self.flush(flush) }
  }

  /// A pending component's UID decides it: dropped when wanted, else its held lines go out.
  private mutating func settlePending(uid value: Span<UInt8>) {
    if let uid = wantedUID(value) {
      report.counts[uid, default: 0] += 1
      mode = .dropping
    } else {
      output.append(contentsOf: pending)
      mode = .keeping
    }
  }

  /// Where the lines of the current block not yet copied start: they go where ``mode`` sends
  /// them (``output``, ``pending`` or nowhere).
  private var runStart = 0

  /// What ``consume(_:flush:)`` does with each line, for lines taken in blocks: only the lines
  /// that can change ``mode`` are looked at, the others are copied as runs.
  mutating func take(
    _ event: CommonFormEvent, in block: Span<UInt8>, content: Span<UInt8>,
    flush: (Span<UInt8>) throws -> Void
  ) throws {
    guard case .line(let start, let end, let line) = event else {
      guard case .blockEnd(let end) = event else { return }
      appendRun(of: block, upTo: end)
      runStart = 0
      if output.count >= 1 << 16 { try self.flush(flush) }
      return
    }
    let closesTopLevel = line.kind == .end && line.depth == 2
    switch mode {
    case .copying:
      if line.kind == .begin, line.depth == 2,
        isDeletable(componentName: content.extracting(line.valueRange))
      {
        appendRun(of: block, upTo: start)
        mode = .pending
        pending.removeAll(keepingCapacity: true)
      }
    case .pending:
      if line.kind == .property, line.depth == 2, line.isNamed("UID", in: content) {
        appendRun(of: block, upTo: end)
        settlePending(uid: content.extracting(line.valueRange))
      } else if closesTopLevel {
        appendRun(of: block, upTo: end)
        output.append(contentsOf: pending)
        mode = .copying
      }
    case .keeping:
      if closesTopLevel { mode = .copying }  // copied to the output either way
    case .dropping:
      if closesTopLevel {
        runStart = end
        mode = .copying
      }
    }
  }

  /// Sends `block[runStart..<end]` where ``mode`` sends lines.
  private mutating func appendRun(of block: Span<UInt8>, upTo end: Int) {
    let run = block.extracting(runStart..<end)
    runStart = end
    switch mode {
    case .copying, .keeping: ByteKernel.append(run, to: &output)
    case .pending: ByteKernel.append(run, to: &pending)
    case .dropping: break
    }
  }

  /// The wanted UID that a `UID` value is, after unescaping.
  private func wantedUID(_ value: Span<UInt8>) -> String? {
    if value.count < wantedLengths.lowerBound { return nil }
    let isEscaped =
      ByteKernel.firstIndex(of: UInt8(ascii: "\\"), in: value, from: 0, to: value.count) != nil
    if value.count > wantedLengths.upperBound, !isEscaped { return nil }
    if !isEscaped, wanted.count <= 8 {
      // A few UIDs (the usual `--uid X`): compared in place, without a copy to hash.
      for (key, uid) in wanted
      where key.bytes.count == value.count && ByteKernel.equal(key.bytes.span, value) {
        return uid
      }
      return nil
    }
    return wanted[UIDKey(bytes: TextEscaping.unescaped(bytes: value))]
  }

  /// Hands the output gathered so far to `flush`.
  mutating func flush(_ flush: (Span<UInt8>) throws -> Void) throws {
    guard !output.isEmpty else { return }
    try flush(output.span)
    output.removeAll(keepingCapacity: true)
  }
}

/// Collects small writes into 64 KiB blocks before handing them to a sink.
struct BufferedOutput<Sink: ByteSink> {
  var sink: Sink
  private var buffer: [UInt8] = []

  init(sink: Sink) {
    self.sink = sink
    buffer.reserveCapacity(1 << 16)
  }

  mutating func write(_ bytes: [UInt8]) throws {
    try write(bytes.span)
  }

  mutating func write(_ bytes: Span<UInt8>) throws {
    ByteKernel.append(bytes, to: &buffer)
    if buffer.count >= 1 << 16 { try flush() }
  }

  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
