import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `list`: one line (or one JSON object) per event, sorted by next occurrence.
struct ListCommand {
  static let usage = "usage: bdconvert list [FILE.ics] [--json] [--today YYYY-MM-DD]"

  static let help = """
    bdconvert list: show a calendar's events with their UIDs and next dates.

    \(usage)

    One line per event, tab-separated, sorted by next occurrence (then UID):
      NEXT<TAB>DATE<TAB>UID<TAB>SUMMARY
    NEXT is the next occurrence on or after today (YYYY-MM-DD, '-' when there is none),
    following the RRULE in the file, including its leap-day rule. DATE is the event's date:
    YYYY-MM-DD, or --MM-DD when the year is not known. Overrides (RECURRENCE-ID) are folded
    into their event. An event whose RRULE cannot be interpreted is listed with NEXT '-' and
    a warning on standard error. Reads FILE or standard input once; a large calendar is
    sorted through unnamed temporary files in $TMPDIR (default /tmp), so memory stays small.

    options:
      --json                one JSON object per line instead:
                            {"uid":…,"summary":…,"date":…,"next":…|null,"rrule":…|null}
      --today YYYY-MM-DD    compute next occurrences from this date (default: today, local time)
      -h, --help            show this help

    examples:
      bdconvert list birthdays.ics
      bdconvert list export.ics --json | jq -r 'select(.next != null) | .uid'
      bdconvert list birthdays.ics | cut -f3     # just the UIDs, for 'bdconvert delete'

    exit status: 0 success, 64 usage, 65 malformed calendar, 66 input cannot be opened,
    74 I/O error (also a temporary file that cannot be written).

    """

  static let options: [ArgumentScanner.Option] = [
    .init(spellings: ["--json"], takesValue: false),
    .init(spellings: ["--today"], takesValue: true),
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
      throw .usage("list takes one calendar file, not \(scanned.operands.count)", usage)
    }
    let today: CivilDate
    if let text = scanned.last("--today") {
      guard text.utf8.count == 10, let date = ISODateArgument.parse(text) else {
        throw .usage("invalid --today '\(text)': expected YYYY-MM-DD", usage)
      }
      today = date
    } else {
      today = localToday()
    }
    let input = try InputFile.open(scanned.operands.first ?? "-")
    defer { input.close() }
    let printer = DiagnosticPrinter(strict: false)
    let json = scanned.has("--json")
    var text = ""
    do {
      // Streams: the events arrive in order after the whole input was read and sorted, and
      // are printed in 64 KiB blocks.
      try CalendarLister.forEachEvent(
        in: input.byteSource, fileName: input.displayName, today: today,
        diagnostics: printer.handler
      ) { event in
        text += (json ? event.jsonLine : event.textLine) + "\n"
        if text.utf8.count >= 1 << 16 {
          StandardStreams.output(text)
          text = ""
        }
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    StandardStreams.output(text)
    return .success
  }

  private static func localToday() -> CivilDate {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return CivilDate(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      ?? CivilDate(year: 2000, month: 1, day: 1)!
  }
}
