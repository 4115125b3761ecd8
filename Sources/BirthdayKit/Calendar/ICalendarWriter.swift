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
  private var scratch: [UInt8] = []
  private let timestampLine: [UInt8]
  private let leapDayRule: [UInt8]
  private let alarmLines: [[UInt8]]
  private let flushThreshold = 1 << 16

  /// Creates a writer; nothing is written until ``writeHeader()``.
  public init(sink: Sink, options: CalendarOptions) {
    self.sink = sink
    self.options = options
    self.timestampLine = Array("DTSTAMP:\(options.timestamp)".utf8)
    self.leapDayRule = Array("RRULE:\(options.leapDayPolicy.recurrenceRule)".utf8)
    self.alarmLines = options.alarms.map { Array("TRIGGER;RELATED=START:\($0.trigger)".utf8) }
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
    appendEvent(celebration)
    try flushIfNeeded()
  }

  /// Appends one rendered event to `output` instead of the sink (for conversion threads).
  mutating func render(_ celebration: Celebration, to output: inout [UInt8]) {
    swap(&buffer, &output)
    appendEvent(celebration)
    swap(&buffer, &output)
  }

  /// Writes bytes that ``render(_:to:)`` produced.
  mutating func writeRendered(_ bytes: ArraySlice<UInt8>) throws {
    buffer.append(contentsOf: bytes)
    try flushIfNeeded()
  }

  /// Renders one event into the buffer, byte by byte: no intermediate strings on this path.
  private mutating func appendEvent(_ celebration: Celebration) {
    let date = celebration.date
    let start = Self.startDate(of: date)

    appendLine(Lines.beginEvent)
    startLine(Lines.uid)
    TextEscaping.appendEscaped(celebration.uid, to: &line)
    endLine()
    appendLine(timestampLine)
    startLine(Lines.dateStart)
    Self.appendBasicDate(start, to: &line)
    endLine()
    startLine(Lines.dateEnd)
    Self.appendBasicDate(start.nextDay(), to: &line)
    endLine()
    if date.isLeapDay {
      appendLine(leapDayRule)
    } else {
      appendLine(Lines.yearlyRule)
    }

    scratch.removeAll(keepingCapacity: true)
    options.appendSummary(for: celebration, to: &scratch)
    startLine(Lines.summary)
    TextEscaping.appendEscaped(bytes: scratch, to: &line)
    endLine()
    if date.year != nil {
      startLine(celebration.kind == .birthday ? Lines.born : Lines.since)
      Self.appendISODate(date, to: &line)
      endLine()
    }
    appendLine(celebration.kind == .birthday ? Lines.birthdayCategory : Lines.anniversaryCategory)
    appendLine(Lines.transparent)
    if !alarmLines.isEmpty {
      scratch.removeAll(keepingCapacity: true)
      options.appendMessage(for: celebration, to: &scratch)
      startLine(Lines.description)
      TextEscaping.appendEscaped(bytes: scratch, to: &line)
      let descriptionLine = line
      for trigger in alarmLines {
        appendLine(Lines.beginAlarm)
        appendLine(Lines.displayAction)
        appendLine(trigger)
        appendLine(descriptionLine)
        appendLine(Lines.endAlarm)
      }
    }
    appendLine(Lines.endEvent)
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
    var bytes: [UInt8] = []
    appendBasicDate(date, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `YYYYMMDD`.
  static func appendBasicDate(_ date: CivilDate, to output: inout [UInt8]) {
    appendDigits(date.year ?? 1972, count: 4, to: &output)
    appendDigits(date.month, count: 2, to: &output)
    appendDigits(date.day, count: 2, to: &output)
  }

  /// `YYYY-MM-DD`.
  static func appendISODate(_ date: CivilDate, to output: inout [UInt8]) {
    appendDigits(date.year ?? 1972, count: 4, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDigits(date.month, count: 2, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDigits(date.day, count: 2, to: &output)
  }

  private static func appendDigits(_ value: Int, count: Int, to output: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var value = value
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      value %= divisor
      divisor /= 10
    }
  }

  private mutating func startLine(_ prefix: StaticString) {
    line.removeAll(keepingCapacity: true)
    prefix.withUTF8Buffer { line.append(contentsOf: $0) }
  }

  // Constants are StaticStrings, not arrays: reading a global array from several conversion
  // threads makes them fight over its reference count.
  private mutating func appendLine(_ text: StaticString) {
    text.withUTF8Buffer { ContentLineFolder.appendFolded($0, to: &buffer) }
  }

  private mutating func endLine() {
    ContentLineFolder.appendFolded(line, to: &buffer)
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

/// Constant lines and property prefixes, encoded once.
private enum Lines {
  static let beginEvent: StaticString = "BEGIN:VEVENT"
  static let endEvent: StaticString = "END:VEVENT"
  static let beginAlarm: StaticString = "BEGIN:VALARM"
  static let endAlarm: StaticString = "END:VALARM"
  static let displayAction: StaticString = "ACTION:DISPLAY"
  static let uid: StaticString = "UID:"
  static let dateStart: StaticString = "DTSTART;VALUE=DATE:"
  static let dateEnd: StaticString = "DTEND;VALUE=DATE:"
  static let yearlyRule: StaticString = "RRULE:FREQ=YEARLY"
  static let summary: StaticString = "SUMMARY:"
  static let description: StaticString = "DESCRIPTION:"
  static let born: StaticString = "DESCRIPTION:Born "
  static let since: StaticString = "DESCRIPTION:Since "
  static let birthdayCategory: StaticString = "CATEGORIES:BIRTHDAY"
  static let anniversaryCategory: StaticString = "CATEGORIES:ANNIVERSARY"
  static let transparent: StaticString = "TRANSP:TRANSPARENT"
}
