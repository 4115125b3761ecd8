/// Reads an iCalendar stream as a sequence of top-level components (the VEVENTs, VTODOs,
/// VTIMEZONEs ... directly inside VCALENDAR) and the lines between them, every byte kept.
///
/// Built on ``ICalendarReader``: the same unfolding, structure checks and error messages. A
/// component is held in memory while it is read (one event, never the file). Concatenating the
/// ``Item/line(_:)`` bytes and the components' ``CalendarComponent/raw`` gives back the input
/// byte for byte, which is what byte-preserving edits (`sync`) build on.
package struct CalendarComponentScanner<Source: ByteSource> {
  /// What the scanner found next.
  package enum Item {
    /// A line outside the top-level components: `BEGIN:VCALENDAR`, calendar properties,
    /// `END:VCALENDAR`, blank lines, trailing data.
    case line(CalendarLine)
    /// A whole top-level component.
    case component(CalendarComponent)
  }

  private var reader: ICalendarReader<Source>

  /// Creates a scanner; `fileName` is used in error messages.
  package init(_ source: Source, fileName: String) {
    self.reader = ICalendarReader(source, fileName: fileName)
  }

  /// The next line or component, or `nil` at the end of a well-formed input.
  /// - Throws: what ``ICalendarReader/next()`` throws.
  package mutating func next() throws -> Item? {
    guard let line = try reader.next() else { return nil }
    guard line.kind == .begin, line.depth == 2 else { return .line(line) }
    var lines = [line]
    while let inner = try reader.next() {
      lines.append(inner)
      if inner.kind == .end, inner.depth == 2 { break }
    }
    return .component(CalendarComponent(lines: lines))
  }
}

/// One top-level component of a calendar with all its lines, nested components included.
package struct CalendarComponent {
  /// The logical lines from `BEGIN` to `END`.
  package var lines: [CalendarLine]

  /// Creates a component from its lines (the first is its `BEGIN`).
  package init(lines: [CalendarLine]) {
    self.lines = lines
  }

  /// The component name upper-cased: `VEVENT`.
  package var name: [UInt8] {
    guard let begin = lines.first else { return [] }
    var value = begin.value.map(asciiUppercased)
    while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
    return value
  }

  /// True for a `VEVENT`.
  package var isEvent: Bool { name.elementsEqual("VEVENT".utf8) }

  /// The original bytes of the whole component.
  package var raw: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(0) { $0 + $1.raw.count })
    for line in lines { bytes += line.raw }
    return bytes
  }

  /// The 1-based line number of its `BEGIN`.
  package var lineNumber: Int { lines.first?.lineNumber ?? 0 }

  /// The first property `name` (upper-case) of the component itself, not of a nested one.
  package func property(_ name: String) -> CalendarLine? {
    lines.first { $0.kind == .property && $0.depth == 2 && $0.isNamed(name) }
  }

  /// The TEXT-unescaped value of the component's `UID`, or `nil` without one.
  package var uid: [UInt8]? {
    property("UID").map { TextEscaping.unescaped(bytes: $0.value) }
  }
}
