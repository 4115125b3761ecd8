/// A command of `bdconvert`, described once: dispatch, `--help`, `bdconvert help COMMAND`, the
/// man pages and the shell completions are all generated from it. Adding a command is adding one
/// ``CommandSpec`` to ``CommandCatalog/commands``.
struct CommandSpec: Sendable {
  /// The word after `bdconvert`: `list`.
  var name: String
  /// What it does, one line without a final period (help title, man `NAME`, completions).
  var abstract: String
  /// The command with its main operands, for the tool's list of commands: `list [FILE.ics]`.
  var brief: String
  /// Usage forms after `bdconvert `: `list [FILE.ics] [--json] [--today YYYY-MM-DD]`.
  var usage: [String]
  /// The operands: their placeholder and what shells complete for them; `nil` for none.
  var operands: ValueSpec?
  /// Text between the usage and the options.
  var discussion: [HelpBlock] = []
  /// The options, in groups; the parser accepts exactly these.
  var optionGroups: [OptionGroup]
  /// Text after the options.
  var notes: [HelpBlock] = []
  /// Command lines, each starting with `bdconvert`; a `#` comment may follow.
  var examples: [String]
  /// Environment variables it reads.
  var environment: [Choice] = []
  /// What each exit status means for this command.
  var exitStatuses: [StatusSpec]
  /// Runs the command (given its own description) with the arguments after its name.
  var run: @Sendable (CommandSpec, Invocation) throws(CommandError) -> ExitStatus

  /// Every option of every group.
  var options: [OptionSpec] { optionGroups.flatMap(\.options) }

  /// `usage: bdconvert list ...` lines (the first with `usage:`, the others aligned under it),
  /// and where to find more.
  var usageText: String {
    let lines = usage.enumerated().map { index, form in
      (index == 0 ? "usage: " : "       ") + "bdconvert " + form
    }
    return lines.joined(separator: "\n") + "\n(see 'bdconvert \(name) --help')"
  }

  /// Runs the command with the arguments after its name.
  func execute(_ invocation: Invocation) throws(CommandError) -> ExitStatus {
    try run(self, invocation)
  }

  /// A parser for this command's options.
  var scanner: ArgumentScanner {
    ArgumentScanner(options: options, usage: usageText)
  }
}

/// A titled group of options in help (`output:`, `events:`).
struct OptionGroup: Sendable {
  /// The heading, lowercase: `output`.
  var title: String
  /// Its options.
  var options: [OptionSpec]

  /// Creates a group of typed options (or of untyped descriptions).
  init(_ title: String, _ options: [any OptionDeclaration]) {
    self.title = title
    self.options = options.map(\.spec)
  }
}

/// A block of help text.
enum HelpBlock: Sendable {
  /// Running text, wrapped to the width of the output.
  case paragraph(String)
  /// Lines shown as they are (indented by two spaces), never wrapped.
  case literal([String])
}

/// One exit status and what it means for a command.
struct StatusSpec: Sendable {
  /// The status.
  var status: ExitStatus
  /// What it means: `input cannot be opened`.
  var meaning: String

  /// Creates an entry.
  init(_ status: ExitStatus, _ meaning: String) {
    self.status = status
    self.meaning = meaning
  }
}

/// What a command runs with.
struct Invocation: Sendable {
  /// The arguments after the command name.
  var arguments: [String]
  /// The process environment.
  var environment: [String: String]
  /// The CalDAV/CardDAV client, in `bdconvert-dav` only.
  var server: (any ServerBackend)? = nil
}
