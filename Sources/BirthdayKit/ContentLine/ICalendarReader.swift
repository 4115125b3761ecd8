/// A streaming iCalendar (RFC 5545) reader that keeps the original bytes of every line.
///
/// Each call to ``next()`` returns one logical line: the physical lines it was folded over, with
/// their own terminators, plus the unfolded content used for matching, and where those bytes are
/// in the input (``CalendarLine/byteRange``). Component nesting is tracked on an explicit stack
/// (any depth) and checked: unbalanced `BEGIN`/`END`, an `END` of the wrong name, content before
/// the first `BEGIN:VCALENDAR` and input that is not iCalendar at all throw ``InputFormatError``
/// naming the line. Lines after the last `END:VCALENDAR` that are not `BEGIN`/`END` are returned as
/// trailing data (``CalendarLine/Kind/other``).
///
/// Writing every line's ``CalendarLine/raw`` gives back the input byte for byte (a byte order
/// mark included), so an editor copies what it keeps and drops what it removes.
///
/// ```swift
/// var reader = ICalendarReader(MemoryByteSource("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"), fileName: "a.ics")
/// while let line = try reader.next() { print(line.kind, line.depth) }  // begin 1, end 1
/// ```
///
/// The top-level components of the calendar (`VEVENT`, `VTODO`, ...) with their byte ranges:
///
/// ```swift
/// var start = 0
/// while let line = try reader.next() {
///   if line.kind == .begin, line.depth == 2 { start = line.byteRange.lowerBound }
///   if line.kind == .end, line.depth == 2 { print(start..<line.byteRange.upperBound) }
/// }
/// ```
package struct ICalendarReader<Source: ByteSource> {
  private var scanner: ICalendarScanner

  /// Creates a reader; `fileName` is used in error messages.
  package init(_ source: Source, fileName: String) {
    self.scanner = ICalendarScanner(AnyByteSource(source), fileName: fileName)
  }

  /// The next logical line, or `nil` at the end of a well-formed input.
  /// - Throws: ``ByteSourceError`` on a read error, ``InputFormatError`` on malformed structure.
  package mutating func next() throws -> CalendarLine? {
    try scanner.nextLine { CalendarLine($0, raw: $1, content: $2) }
  }
}

/// The work of ``ICalendarReader``, not generic: compiled concrete in this module whatever the
/// caller's source type (generic code called from another module would run unspecialized).
struct ICalendarScanner {
  /// Taken out while a line is read, so that the line's handling can use the rest of `self`.
  private var lines: LineReader<AnyByteSource>?
  private let fileName: String
  /// The open components: where each one's upper-cased name starts in ``names`` (it ends where
  /// the next one starts), and its BEGIN line. Flat, so that a BEGIN or END allocates nothing.
  private var stack: [(nameStart: Int, line: Int)] = []
  private var names: [UInt8] = []
  private var seenCalendar = false
  private var isFirstLine = true
  private var finished = false
  /// The unfolded content of a folded line (reused, so reading allocates nothing per line).
  private var scratch: [UInt8] = []

  init(_ source: AnyByteSource, fileName: String) {
    self.lines = LineReader(source, chunkSize: 1 << 16, keepingByteOrderMark: true)
    self.fileName = fileName
  }

  /// A scanner of the rest of a calendar, from a line start inside its `BEGIN:VCALENDAR` (opened
  /// on line `calendarLine`) and outside any other component: `source` begins at `offset` in the
  /// file, after `lineNumber` physical lines. It reads on as a scanner of the whole file would
  /// from there (``isInsideCalendarOnly(openedOnLine:)`` tells whether that one is there).
  init(
    _ source: AnyByteSource, fileName: String, calendarOpenedOnLine calendarLine: Int,
    continuingAfterLine lineNumber: Int, atOffset offset: Int
  ) {
    self.lines = LineReader(
      source, chunkSize: 1 << 16, continuingAfterLine: lineNumber, atOffset: offset)
    self.fileName = fileName
    stack = [(0, calendarLine)]
    names = Array("VCALENDAR".utf8)
    seenCalendar = true
    isFirstLine = false
  }

  /// Where the next line starts in the input (past the end once it is read).
  var nextLineOffset: Int { lines?.nextLineOffset ?? .max }

  /// The physical lines read so far.
  var physicalLinesRead: Int { lines?.lineNumber ?? 0 }

  /// Whether the only open component is the `VCALENDAR` begun on `calendarLine`, with more
  /// input possibly to come: the state a continuing scanner starts in.
  func isInsideCalendarOnly(openedOnLine calendarLine: Int) -> Bool {
    !finished && !isFirstLine && stack.count == 1 && stack[0].line == calendarLine
      && names.elementsEqual("VCALENDAR".utf8)
  }

  /// Calls `body` with the next logical line, its physical lines with their terminators and its
  /// unfolded content, whose bytes stay valid only during the call (no copy), and returns its
  /// result; `nil` at the end of a well-formed input.
  /// - Throws: as ``next()``, or what `body` throws.
  mutating func nextLine<Result>(
    _ body: (_ line: ICalendarLineView, _ raw: Span<UInt8>, _ content: Span<UInt8>) throws
      -> Result
  ) throws -> Result? {
    guard !finished, var lines = self.lines.take() else { return nil }
    var scratch: [UInt8] = []
    swap(&scratch, &self.scratch)  // a move, so that reusing it copies nothing
    defer {
      self.scratch = scratch
      self.lines = lines
    }
    let result = try lines.nextFoldedLine { raw, physicalLines, firstLine, offset in
      try LineUnfolding.withUnfoldedContent(
        of: raw, physicalLines: physicalLines, scratch: &scratch
      ) { unfolded in
        var content = unfolded
        if isFirstLine {
          isFirstLine = false
          if content.count >= 3, content[0] == 0xEF, content[1] == 0xBB, content[2] == 0xBF {
            content = content.extracting(3...)
          }
        }
        let view = try classify(
          rawCount: raw.count, content: content, lineNumber: firstLine, offset: offset)
        return try body(view, raw, content)
      }
    }
    guard let result else {
      finished = true
      try checkEnd(lastLine: max(lines.lineNumber, 1))
      return nil
    }
    return result
  }

  /// Takes the logical lines that follow in the common form straight from the read buffer,
  /// without the general line reader: one calendar's lines inside `BEGIN:VCALENDAR`, each
  /// physical line ending in CRLF and not empty, continuations starting with a space or a tab.
  /// Stops before the first line that is not in that form (a lone CR or LF, a blank line,
  /// anything outside VCALENDAR or at the end of the input without CRLF), and before the first
  /// line starting at or after the offset `limit`; ``nextLine(_:)`` reads
  /// that one, after which this may be called again. Every line taken is classified as
  /// ``nextLine(_:)`` would classify it (the same unfolding and ``classify``, so the same
  /// structure and the same errors), but only lines whose name starts with `B`, `E` or one of
  /// `letters` (either case) are handed to `body` as ``CommonFormEvent/line(start:end:view:)``;
  /// the others are only counted. At the end of each block of the read buffer, `body` gets
  /// ``CommonFormEvent/blockEnd(_:)``: where the lines taken in it end. Positions are offsets in
  /// the block; `content` is the unfolded content of a line (empty at a block's end). Both stay
  /// valid only during the call.
  /// - Returns: how many logical lines were taken.
  /// - Throws: what ``nextLine(_:)`` throws for the first malformed line, or what `body` throws.
  mutating func nextCommonFormLines(
    classifying letters: CommonFormLetters, before limit: Int = .max,
    _ body: (_ block: Span<UInt8>, _ event: CommonFormEvent, _ content: Span<UInt8>) throws
      -> Void
  ) throws -> Int {
    guard !finished, !isFirstLine, !stack.isEmpty, var lines = self.lines.take() else {
      return 0
    }
    var scratch: [UInt8] = []
    swap(&scratch, &self.scratch)
    defer {
      self.scratch = scratch
      self.lines = lines
    }
    let mask = letters.mask | CommonFormLetters("BE").mask
    var taken = 0
    while true {
      let firstLine = lines.lineNumber + 1
      let firstOffset = lines.nextLineOffset
      let stopped = try lines.withUnreadBytes { bytes, isEnd in
        var position = 0
        var physicalLines = 0
        var stopped = false
        // Where `limit` falls in this block, worked out once (one comparison a line).
        let blockLimit = limit &- firstOffset
        scan: while position < bytes.count {
          guard !stack.isEmpty, position < blockLimit else {
            stopped = true
            break
          }
          let end: Int
          let count: Int
          switch LineCutter.cut(
            bytes, from: position, to: bytes.count, isEnd: isEnd, form: .commonForm,
            folding: true)
          {
          case .line(_, let lineEnd, let physicalLines): (end, count) = (lineEnd, physicalLines)
          case .incomplete:
            stopped = isEnd
            break scan
          case .notCommonForm:
            stopped = true
            break scan
          }
          let first = bytes[position] | 0x20
          if first &- 0x61 < 26, mask & (1 << (first &- 0x61)) != 0 {
            let lineNumber = firstLine + physicalLines
            let offset = firstOffset + position
            if count == 1 {  // what the unfolding gives for one physical line, found directly
              let content = bytes.extracting(position..<(end - 2))
              let view = try classify(
                rawCount: end - position, content: content, lineNumber: lineNumber,
                offset: offset)
              try body(bytes, .line(start: position, end: end, view: view), content)
            } else {
              try LineUnfolding.withUnfoldedContent(
                of: bytes.extracting(position..<end), physicalLines: count, scratch: &scratch
              ) { content in
                let view = try classify(
                  rawCount: end - position, content: content, lineNumber: lineNumber,
                  offset: offset)
                try body(bytes, .line(start: position, end: end, view: view), content)
              }
            }
          }
          position = end
          physicalLines += count
          taken += 1
        }
        try body(bytes, .blockEnd(position), bytes.extracting(0..<0))
        return (position, physicalLines, stopped)
      }
      if try stopped || !lines.readMore() { return taken }
    }
  }

  private mutating func classify(
    rawCount: Int, content: Span<UInt8>, lineNumber: Int, offset: Int
  ) throws -> ICalendarLineView {
    var line = ICalendarLineView(
      kind: .other, lineNumber: lineNumber, byteOffset: offset, depth: stack.count, nameEnd: 0,
      valueStart: content.count, contentCount: content.count)
    // A line with a colon is not blank: only the others are looked at for blankness.
    guard let parts = ContentLineSyntax.split(content) else {
      var isBlank = true
      for index in 0..<content.count where content[index] != 0x20 && content[index] != 0x09 {
        isBlank = false
        break
      }
      if stack.isEmpty, !seenCalendar, !isBlank { throw notCalendar(content, lineNumber) }
      return line
    }
    line.nameEnd = parts.nameEnd
    line.valueStart = parts.valueStart
    // Almost every line is a property inside a component: told apart by its name's length.
    let isBegin = parts.nameEnd == 5 && line.isNamed("BEGIN", in: content)
    let isEnd = parts.nameEnd == 3 && line.isNamed("END", in: content)
    if !isBegin, !isEnd, !stack.isEmpty {
      line.kind = .property
      return line
    }
    // Only BEGIN and END lines name a component (comparing on every line cost 6% of `delete`);
    // the name is compared in place, case-insensitively, without trailing blanks.
    var nameEnd = content.count
    if isBegin || isEnd {
      while nameEnd > parts.valueStart, content[nameEnd - 1] == 0x20 || content[nameEnd - 1] == 0x09
      {
        nameEnd -= 1
      }
    } else {
      nameEnd = parts.valueStart
    }
    let component = content.extracting(parts.valueStart..<nameEnd)
    let isCalendar = isUppercasedName(component, count: component.count, "VCALENDAR")
    if stack.isEmpty {
      if !seenCalendar, !(isBegin && isCalendar) { throw notCalendar(content, lineNumber) }
      if !isBegin && !isEnd { return line }  // trailing data after END:VCALENDAR
      if !(isBegin && isCalendar) {
        throw error("'\(text(content))' outside VCALENDAR", lineNumber)
      }
    }
    if isBegin {
      if isCalendar, let open = stack.last {
        throw error(
          "BEGIN:VCALENDAR inside BEGIN:\(text(names[open.nameStart...])) on line \(open.line)",
          lineNumber)
      }
      if component.isEmpty { throw error("BEGIN without a component name", lineNumber) }
      seenCalendar = true
      stack.append((names.count, lineNumber))
      for index in 0..<component.count { names.append(asciiUppercased(component[index])) }
      line.kind = .begin
      line.depth = stack.count
    } else if isEnd, let open = stack.last {
      guard names.count - open.nameStart == component.count,
        (0..<component.count).allSatisfy({
          names[open.nameStart + $0] == asciiUppercased(component[$0])
        })
      else {
        throw error(
          "END:\(text(uppercasedBytes(component))) does not match "
            + "BEGIN:\(text(names[open.nameStart...])) on line \(open.line)",
          lineNumber)
      }
      line.kind = .end
      line.depth = stack.count
      stack.removeLast()
      // One by one: `removeLast(_:)` goes through the generic `replaceSubrange`, costly for
      // the few bytes of a component name.
      while names.count > open.nameStart { names.removeLast() }
    } else {
      line.kind = .property
    }
    return line
  }

  private func checkEnd(lastLine: Int) throws {
    if !seenCalendar {
      throw InputFormatError(
        .calendarStructure("not an iCalendar file: no BEGIN:VCALENDAR"),
        at: SourceLocation(file: fileName, line: lastLine))
    }
    if let open = stack.last {
      let name = text(names[open.nameStart...])
      throw error("missing END:\(name) for BEGIN:\(name) on line \(open.line)", lastLine)
    }
  }

  private func notCalendar(_ content: Span<UInt8>, _ lineNumber: Int)
    -> InputFormatError
  {
    error("not an iCalendar file: expected BEGIN:VCALENDAR, found '\(text(content))'", lineNumber)
  }

  private func error(_ message: String, _ lineNumber: Int) -> InputFormatError {
    InputFormatError(
      .calendarStructure(message), at: SourceLocation(file: fileName, line: lineNumber))
  }

  private func text<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
    return bytes.count > 60 ? shown + "..." : shown
  }

  private func uppercasedBytes(_ bytes: Span<UInt8>) -> [UInt8] {
    (0..<bytes.count).map { asciiUppercased(bytes[$0]) }
  }

  private func text(_ bytes: Span<UInt8>) -> String {
    let shown = ByteKernel.string(decoding: bytes.extracting(..<min(bytes.count, 60)))
    return bytes.count > 60 ? shown + "..." : shown
  }
}

/// What ``ICalendarScanner/nextCommonFormLines(classifying:_:)`` hands out.
enum CommonFormEvent {
  /// A logical line whose name starts with one of the letters asked for, at
  /// `block[start..<end]`, classified.
  case line(start: Int, end: Int, view: ICalendarLineView)
  /// The lines taken from the block end at this offset.
  case blockEnd(Int)
}

/// The first letters of the property names that
/// ``ICalendarScanner/nextCommonFormLines(classifying:_:)`` classifies, in either case.
struct CommonFormLetters {
  /// Bit `n` for the `n`-th letter of the alphabet.
  let mask: UInt32

  /// The letters of `letters` (ASCII letters; case does not matter).
  init(_ letters: StaticString) {
    var mask: UInt32 = 0
    for index in 0..<letters.utf8CodeUnitCount {
      mask |= 1 << UInt32((letters.utf8Start[index] | 0x20) &- 0x61)
    }
    self.mask = mask
  }
}
