/// The top-level components of a calendar (and the lines between them) as sync reads them: in
/// place, on the content-line layer (``ICalendarScanner``), with no copy of a line and no
/// allocation per event. What ``CalendarComponentScanner`` gives as `CalendarComponent`s, reduced
/// to what sync needs: each component's UID, its ``EventFacts`` and, when asked for, its bytes.
///
/// Same structure checks and error messages as ``ICalendarReader`` (it is the same scanner).
/// After ``next()`` the properties describe the item just read; the buffers are reused by the
/// next call.
struct SyncComponentReader {
  /// What ``next()`` found.
  enum Item {
    /// A line outside the top-level components (`BEGIN:VCALENDAR`, calendar properties,
    /// `END:VCALENDAR`, blank lines, trailing data): ``lineKind``, ``lineDepth``, ``raw``.
    case line
    /// A whole top-level component: ``isEvent``, ``uid``, ``facts``, ``raw``.
    case component
  }

  /// Which bytes ``raw`` holds.
  enum Bytes {
    /// None: an inventory needs only the facts.
    case none
    /// Every byte of the item.
    case all
    /// Every byte, plus where ``stampedBytes(into:set:sequence:lastModified:)`` leaves lines out
    /// and adds its own.
    case stamping
  }

  private var scanner: ICalendarScanner?
  /// Which bytes ``raw`` holds from the next item on.
  var bytes: Bytes
  private let gathersFacts: Bool

  /// The item's bytes (see ``Bytes``).
  private(set) var raw: [UInt8] = []
  /// Where the item's bytes are in the input.
  private(set) var byteRange: Range<Int> = 0..<0
  /// For a ``Item/line``: its kind and depth.
  private(set) var lineKind: CalendarLine.Kind = .other
  private(set) var lineDepth = 0
  /// For a ``Item/component``: whether it is a `VEVENT`.
  private(set) var isEvent = false
  /// For a ``Item/component``: its TEXT-unescaped `UID` (the first of its own), when ``hasUID``.
  private(set) var uid: [UInt8] = []
  private(set) var hasUID = false
  /// For an event: what it says (when the reader gathers facts).
  private(set) var facts = EventFacts()
  /// For a ``Item/component``: the line of its `BEGIN`.
  private(set) var lineNumber = 0

  private var inComponent = false
  private var componentStart = 0
  /// With ``Bytes/stamping``: the component's own `SEQUENCE`, `LAST-MODIFIED` and marker lines
  /// (in ``raw``), and where the new ones go: after its first `DTSTAMP`, else its first `UID`,
  /// else its `BEGIN`.
  private var dropped: [Range<Int>] = []
  private var afterBegin = 0
  private var afterStamp: Int?
  private var afterUID: Int?

  /// A reader of `source`; `fileName` is used in error messages.
  init(_ source: AnyByteSource, fileName: String, bytes: Bytes, gathersFacts: Bool) {
    self.scanner = ICalendarScanner(source, fileName: fileName)
    self.bytes = bytes
    self.gathersFacts = gathersFacts
  }

  /// Reads the next line or component; `nil` at the end of a well-formed input.
  /// - Throws: what ``ICalendarReader/next()`` throws.
  mutating func next() throws -> Item? {
    guard var scanner = self.scanner.take() else { return nil }
    defer { self.scanner = scanner }
    while let item = try scanner.nextLine({ take($0, raw: $1, content: $2) }) {
      if let item { return item }
    }
    return nil
  }

  /// Takes one line; returns the item it completes, if any.
  private mutating func take(
    _ line: ICalendarLineView, raw lineBytes: Span<UInt8>, content: Span<UInt8>
  )
    -> Item?
  {
    guard inComponent else {
      if line.kind == .begin, line.depth == 2 {
        begin(line, raw: lineBytes, content: content)
        return nil
      }
      lineKind = line.kind
      lineDepth = line.depth
      raw.removeAll(keepingCapacity: true)
      if bytes != .none { ByteKernel.append(lineBytes, to: &raw) }
      byteRange = line.byteOffset..<line.byteOffset + lineBytes.count
      return .line
    }
    let rawStart = raw.count
    if bytes != .none { ByteKernel.append(lineBytes, to: &raw) }
    if line.kind == .end, line.depth == 2 {
      inComponent = false
      byteRange = componentStart..<line.byteOffset + lineBytes.count
      if isEvent, gathersFacts { facts.finish() }
      return .component
    }
    guard line.kind == .property, line.depth == 2 else {
      if isEvent, gathersFacts { take(facts: line, content: content) }
      return nil
    }
    if !hasUID, line.isNamed("UID", in: content) {
      hasUID = true
      TextEscaping.appendUnescaped(bytes: content.extracting(line.valueRange), to: &uid)
    }
    if isEvent, gathersFacts { take(facts: line, content: content) }
    if bytes == .stamping, isEvent {
      if line.isNamed("SEQUENCE", in: content) || line.isNamed("LAST-MODIFIED", in: content)
        || line.isNamed("X-BDCONVERT-SET", in: content)
        || line.isNamed("X-BDCONVERT-DIGEST", in: content)
      {
        dropped.append(rawStart..<raw.count)
      } else if afterStamp == nil, line.isNamed("DTSTAMP", in: content) {
        afterStamp = raw.count
      } else if afterUID == nil, line.isNamed("UID", in: content) {
        afterUID = raw.count
      }
    }
    return nil
  }

  private mutating func begin(
    _ line: ICalendarLineView, raw lineBytes: Span<UInt8>, content: Span<UInt8>
  ) {
    inComponent = true
    componentStart = line.byteOffset
    lineNumber = line.lineNumber
    let value = content.extracting(line.valueRange)
    var end = value.count
    while end > 0, value[end - 1] == 0x20 || value[end - 1] == 0x09 { end -= 1 }
    isEvent =
      end == 6 && asciiUppercased(value[0]) == 0x56 && asciiUppercased(value[1]) == 0x45
      && asciiUppercased(value[2]) == 0x56 && asciiUppercased(value[3]) == 0x45
      && asciiUppercased(value[4]) == 0x4E && asciiUppercased(value[5]) == 0x54  // VEVENT
    hasUID = false
    uid.removeAll(keepingCapacity: true)
    facts.reset()
    raw.removeAll(keepingCapacity: true)
    if bytes != .none { ByteKernel.append(lineBytes, to: &raw) }
    dropped.removeAll(keepingCapacity: true)
    afterBegin = raw.count
    afterStamp = nil
    afterUID = nil
  }

  private mutating func take(facts line: ICalendarLineView, content: Span<UInt8>) {
    facts.take(
      kind: line.kind, depth: line.depth, content: content, nameEnd: line.nameEnd,
      valueStart: line.valueStart)
  }

  /// Appends the event just read (``Bytes/stamping``) without its own `SEQUENCE`,
  /// `LAST-MODIFIED` and marker lines, and returns where in `output` the new ones go (see
  /// ``SyncMarker/stamped(_:set:sequence:lastModified:)``).
  func appendUnstamped(to output: inout [UInt8]) -> Int {
    let insertion = afterStamp ?? afterUID ?? afterBegin
    var insertionInOutput: Int?
    var position = 0
    func copy(upTo end: Int) {
      // The insertion point is never inside a left-out line.
      if insertionInOutput == nil, insertion <= end {
        insertionInOutput = output.count + insertion - position
      }
      output.append(contentsOf: raw[position..<end])
    }
    for range in dropped {
      copy(upTo: range.lowerBound)
      position = range.upperBound
    }
    copy(upTo: raw.count)
    return insertionInOutput ?? output.count
  }
}
