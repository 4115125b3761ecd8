/// A streaming iCalendar (RFC 5545) reader that keeps the original bytes of every line.
///
/// Each call to ``next()`` returns one logical line: the physical lines it was folded over, with
/// their own terminators, plus the unfolded content used for matching. Component nesting is
/// tracked on an explicit stack (any depth) and checked: unbalanced `BEGIN`/`END`, an `END` of the
/// wrong name, content before the first `BEGIN:VCALENDAR` and input that is not iCalendar at all
/// throw ``InputFormatError`` naming the line. Lines after the last `END:VCALENDAR` that are not
/// `BEGIN`/`END` are returned as trailing data (``CalendarLine/Kind/other``).
///
/// ```swift
/// var reader = ICalendarReader(MemoryByteSource("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"), fileName: "a.ics")
/// while let line = try reader.next() { print(line.kind, line.depth) }  // begin 1, end 1
/// ```
public struct ICalendarReader<Source: ByteSource> {
  private let splitter: PhysicalLineSplitter<Source>
  private let fileName: String
  private var lookahead: (bytes: [UInt8], contentCount: Int, line: Int)?
  private var stack: [(name: [UInt8], line: Int)] = []
  private var seenCalendar = false
  private var isFirstLine = true
  private var lastLine = 0
  private var finished = false

  /// Creates a reader; `fileName` is used in error messages.
  public init(_ source: Source, fileName: String) {
    self.splitter = PhysicalLineSplitter(source)
    self.fileName = fileName
  }

  /// The next logical line, or `nil` at the end of a well-formed input.
  /// - Throws: ``ByteSourceError`` on a read error, ``InputFormatError`` on malformed structure.
  public mutating func next() throws -> CalendarLine? {
    guard !finished else { return nil }
    guard let first = try nextPhysical() else {
      finished = true
      try checkEnd()
      return nil
    }
    var raw = first.bytes
    var content = Array(first.bytes[..<first.contentCount])
    if isFirstLine {
      isFirstLine = false
      if content.starts(with: [0xEF, 0xBB, 0xBF]) { content.removeFirst(3) }
    }
    while let following = try nextPhysical() {
      if following.contentCount > 0, following.bytes[0] == 0x20 || following.bytes[0] == 0x09 {
        raw.append(contentsOf: following.bytes)
        content.append(contentsOf: following.bytes[1..<following.contentCount])
      } else {
        lookahead = following
        break
      }
    }
    return try classify(raw: raw, content: content, lineNumber: first.line)
  }

  private mutating func nextPhysical() throws -> (bytes: [UInt8], contentCount: Int, line: Int)? {
    if let pending = lookahead {
      lookahead = nil
      return pending
    }
    guard let line = try splitter.next() else { return nil }
    lastLine = splitter.lineNumber
    return (line.bytes, line.contentCount, splitter.lineNumber)
  }

  private mutating func classify(raw: [UInt8], content: [UInt8], lineNumber: Int) throws
    -> CalendarLine
  {
    var line = CalendarLine(
      kind: .other, raw: raw, content: content, lineNumber: lineNumber, depth: stack.count,
      name: [], valueStart: content.count)
    let isBlank = content.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    guard let parts = Self.split(content), !isBlank else {
      if stack.isEmpty, !seenCalendar, !isBlank { throw notCalendar(content, lineNumber) }
      return line
    }
    let (name, valueStart) = parts
    line.name = name
    line.valueStart = valueStart
    let isBegin = name.count == 5 && name.elementsEqual("BEGIN".utf8)
    let isEnd = name.count == 3 && name.elementsEqual("END".utf8)
    var component = isBegin || isEnd ? content[valueStart...].map(asciiUppercased) : []
    while let last = component.last, last == 0x20 || last == 0x09 { component.removeLast() }
    let isCalendar = component.elementsEqual("VCALENDAR".utf8)
    if stack.isEmpty {
      if !seenCalendar, !(isBegin && isCalendar) { throw notCalendar(content, lineNumber) }
      if !isBegin && !isEnd { return line }  // trailing data after END:VCALENDAR
      if !(isBegin && isCalendar) {
        throw error("'\(text(content))' outside VCALENDAR", lineNumber)
      }
    }
    if isBegin {
      if isCalendar, !stack.isEmpty {
        throw error(
          "BEGIN:VCALENDAR inside BEGIN:\(text(stack[stack.count - 1].name)) on line "
            + "\(stack[stack.count - 1].line)", lineNumber)
      }
      if component.isEmpty { throw error("BEGIN without a component name", lineNumber) }
      seenCalendar = true
      stack.append((component, lineNumber))
      line.kind = .begin
      line.depth = stack.count
    } else if isEnd {
      let open = stack[stack.count - 1]
      guard open.name == component else {
        throw error(
          "END:\(text(component)) does not match BEGIN:\(text(open.name)) on line \(open.line)",
          lineNumber)
      }
      line.kind = .end
      line.depth = stack.count
      stack.removeLast()
    } else {
      line.kind = .property
    }
    return line
  }

  private func checkEnd() throws {
    if !seenCalendar {
      throw InputFormatError(
        "not an iCalendar file: no BEGIN:VCALENDAR",
        at: SourceLocation(file: fileName, line: max(lastLine, 1)))
    }
    if let open = stack.last {
      throw error(
        "missing END:\(text(open.name)) for BEGIN:\(text(open.name)) on line \(open.line)",
        max(lastLine, 1))
    }
  }

  /// The upper-cased name and the index after the first unquoted `:`, or `nil` without one.
  static func split(_ content: [UInt8]) -> ([UInt8], Int)? {
    var index = 0
    while index < content.count, content[index] != UInt8(ascii: ";"),
      content[index] != UInt8(ascii: ":")
    {
      index += 1
    }
    let name = content[..<index].map(asciiUppercased)
    var quoted = false
    while index < content.count {
      let byte = content[index]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == UInt8(ascii: ":"), !quoted {
        return (name, index + 1)
      }
      index += 1
    }
    return nil
  }

  private func notCalendar(_ content: [UInt8], _ lineNumber: Int) -> InputFormatError {
    error("not an iCalendar file: expected BEGIN:VCALENDAR, found '\(text(content))'", lineNumber)
  }

  private func error(_ message: String, _ lineNumber: Int) -> InputFormatError {
    InputFormatError(message, at: SourceLocation(file: fileName, line: lineNumber))
  }

  private func text<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
    return bytes.count > 60 ? shown + "..." : shown
  }
}

/// Undoes RFC 5545 TEXT escaping (`\\`, `\;`, `\,`, `\n`, `\N`).
func unescapedText(_ value: ArraySlice<UInt8>) -> [UInt8] {
  var result: [UInt8] = []
  result.reserveCapacity(value.count)
  var escaped = false
  for byte in value {
    if escaped {
      escaped = false
      result.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
    } else if byte == UInt8(ascii: "\\") {
      escaped = true
    } else {
      result.append(byte)
    }
  }
  if escaped { result.append(UInt8(ascii: "\\")) }
  return result
}
