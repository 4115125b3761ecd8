/// One logical (unfolded) iCalendar content line with the original bytes it came from.
package struct CalendarLine: Sendable {
  /// What the line does to the component structure.
  package enum Kind: Sendable, Equatable {
    /// `BEGIN:NAME`; ``CalendarLine/depth`` counts the component just opened.
    case begin
    /// `END:NAME`; ``CalendarLine/depth`` still counts the component being closed.
    case end
    /// A property of the innermost open component.
    case property
    /// A blank line, a line without `:`, or trailing data after the last `END:VCALENDAR`.
    case other
  }

  /// What the line does to the component structure.
  package var kind: Kind
  /// The original bytes of every physical line, terminators and BOM included.
  package var raw: [UInt8]
  /// The unfolded content without terminators and without a leading BOM.
  package var content: [UInt8]
  /// The 1-based number of the first physical line.
  package var lineNumber: Int
  /// How many components are open (including the one begun or ended by this line).
  package var depth: Int
  /// The property name upper-cased (`BEGIN`, `END`, `UID`, ...); empty for ``Kind/other``.
  package var name: [UInt8]
  /// Where the value starts in ``content`` (after the first unquoted `:`).
  package var valueStart: Int
  /// Where ``raw`` is in the input, in bytes from its start (a byte order mark counts).
  package var byteRange: Range<Int>

  /// Copies a line out of the reader's buffer: `raw` and `content` are what the reader handed
  /// out with `view`.
  init(_ view: ICalendarLineView, raw: Span<UInt8>, content: Span<UInt8>) {
    self.kind = view.kind
    self.raw = Array(copying: raw)
    self.content = Array(copying: content)
    self.lineNumber = view.lineNumber
    self.depth = view.depth
    self.name = self.content[..<view.nameEnd].map(asciiUppercased)
    self.valueStart = view.valueStart
    self.byteRange = view.byteOffset..<view.byteOffset + raw.count
  }

  /// The value bytes after the first unquoted `:`.
  package var value: ArraySlice<UInt8> { content[valueStart...] }

  /// True when ``name`` equals `other` (upper-case ASCII).
  package func isNamed(_ other: String) -> Bool {
    // The length first: it rejects almost every name without iterating the String.
    name.count == other.utf8.count && name.elementsEqual(other.utf8)
  }

  /// The first value of parameter `parameterName` (upper-case ASCII), quotes removed, or `nil`.
  package func parameter(_ parameterName: String) -> ArraySlice<UInt8>? {
    ContentLineSyntax.parameter(
      parameterName, in: content, nameEnd: name.count, valueStart: valueStart
    ).map { content[$0] }
  }
}

/// What ``ICalendarReader`` found out about a logical line. Its bytes stay in the read buffer
/// and are handed out beside it, as spans valid only during the call: the physical lines with
/// their terminators (`raw`) and the unfolded content (`content`), which the offsets here are
/// into. ``CalendarLine`` is the owned copy.
struct ICalendarLineView {
  var kind: CalendarLine.Kind
  var lineNumber: Int
  var byteOffset: Int
  var depth: Int
  /// The name is `content[..<nameEnd]`, in the case written.
  var nameEnd: Int
  var valueStart: Int
  /// The length of the unfolded content (without terminators and a leading byte order mark).
  var contentCount: Int

  /// Where the value bytes after the first unquoted `:` are in the content.
  var valueRange: Range<Int> { valueStart..<contentCount }

  /// Where the first value of parameter `parameterName` (upper-case ASCII) is in `content`,
  /// quotes removed, or `nil`.
  func parameter(_ parameterName: String, in content: Span<UInt8>) -> Range<Int>? {
    ContentLineSyntax.parameter(
      parameterName, in: content, nameEnd: nameEnd, valueStart: valueStart)
  }

  /// True when the name in `content` equals `upperCaseName` ignoring ASCII case.
  @inline(__always)
  func isNamed(_ upperCaseName: StaticString, in content: Span<UInt8>) -> Bool {
    // Inlined: the length check alone rejects most names, without a call.
    isUppercasedName(content, count: nameEnd, upperCaseName)
  }
}
