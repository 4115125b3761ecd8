/// An option declared once: its spellings, the type of its value, the parser that makes one from
/// the command line (or the config file), its default and its help.
///
/// `--help`, the man pages, the completions and the config file's keys come from ``spec``; a
/// command reads the value with ``ArgumentScanner/Result/value(_:)`` as a `Value`, parsed (and
/// refused with one message form) in one place. Add it to a command's ``OptionGroup`` to accept
/// it there.
struct Option<Value: Sendable>: OptionDeclaration {
  /// What help, man pages and completions show.
  let spec: OptionSpec
  /// Makes a value from the text given.
  let parser: ValueParser<Value>
  /// The value when the option is not given, if it has one.
  let defaultValue: Value?

  /// An option that takes a value.
  init(
    _ long: String, short: Character? = nil, _ value: ValueSpec, repeatable: Bool = false,
    default defaultValue: Value? = nil, parser: ValueParser<Value>, help: String
  ) {
    spec = OptionSpec(long, short: short, value: value, repeatable: repeatable, help: help)
    self.parser = parser
    self.defaultValue = defaultValue
  }

  /// `--output` as messages name it.
  var long: String { spec.long }
}

extension Option where Value == Bool {
  /// A flag: `true` when given, `false` otherwise.
  init(flag long: String, short: Character? = nil, help: String) {
    spec = OptionSpec(long, short: short, help: help)
    parser = ValueParser { _ throws(ValueError) in true }
    defaultValue = false
  }
}

extension Option where Value == String {
  /// An option whose value is any text.
  init(
    _ long: String, short: Character? = nil, _ value: ValueSpec, repeatable: Bool = false,
    help: String
  ) {
    self.init(
      long, short: short, value, repeatable: repeatable, parser: .text, help: help)
  }
}

/// Anything a command's ``OptionGroup`` lists: a typed ``Option`` or an untyped ``OptionSpec``
/// (the tool's own options, which stand in place of a command).
protocol OptionDeclaration: Sendable {
  /// The description that help, man pages and completions render.
  var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
  var spec: OptionSpec { self }
}
