/// One option of a command, described once: the parser, `--help`, the man pages and the shell
/// completions are all generated from it.
struct OptionSpec: Sendable {
  /// The long spelling with its dashes: `--output`.
  var long: String
  /// The one-letter spelling, if any: `o` for `-o`.
  var short: Character?
  /// The value it takes, or `nil` for a flag.
  var value: ValueSpec?
  /// What it does: one paragraph, wrapped when rendered.
  var help: String
  /// Whether it may be given several times (all values are kept).
  var repeatable = false

  /// Creates an option.
  init(
    _ long: String, short: Character? = nil, value: ValueSpec? = nil, repeatable: Bool = false,
    help: String
  ) {
    self.long = long
    self.short = short
    self.value = value
    self.repeatable = repeatable
    self.help = help
  }

  /// Every spelling: `-o`, `--output`.
  var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + [long] }

  /// Whether it takes a value.
  var takesValue: Bool { value != nil }

  /// `-o, --output PATH` as help shows it.
  var signature: String {
    let names = spellings.joined(separator: ", ")
    guard let value else { return names }
    return names + " " + value.name
  }
}

/// The value of an option, or the operands of a command.
struct ValueSpec: Sendable {
  /// The placeholder in help: `PATH`, `POLICY`.
  var name: String
  /// What a shell may offer for it.
  var completion: CompletionKind = .none

  /// Creates a value description.
  init(_ name: String, _ completion: CompletionKind = .none) {
    self.name = name
    self.completion = completion
  }
}

/// What shells complete for a value.
enum CompletionKind: Sendable {
  /// Free text: nothing to offer.
  case none
  /// One of a fixed set of words, each with a short description.
  case choices([Choice])
  /// File paths; with extensions (no dot), only those files (and folders to descend into).
  case files([String])
  /// Folders.
  case directories

  /// The words of ``choices(_:)``, else empty.
  var words: [String] {
    if case .choices(let choices) = self { return choices.map(\.word) }
    return []
  }
}

/// One word an option accepts, with what it means.
struct Choice: Sendable {
  /// The word: `feb28`.
  var word: String
  /// What it means, for help and completions.
  var help: String

  /// Creates a choice.
  init(_ word: String, _ help: String) {
    self.word = word
    self.help = help
  }
}
