/// Compiles ``EventProperty/event`` for one set of options into programs of ``Step``s: the
/// constant lines rendered and joined into runs of ``constants``, each run with the value of the
/// celebration that follows it.
struct EventProgramCompiler {
  /// One step of a compiled program: a run of constant bytes, then what follows it. A value's
  /// line name ends the run, so that most lines take one copy and one value.
  struct Step: Sendable {
    /// Whole lines, then the name of the step's line (with its colon and constant prefix).
    let constants: Range<Int>
    /// The bytes of the line's name at the end of `constants`.
    let nameCount: Int
    let action: Action

    /// What follows the constants.
    enum Action: Sendable {
      /// Nothing: the lines after the last value.
      case none
      /// A value of the celebration.
      case value(EventField)
      /// A line written only when the celebration has the value: without it, its name is left
      /// out too.
      case optional(EventField)
    }
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
    func endRun(nameCount: Int, _ action: Step.Action) {
      steps.append(
        Step(constants: runStart..<constants.count, nameCount: nameCount, action: action))
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
        endRun(nameCount: nameBytes.count, .value(field))
      case .optionalField(let field, let prefix):
        let nameBytes = Array((name + ":" + prefix).utf8)
        constants += nameBytes
        endRun(nameCount: nameBytes.count, .optional(field))
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
    if constants.count > runStart { endRun(nameCount: 0, .none) }
    return steps
  }

  private typealias Context = EventProperty.Context
}
