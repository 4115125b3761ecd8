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
      ToolOption.help.spec, ToolOption.version.spec, ToolOption.completion.spec,
      ToolOption.manPages.spec,
    ],
    examples: [
      "bdconvert convert contacts.vcf -o birthdays.ics",
      "bdconvert csv-to-ics google.csv outlook.csv --for google -o birthdays.ics",
      "bdconvert list birthdays.ics",
      "bdconvert delete --uid 0b7c…-… birthdays.ics --in-place",
      "bdconvert help convert",
    ],
    exitStatuses: [
      StatusSpec(.success, "success (warnings may have been printed)"),
      StatusSpec(
        .usage,
        "usage error, or a server URL or credentials refused (plain HTTP to a public address, "
          + "a password in the URL, a password file that cannot be read)"),
      StatusSpec(
        .dataError,
        "bad data: an input that is not the expected format, a problem under --strict; for "
          + "sync also a refused plan (a mass removal, a source with no contacts) or removals "
          + "held back because records could not be read"),
      StatusSpec(
        .noInput,
        "an input cannot be opened, or a server URL is not the collection expected (a "
          + "calendar given as an address book, or the other way round)"),
      StatusSpec(
        .unavailable, "a server cannot be reached, or answered with an unexpected status"),
      StatusSpec(.cannotCreate, "output cannot be created"),
      StatusSpec(.ioError, "I/O error or a full disk"),
      StatusSpec(
        .tempFailure,
        "a sync applied only part of its changes, a server kept failing, or --max-time or "
          + "--max-wait ran out; running it again finishes the job"),
      StatusSpec(.noPermission, "a server refused the credentials"),
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
