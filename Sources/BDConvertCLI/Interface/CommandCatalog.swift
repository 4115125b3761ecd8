/// Every command of `bdconvert`, and the tool itself. Help, man pages, completions and dispatch
/// read this list: a new command is one more entry in ``commands``.
enum CommandCatalog {
  /// The commands, in the order help lists them.
  static let commands: [CommandSpec] = [
    .convert, .vcfToICS, .csvToICS, .merge, .list, .delete, .sync, .upcoming,
  ]

  /// The command named `name`.
  static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }

  /// The tool's own description: global options and overview.
  static let tool = ToolSpec(
    abstract: "turn the birthdays in address books into a calendar any calendar app imports",
    usage: "bdconvert <command> [options]",
    commands: commands,
    discussion: [
      .paragraph(
        "Each calendar has one yearly all-day event per birthday with a reminder at 08:00 on the "
          + "day. Diagnostics go to standard error. 'bdconvert help COMMAND' or 'bdconvert "
          + "COMMAND --help' shows a command's options."),
      .paragraph(
        "Default options may be kept in $XDG_CONFIG_HOME/bdconvert/config "
          + "(~/.config/bdconvert/config), one per line as 'leap-day = mar1'; the command line "
          + "wins, and --no-config ignores the file."),
    ],
    options: [
      OptionSpec(
        "--help", short: "h", help: "show this help ('bdconvert help COMMAND' for a command)"),
      OptionSpec("--version", short: "V", help: "show the version"),
      OptionSpec(
        "--completion",
        value: ValueSpec(
          "SHELL", .choices([Choice("bash", ""), Choice("zsh", ""), Choice("fish", "")])),
        help:
          "print the completion script for SHELL (bash, zsh or fish); see docs/commands.md for "
          + "where to put it"),
      OptionSpec(
        "--man-pages", value: ValueSpec("DIR", .directories),
        help: "write the man pages (bdconvert.1 and one per command) into DIR"),
    ],
    examples: [
      "bdconvert convert contacts.vcf -o birthdays.ics",
      "bdconvert csv-to-ics google.csv outlook.csv --for google -o birthdays.ics",
      "bdconvert list birthdays.ics",
      "bdconvert delete --uid 0b7c…-… birthdays.ics --in-place",
      "bdconvert help convert",
    ],
    exitStatuses: [
      StatusSpec(.success, "success"), StatusSpec(.usage, "usage error"),
      StatusSpec(.dataError, "bad data"), StatusSpec(.noInput, "input cannot be opened"),
      StatusSpec(.cannotCreate, "output cannot be created"), StatusSpec(.ioError, "I/O error"),
    ])
}

/// The tool as a whole: what `bdconvert --help` and `bdconvert(1)` describe.
struct ToolSpec: Sendable {
  /// One line without a final period.
  var abstract: String
  /// `bdconvert <command> [options]`.
  var usage: String
  /// The commands.
  var commands: [CommandSpec]
  /// Text after the list of commands.
  var discussion: [HelpBlock]
  /// Options that stand in place of a command.
  var options: [OptionSpec]
  /// Command lines.
  var examples: [String]
  /// Exit statuses of all commands.
  var exitStatuses: [StatusSpec]

  /// `usage: bdconvert <command> [options]   (see 'bdconvert --help')`.
  var usageText: String { "usage: \(usage)   (see 'bdconvert --help')" }
}
