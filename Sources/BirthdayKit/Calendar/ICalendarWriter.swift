/// Streams an RFC 5545 calendar of yearly all-day events to a ``ByteSink``.
///
/// Call ``writeHeader()``, then ``write(_:)`` once per event in the order they should appear,
/// then ``finish()``. Output is buffered and flushed in large writes; nothing is held per event.
/// Use one writer per calendar: copies of a writer share its output buffer.
///
/// Events are rendered by ``EventRenderer`` (see there for their form).
///
/// ```swift
/// var writer = ICalendarWriter(sink: MemoryByteSink(), options: CalendarOptions(timestamp: .init(secondsSince1970: 0)))
/// try writer.writeHeader()
/// try writer.write(celebration)
/// try writer.finish()
/// ```
package struct ICalendarWriter<Sink: ByteSink> {
  /// The product identifier written in `PRODID`.
  package static var productIdentifier: String { "-//bdconvert//Birthday Calendar//EN" }

  /// Where the calendar goes; read it back after ``finish()`` (e.g. a ``MemoryByteSink``).
  package private(set) var sink: Sink
  /// How events are written.
  package let options: CalendarOptions

  /// The output not yet written to the sink (shared by copies of the writer).
  let buffer = OutputBuffer(capacity: 1 << 17)
  /// Renders the events into ``buffer``.
  let renderer: EventRenderer
  private var flushThreshold: Int { calendarFlushThreshold }

  /// Creates a writer; nothing is written until ``writeHeader()``.
  package init(sink: Sink, options: CalendarOptions) {
    self.sink = sink
    self.options = options
    self.renderer = EventRenderer(options: options)
  }

  /// Writes `BEGIN:VCALENDAR` and the calendar properties.
  package mutating func writeHeader() throws {
    buffer.append("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    buffer.append(EventRenderer.folded("PRODID:" + Self.productIdentifier))
    buffer.append("CALSCALE:GREGORIAN\r\n")
    if let name = options.calendarName.flatMap(TextSanitizer.nonEmptySingleLine) {
      appendTextProperty("NAME:", name)
      appendTextProperty("X-WR-CALNAME:", name)
    }
    try flushIfNeeded()
  }

  /// Writes one event (and its alarms).
  package mutating func write(_ celebration: Celebration) throws {
    renderer.append(celebration, to: buffer)
    try flushIfNeeded()
  }

  /// Writes bytes that an ``EventRenderer`` with the same options produced.
  mutating func writeRendered(_ bytes: Span<UInt8>) throws {
    if bytes.count >= flushThreshold {  // large enough to go out as it is, without a copy
      try flush()
      try sink.write(bytes)
      return
    }
    buffer.append(bytes)
    try flushIfNeeded()
  }

  /// Writes `END:VCALENDAR` and flushes everything to the sink.
  package mutating func finish() throws {
    buffer.append("END:VCALENDAR\r\n")
    try flush()
  }

  /// The first occurrence written as `DTSTART`: the real date when its year is known and not
  /// before 1972, else the same day in 1972, the one placeholder year. A leap year, so that
  /// 29 February exists; not 1970, whose 1 January is time value 0, which calcurse 4.7 on a UTC
  /// machine drops as invalid.
  package static func startDate(of date: CivilDate) -> CivilDate {
    EventRenderer.startDate(of: date)
  }

  private mutating func appendTextProperty(_ name: StaticString, _ value: String) {
    let lineStart = buffer.count
    buffer.append(name)
    var value = value
    value.makeContiguousUTF8()
    TextEscaping.appendEscaped(value.utf8.span, to: buffer)
    ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
  }

  /// Writes the buffered output to the sink once there is enough of it.
  mutating func flushIfNeeded() throws {
    if buffer.count >= flushThreshold { try flush() }
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withSpan { try sink.write($0) }
    buffer.removeAll()
  }
}

/// How many bytes an ``ICalendarWriter`` gathers before it writes them to its sink.
let calendarFlushThreshold = 1 << 16
