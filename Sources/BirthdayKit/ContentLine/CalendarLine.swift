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

  /// Copies a line out of the reader's buffer.
  init(_ view: ICalendarLineView) {
    self.kind = view.kind
    self.raw = Array(view.raw)
    self.content = Array(view.content)
    self.lineNumber = view.lineNumber
    self.depth = view.depth
    self.name = view.content[..<view.nameEnd].map(asciiUppercased)
    self.valueStart = view.valueStart
    self.byteRange = view.byteOffset..<view.byteOffset + view.raw.count
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

/// A logical line as ``ICalendarReader`` finds it, its bytes still in the read buffer: valid only
/// during the call that hands it out. ``CalendarLine`` is the owned copy.
struct ICalendarLineView {
  var kind: CalendarLine.Kind
  /// The physical lines with their terminators (and a leading byte order mark).
  var raw: UnsafeBufferPointer<UInt8>
  /// The unfolded content without terminators and without a leading byte order mark.
  var content: UnsafeBufferPointer<UInt8>
  var lineNumber: Int
  var byteOffset: Int
  var depth: Int
  /// The name is `content[..<nameEnd]`, in the case written.
  var nameEnd: Int
  var valueStart: Int

  /// The value bytes after the first unquoted `:`.
  var value: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: content[valueStart...]) }

  /// The first value of parameter `parameterName` (upper-case ASCII), quotes removed, or `nil`.
  func parameter(_ parameterName: String) -> Slice<UnsafeBufferPointer<UInt8>>? {
    ContentLineSyntax.parameter(
      parameterName, in: content, nameEnd: nameEnd, valueStart: valueStart
    ).map { content[$0] }
  }

  /// True when the name equals `upperCaseName` ignoring ASCII case.
  @inline(__always)
  func isNamed(_ upperCaseName: StaticString) -> Bool {
    // Inlined: the length check alone rejects most names, without a call.
    isUppercasedName(content, count: nameEnd, upperCaseName)
  }
}
