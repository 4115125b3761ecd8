import BirthdayKit

/// `delete`: remove events from a calendar by UID, keeping every other byte.
struct DeleteCommand {
  static let usage =
    "usage: bdconvert delete --uid UID [--uid UID...] [--uids-from FILE] [FILE.ics] [-o OUT | --in-place]"

  static let help = """
    bdconvert delete: remove events from an iCalendar file by UID.

    \(usage)

    Every component whose UID matches is removed: the event, all its RECURRENCE-ID overrides
    and their alarms (also a VTODO or VJOURNAL with that UID). Every other byte of the file
    stays exactly as it was. Find UIDs with 'bdconvert list'.

    options:
      --uid UID             a UID to remove (repeatable; matched exactly, case-sensitive)
      --uids-from FILE      read UIDs from FILE, one per line (blank lines ignored)
      -o, --output PATH     write the result to PATH atomically (default: standard output)
      --in-place            replace FILE.ics atomically; on any failure it stays untouched
      -h, --help            show this help

    A UID that is not in the calendar prints a warning and is otherwise ignored: the exit
    status is still 0. Malformed input (unbalanced BEGIN/END, not iCalendar) exits 65 and
    nothing is written. The calendar is read twice (checked, then edited); from a pipe, more
    than 8 MiB of it is first copied to an unnamed temporary file in $TMPDIR (default /tmp).

    Deleting from the file does NOT delete copies already imported into Google Calendar,
    Apple Calendar or Outlook: delete them there, or import the edited file into a fresh
    calendar, or subscribe to the file instead of importing it.

    examples:
      bdconvert delete --uid 2f1c…-… birthdays.ics --in-place
      bdconvert delete --uid a@example.com --uid b@example.com old.ics -o new.ics
      bdconvert list birthdays.ics | grep 'Jane' | cut -f3 > uids.txt
      bdconvert delete --uids-from uids.txt birthdays.ics --in-place

    exit status: 0 success (also when a UID is not found), 64 usage, 65 malformed calendar,
    66 input cannot be opened, 73 output cannot be created, 74 I/O error.

    """

  static let options: [ArgumentScanner.Option] = [
    .init(spellings: ["--uid"], takesValue: true),
    .init(spellings: ["--uids-from"], takesValue: true),
    .init(spellings: ["-o", "--output"], takesValue: true),
    .init(spellings: ["--in-place"], takesValue: false),
    .init(spellings: ["-h", "--help"], takesValue: false),
  ]

  /// Parses the arguments and runs; returns the exit status.
  static func run(_ arguments: [String]) throws(CommandError) -> ExitStatus {
    let scanned = try ArgumentScanner(options: options, usage: usage).scan(arguments)
    if scanned.has("--help") {
      StandardStreams.output(help)
      return .success
    }
    guard scanned.operands.count <= 1 else {
      throw .usage("delete takes one calendar file, not \(scanned.operands.count)", usage)
    }
    let path = scanned.operands.first ?? "-"
    let inPlace = scanned.has("--in-place")
    let outputPath = scanned.last("--output")
    if inPlace, outputPath != nil {
      throw .usage("'--in-place' cannot be combined with '-o'", usage)
    }
    if inPlace, path == "-" { throw .usage("'--in-place' needs a FILE, not standard input", usage) }
    let uidFiles = scanned.values("--uids-from")
    if path == "-", uidFiles.contains("-") {
      throw .usage("standard input cannot be both the calendar and '--uids-from'", usage)
    }
    var uids = scanned.values("--uid")
    for uidFile in uidFiles { uids += try readUIDs(uidFile) }
    guard !uids.isEmpty else { throw .usage("no UID given: use --uid or --uids-from", usage) }

    let input = try CalendarInput.open(path)
    defer { input.file.close() }
    // Validate first: nothing is written for a malformed calendar, not even on standard output.
    do {
      try input.withSource { source in
        try CalendarEditor.validate(AnyByteSource(base: source), fileName: input.file.displayName)
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    let output: OutputTarget
    if inPlace {
      output = try OutputTarget.file(path, allowReplacingInput: true, usage: usage)
    } else if let outputPath {
      output = try OutputTarget.file(
        outputPath, inputs: input.file.identity.map { [$0] } ?? [], usage: usage)
    } else {
      output = OutputTarget.standardOutput()
    }
    let report: DeletionReport
    do {
      var sink = output.sink
      report = try input.withSource { source in
        try CalendarEditor.delete(
          uids: uids, from: AnyByteSource(base: source), fileName: input.file.displayName,
          to: &sink)
      }
    } catch {
      output.discard()
      throw CalendarInput.commandError(error)
    }
    try output.commit()
    for uid in report.notFound {
      StandardStreams.error(
        Diagnostic("UID '\(uid)' not found in the calendar", at: nil).rendered() + "\n")
    }
    let noun = report.totalRemoved == 1 ? "component" : "components"
    StandardStreams.error("bdconvert: removed \(report.totalRemoved) \(noun)\n")
    return .success
  }

  private static func readUIDs(_ path: String) throws(CommandError) -> [String] {
    let file = try InputFile.open(path)
    defer { file.close() }
    var reader = LineReader(file.byteSource)
    var uids: [String] = []
    do {
      while let line = try reader.nextLine({ String(decoding: $0, as: UTF8.self) }) {
        if !line.isEmpty { uids.append(line) }
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    return uids
  }
}
