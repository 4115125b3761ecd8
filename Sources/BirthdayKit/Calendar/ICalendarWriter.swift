/// Streams an RFC 5545 calendar of yearly all-day events to a ``ByteSink``.
///
/// Call ``writeHeader()``, then ``write(_:)`` once per event in the order they should appear,
/// then ``finish()``. Output is buffered and flushed in large writes; nothing is held per event.
///
/// Every event is an all-day `VEVENT` that repeats yearly, with the start year chosen for client
/// compatibility: the real year when known and not before 1970, else 1970 (1972 for 29 February),
/// since several clients mishandle early start dates. The real year goes into `DESCRIPTION`.
///
/// ```swift
/// var writer = ICalendarWriter(sink: MemoryByteSink(), options: CalendarOptions(timestamp: .init(secondsSince1970: 0)))
/// try writer.writeHeader()
/// try writer.write(celebration)
/// try writer.finish()
/// ```
public struct ICalendarWriter<Sink: ByteSink> {
  /// The product identifier written in `PRODID`.
  public static var productIdentifier: String { "-//bdconvert//Birthday Calendar//EN" }

  /// Where the calendar goes; read it back after ``finish()`` (e.g. a ``MemoryByteSink``).
  public private(set) var sink: Sink
  /// How events are written.
  public let options: CalendarOptions

  private var buffer: [UInt8] = []
  private var line: [UInt8] = []
  private let timestampLine: [UInt8]
  private let flushThreshold = 1 << 16

  /// Creates a writer; nothing is written until ``writeHeader()``.
  public init(sink: Sink, options: CalendarOptions) {
    self.sink = sink
    self.options = options
    self.timestampLine = Array("DTSTAMP:\(options.timestamp)".utf8)
    buffer.reserveCapacity(flushThreshold + 4096)
    line.reserveCapacity(256)
  }

  /// Writes `BEGIN:VCALENDAR` and the calendar properties.
  public mutating func writeHeader() throws {
    appendLine("BEGIN:VCALENDAR")
    appendLine("VERSION:2.0")
    appendLine("PRODID:" + Self.productIdentifier)
    appendLine("CALSCALE:GREGORIAN")
    if let name = options.calendarName.flatMap(TextSanitizer.nonEmptySingleLine) {
      appendTextProperty("NAME", name)
      appendTextProperty("X-WR-CALNAME", name)
    }
    try flushIfNeeded()
  }

  /// Writes one event (and its alarms).
  public mutating func write(_ celebration: Celebration) throws {
    let date = celebration.date
    let start = Self.startDate(of: date)
    let summary = options.summary(for: celebration)

    appendLine("BEGIN:VEVENT")
    appendTextProperty("UID", celebration.uid)
    appendLine(timestampLine)
    appendLine("DTSTART;VALUE=DATE:" + Self.basicDate(start))
    appendLine("DTEND;VALUE=DATE:" + Self.basicDate(start.nextDay()))
    appendLine("RRULE:" + (date.isLeapDay ? options.leapDayPolicy.recurrenceRule : "FREQ=YEARLY"))
    appendTextProperty("SUMMARY", summary)
    if date.year != nil {
      let verb = celebration.kind == .birthday ? "Born" : "Since"
      appendTextProperty("DESCRIPTION", "\(verb) \(date)")
    }
    appendLine(celebration.kind == .birthday ? "CATEGORIES:BIRTHDAY" : "CATEGORIES:ANNIVERSARY")
    appendLine("TRANSP:TRANSPARENT")
    if !options.alarms.isEmpty {
      let message = options.message(for: celebration, summary: summary)
      for alarm in options.alarms {
        appendLine("BEGIN:VALARM")
        appendLine("ACTION:DISPLAY")
        appendLine("TRIGGER;RELATED=START:" + alarm.trigger)
        appendTextProperty("DESCRIPTION", message)
        appendLine("END:VALARM")
      }
    }
    appendLine("END:VEVENT")
    try flushIfNeeded()
  }

  /// Writes `END:VCALENDAR` and flushes everything to the sink.
  public mutating func finish() throws {
    appendLine("END:VCALENDAR")
    try flush()
  }

  /// The first occurrence written as `DTSTART`: the real year when known and not before 1970,
  /// else 1970, or 1972 for 29 February (the first leap year from 1970).
  public static func startDate(of date: CivilDate) -> CivilDate {
    if let year = date.year, year >= 1970 { return date }
    // Valid by construction: every month-day exists in 1972, a leap year.
    return date.inYear(date.isLeapDay ? 1972 : 1970)!
  }

  static func basicDate(_ date: CivilDate) -> String {
    fourDigits(date.year ?? 1972) + twoDigits(date.month) + twoDigits(date.day)
  }

  private mutating func appendLine(_ text: String) {
    line.removeAll(keepingCapacity: true)
    line.append(contentsOf: text.utf8)
    ContentLineFolder.appendFolded(line, to: &buffer)
  }

  private mutating func appendLine(_ bytes: [UInt8]) {
    ContentLineFolder.appendFolded(bytes, to: &buffer)
  }

  private mutating func appendTextProperty(_ name: String, _ value: String) {
    line.removeAll(keepingCapacity: true)
    line.append(contentsOf: name.utf8)
    line.append(UInt8(ascii: ":"))
    TextEscaping.appendEscaped(value, to: &line)
    ContentLineFolder.appendFolded(line, to: &buffer)
  }

  private mutating func flushIfNeeded() throws {
    if buffer.count >= flushThreshold { try flush() }
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
