/// Renders one event as RFC 5545 bytes: the part of writing a calendar that does not depend on
/// where the bytes go, so that conversion threads render into memory with the same code.
///
/// Every event is an all-day `VEVENT` that repeats yearly, with the start year chosen for client
/// compatibility: the real year when known and not before 1972, else 1972, since several clients
/// mishandle early start dates. The real year goes into `DESCRIPTION`.
///
/// The event's properties are one ordered list, ``EventProperty/event`` (adding a property is one
/// line there). The renderer compiles that list once per options into a program per event shape
/// and kind: every line whose value the options fix is rendered then, and neighbouring constant
/// lines become one run of bytes copied in one go; what is left are the values of the
/// celebration. The templates are copies that no other thread reads (every thread reading the
/// same template fought over its reference count). The texts are rendered straight into the
/// output and escaped there only when a byte needs it, so rendering an event makes no string and
/// no array.
final class EventRenderer {
  /// How events are written.
  let options: CalendarOptions
  /// Where a text that needs escaping is moved to while it is escaped back (rare).
  private let scratch = OutputBuffer()
  /// Whether each event is followed by overrides with the age (``CalendarOptions/writesAges``).
  private let writesAges: Bool
  /// The constant bytes of every program; a step names a range of them.
  private let constants: [UInt8]
  /// The steps of every program, one after the other.
  private let steps: [EventProgramCompiler.Step]
  /// Per ``EventShape`` and ``CelebrationKind/index``: where its program lies in `steps`.
  private let programs: [Range<Int>]
  /// The pieces of every template, one after the other: the title templates (per
  /// ``CelebrationKind/index``), then each alarm's text templates. Held flat, as the constants
  /// are: reading a template value per event retained and released its three references.
  private let pieces: [EventTextTemplate.Piece]
  /// Per template: where its pieces lie in `pieces`.
  private let templatePieces: [Range<Int>]
  /// The literal bytes of every template; the literal pieces' ranges point into it.
  private let literals: [UInt8]

  /// What the renderer knows of one event besides its celebration, which is passed alongside
  /// and never copied: a copy retains and releases every string in it, per event.
  private struct Occurrence {
    /// `DTSTART` (and `RECURRENCE-ID` of an override).
    let start: CivilDate
    /// The year whose age the texts give, if any.
    let year: Int?
  }

  /// The programs of one set of options, compiled once and shared by the renderers of a
  /// conversion's threads; each renderer copies them into storage of its own.
  struct Program: Sendable {
    let options: CalendarOptions
    fileprivate let constants: [UInt8]
    fileprivate let steps: [EventProgramCompiler.Step]
    fileprivate let programs: [Range<Int>]
    fileprivate let templates: [EventTextTemplate]

    init(options: CalendarOptions) {
      self.options = options
      let kinds = CelebrationKind.allCases
      var templates = kinds.map { options.summaryTemplate(for: $0) }
      var alarmTemplates: [[Int]] = []  // per alarm, per kind
      var previousTexts: [EventTextTemplate]?
      var repeatsPrevious: [Bool] = []
      for alarm in options.alarms {
        let texts = kinds.map { options.messageTemplate(for: $0, daysBefore: alarm.daysBefore) }
        repeatsPrevious.append(previousTexts == texts)
        previousTexts = texts
        alarmTemplates.append(texts.indices.map { templates.count + $0 })
        templates += texts
      }
      self.templates = templates
      var compiler = EventProgramCompiler(options: options)
      var steps: [EventProgramCompiler.Step] = []
      var programs: [Range<Int>] = []
      for shape in EventShape.allCases {
        for kind in kinds {
          let start = steps.count
          steps += compiler.compile(shape: shape, kind: kind) { alarm in
            .alarmText(
              template: alarmTemplates[alarm][kind.index], repeatsPrevious: repeatsPrevious[alarm])
          }
          programs.append(start..<steps.count)
        }
      }
      self.steps = steps
      self.programs = programs
      self.constants = compiler.constants
    }
  }

  /// A renderer for `options`, compiling its programs.
  convenience init(options: CalendarOptions) {
    self.init(program: Program(options: options))
  }

  /// A renderer of `program`, with copies of its own.
  init(program: Program) {
    options = program.options
    writesAges = program.options.writesAges
    constants = program.constants.map { $0 }
    steps = program.steps.map { $0 }
    programs = program.programs
    var pieces: [EventTextTemplate.Piece] = []
    var literals: [UInt8] = []
    var templatePieces: [Range<Int>] = []
    for template in program.templates {
      let first = pieces.count
      let offset = Int32(literals.count)
      for var piece in template.pieces {
        if piece.kind == .literal {
          piece.start += offset
          piece.end += offset
        }
        pieces.append(piece)
      }
      literals += template.literals
      templatePieces.append(first..<pieces.count)
    }
    self.pieces = pieces
    self.literals = literals
    self.templatePieces = templatePieces
  }

  /// Appends one event to `buffer`, byte by byte: no intermediate strings on this path.
  /// Constant lines carry their CRLF; lines with a text value end through
  /// ``ContentLineFolder/endLine(startingAt:in:)``, which folds the rare long one.
  ///
  /// When a template has `{age}` and the year is known, the yearly event (whose title has no
  /// age) is followed by one override per year from ``CalendarOptions/currentYear`` with it.
  func append(_ celebration: Celebration, to buffer: OutputBuffer) {
    let date = celebration.date
    let start = Self.startDate(of: date)
    let shape: EventShape =
      celebration.calendarOccurrence != nil ? .single : date.isLeapDay ? .leapDay : .yearly
    // An occurrence of another calendar's date is one event, with the age of its year.
    let year = shape == .single ? date.year : nil
    run(shape, celebration, Occurrence(start: start, year: year), to: buffer)
    guard writesAges, shape != .single, let since = date.year else { return }
    let startDay = dayNumber(start)
    for year in options.currentYear..<(options.currentYear + options.ageYears) where year > since {
      guard let occurrence = options.leapDayPolicy.occurrence(of: date, inYear: year),
        dayNumber(occurrence) >= startDay
      else { continue }
      run(.override, celebration, Occurrence(start: occurrence, year: year), to: buffer)
    }
  }

  /// Runs the program of `shape` and the celebration's kind: per step, its constant bytes, then
  /// its value.
  private func run(
    _ shape: EventShape, _ celebration: Celebration, _ occurrence: Occurrence,
    to buffer: OutputBuffer
  ) {
    let program = programs[
      shape.rawValue &* CelebrationKind.allCases.count &+ celebration.kind.index]
    // Local references, whose spans the loop can lend out.
    let allSteps = self.steps
    let allConstants = self.constants
    let steps = allSteps.span.extracting(program)
    let constants = allConstants.span
    var previousValue = 0..<0
    for index in steps.indices {
      let step = steps[index]
      switch step.action {
      case .none:
        buffer.append(constants.extracting(step.constants))
      case .value(let field):
        buffer.append(constants.extracting(step.constants))
        append(
          field, of: celebration, occurrence, lineStart: buffer.count &- step.nameCount,
          previous: &previousValue, to: buffer)
      case .optional(let field):
        // The constants end with the line's name, written only with its value.
        let lineStart = buffer.count &+ step.constants.count &- step.nameCount
        guard has(field, celebration) else {
          buffer.append(constants.extracting(step.constants.dropLast(step.nameCount)))
          continue
        }
        buffer.append(constants.extracting(step.constants))
        append(
          field, of: celebration, occurrence, lineStart: lineStart, previous: &previousValue,
          to: buffer)
      }
    }
  }

  /// Whether the celebration has a value for an optional line.
  private func has(_ field: EventField, _ celebration: Celebration) -> Bool {
    switch field {
    case .originDate: celebration.date.year != nil
    case .identityKey: celebration.identityKey != nil
    default: true
    }
  }

  /// Appends the value of `field` and ends its line, which starts at `lineStart` in `buffer`.
  /// `previous` is the last alarm text written (with its line end), for an alarm that repeats it.
  private func append(
    _ field: EventField, of celebration: Celebration, _ occurrence: Occurrence, lineStart: Int,
    previous: inout Range<Int>, to buffer: OutputBuffer
  ) {
    switch field {
    case .uid:
      if let uuid = celebration.canonicalUUID {
        uuid.appendCanonical(to: buffer)  // 40 octets with `UID:`: never folded
        buffer.appendLineBreak()
      } else {
        TextEscaping.appendEscaped(celebration.uid.utf8.span, to: buffer)
        ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
      }
    case .startDate:
      Self.appendBasicDate(occurrence.start, to: buffer)
      buffer.appendLineBreak()
    case .endDate:
      Self.appendBasicDate(occurrence.start.nextDay(), to: buffer)
      buffer.appendLineBreak()
    case .summary:
      let valueStart = buffer.count
      appendSummary(for: celebration, inYear: occurrence.year, to: buffer)
      escapeInPlace(from: valueStart, in: buffer)
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    case .occurrenceDescription:
      if let single = celebration.calendarOccurrence {
        buffer.append(utf8: options.descriptionText(of: single, kind: celebration.kind))
      }
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    case .calendarDate:
      if let single = celebration.calendarOccurrence {
        buffer.append(utf8: single.propertyValue)
      }
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
    case .originDate:
      Self.appendISODate(celebration.date, to: buffer)
      buffer.appendLineBreak()
    case .identityKey:
      if let key = celebration.identityKey {
        buffer.append(utf8: key.propertyValue(for: celebration.kind))
      }
      buffer.appendLineBreak()
    case .alarmText(let template, let repeatsPrevious):
      let valueStart = buffer.count
      if repeatsPrevious {
        buffer.appendCopy(of: previous)
        return
      }
      appendTemplate(template, for: celebration, inYear: occurrence.year, to: buffer)
      // Never empty: RFC 5545 requires DESCRIPTION on a DISPLAY alarm.
      if buffer.count == valueStart {
        appendSummary(for: celebration, inYear: occurrence.year, to: buffer)
      }
      escapeInPlace(from: valueStart, in: buffer)
      ContentLineFolder.endLine(startingAt: lineStart, in: buffer)
      previous = valueStart..<buffer.count
    }
  }

  /// Appends the event title; never empty (falls back to the name).
  private func appendSummary(
    for celebration: Celebration, inYear year: Int?, to output: OutputBuffer
  ) {
    let start = output.count
    appendTemplate(celebration.kind.index, for: celebration, inYear: year, to: output)
    if output.count == start { output.append(utf8: celebration.name.formatted) }
  }

  /// Appends the text of template `index` (see ``pieces``), read in place.
  @inline(__always)
  private func appendTemplate(
    _ index: Int, for celebration: Celebration, inYear year: Int?, to output: OutputBuffer
  ) {
    // Local references, whose spans can be lent out.
    let allPieces = self.pieces
    let allLiterals = self.literals
    EventTextTemplate.append(
      pieces: allPieces.span.extracting(templatePieces[index]), literals: allLiterals.span,
      for: celebration, inYear: year, to: output)
  }

  /// TEXT-escapes the bytes of `buffer` from `start` where they stand. Most texts need nothing
  /// and are only looked at; from the first byte that needs escaping on, the rest is moved out
  /// and escaped back.
  private func escapeInPlace(from start: Int, in buffer: OutputBuffer) {
    let first = buffer.withSpan {
      TextEscaping.firstIndexNeedingEscape(in: $0.extracting(start...))
    }
    guard let first else { return }
    scratch.removeAll()
    buffer.withSpan { scratch.append($0.extracting((start + first)...)) }
    buffer.truncate(to: start + first)
    scratch.withSpan { TextEscaping.appendEscaped($0, to: buffer) }
  }

  /// The first occurrence written as `DTSTART`: the real date when its year is known and not
  /// before 1972, else the same day in 1972, the one placeholder year. A leap year, so that
  /// 29 February exists; not 1970, whose 1 January is time value 0, which calcurse 4.7 on a UTC
  /// machine drops as invalid.
  static func startDate(of date: CivilDate) -> CivilDate {
    if let year = date.year, year >= 1972 { return date }
    guard let start = date.inYear(1972) else {
      preconditionFailure("every month and day exists in 1972, a leap year")
    }
    return start
  }

  /// `YYYYMMDD`.
  static func appendBasicDate(_ date: CivilDate, to output: OutputBuffer) {
    if let word = basicDateWord(date) {
      output.append(lowBytesOf: [word] as InlineArray<1, UInt64>, count: 8)
      return
    }
    output.appendDecimal(date.year ?? 1972, width: 4)
    output.appendTwoDigits(date.month)
    output.appendTwoDigits(date.day)
  }

  /// `YYYY-MM-DD`.
  static func appendISODate(_ date: CivilDate, to output: OutputBuffer) {
    guard let word = basicDateWord(date) else {
      output.appendDecimal(date.year ?? 1972, width: 4)
      output.append(UInt8(ascii: "-"))
      output.appendTwoDigits(date.month)
      output.append(UInt8(ascii: "-"))
      output.appendTwoDigits(date.day)
      return
    }
    // YYYY MM DD -> YYYY-MM-DD: bytes 0-3, '-', 4-5, '-', then 6-7.
    let low = word & 0xFFFF_FFFF | 0x2D << 32 | (word >> 32 & 0xFFFF) << 40 | 0x2D << 56
    output.append(lowBytesOf: [low, word >> 48] as InlineArray<2, UInt64>, count: 10)
  }

  /// `YYYYMMDD` as eight ASCII bytes in a word (the first byte lowest), or `nil` when the year
  /// does not have four digits.
  @inline(__always)
  private static func basicDateWord(_ date: CivilDate) -> UInt64? {
    let year = date.year ?? 1972
    guard year >= 0, year < 10000 else { return nil }
    return UInt64(digitPair(year / 100)) | UInt64(digitPair(year % 100)) << 16
      | UInt64(digitPair(date.month)) << 32 | UInt64(digitPair(date.day)) << 48
  }

  /// The two ASCII digits of `value` (0...99), the first in the low byte.
  @inline(__always)
  private static func digitPair(_ value: Int) -> UInt16 {
    let tens = UInt16(truncatingIfNeeded: value / 10)
    let ones = UInt16(truncatingIfNeeded: value % 10)
    return 0x3030 | tens | ones << 8
  }

  /// One content line, folded and CRLF-ended.
  static func folded(_ line: String) -> [UInt8] {
    let output = OutputBuffer()
    output.append(utf8: line)
    ContentLineFolder.endLine(startingAt: 0, in: output)
    return Array(output.bytes)
  }
}
