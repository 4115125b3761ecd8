/// Compiles ``EventProperty/event`` for one set of options into programs of ``Step``s: the
/// constant lines rendered and joined into runs of ``constants``, the values of the celebration
/// left as steps.
struct EventProgramCompiler {
  /// One step of a compiled program.
  enum Step: Sendable {
    /// Whole lines, and the name of the next line when its value follows.
    case constant(Range<Int>)
    /// A value whose name (`nameCount` bytes with its colon) the step before wrote.
    case value(EventField, nameCount: Int)
    /// A line written only when the celebration has the value; its name is `name` of the
    /// constants.
    case optional(EventField, name: Range<Int>)
  }

  let options: CalendarOptions
  /// The bytes the steps' ranges name.
  private(set) var constants: [UInt8] = []

  init(options: CalendarOptions) {
    self.options = options
  }

  /// The program of an event of `shape` and `kind`; `alarmText` gives the field of each alarm's
  /// text by its index in ``CalendarOptions/alarms``.
  mutating func compile(
    shape: EventShape, kind: CelebrationKind, alarmText: (Int) -> EventField
  ) -> [Step] {
    var steps: [Step] = []
    var runStart = constants.count
    func endRun(_ constants: [UInt8]) {
      if constants.count > runStart { steps.append(.constant(runStart..<constants.count)) }
      runStart = constants.count
    }
    func add(_ name: String, _ value: EventProperty.Value, alarm: Int?) {
      switch value {
      case .omitted:
        return
      case .text(let text):
        constants += EventRenderer.folded(name + ":" + text)
      case .field(let field, let prefix):
        let nameBytes = Array((name + ":" + prefix).utf8)
        constants += nameBytes
        endRun(constants)
        steps.append(.value(field, nameCount: nameBytes.count))
      case .optionalField(let field, let prefix):
        endRun(constants)
        constants += Array((name + ":" + prefix).utf8)
        steps.append(.optional(field, name: runStart..<constants.count))
        runStart = constants.count
      case .alarmText:
        guard let alarm else { preconditionFailure("an alarm's text outside an alarm") }
        add(name, .field(alarmText(alarm)), alarm: alarm)
      }
    }
    for property in EventProperty.event {
      switch property {
      case .line(let name, let value):
        add(
          name, value(Context(options: options, shape: shape, kind: kind, alarm: nil)), alarm: nil)
      case .alarms:
        for (index, alarm) in options.alarms.enumerated() {
          for case .line(let name, let value) in EventProperty.alarm {
            let context = Context(options: options, shape: shape, kind: kind, alarm: alarm)
            add(name, value(context), alarm: index)
          }
        }
      }
    }
    endRun(constants)
    return steps
  }

  private typealias Context = EventProperty.Context
}
