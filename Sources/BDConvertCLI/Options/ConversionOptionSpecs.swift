/// The options of the commands that convert address books (`convert`, `vcf-to-ics`,
/// `csv-to-ics`), shared by their descriptions.
enum ConversionOptionSpecs {
  static let output = OptionSpec(
    "--output", short: "o", value: ValueSpec("PATH", .files(["ics"])),
    help:
      "write the calendar to PATH atomically (temporary file, then rename); a FIFO or device is "
      + "written through, a read-only PATH refused (exit 73). Default, or '-': standard output.")
  static let outputDirectory = OptionSpec(
    "--output-dir", value: ValueSpec("DIR", .directories),
    help:
      "one calendar per input, DIR/NAME.ics for input NAME.vcf or NAME.csv, each written "
      + "atomically; DIR is created if missing. Not with -o or standard input.")
  static let calendarName = OptionSpec(
    "--calendar-name", value: ValueSpec("NAME"),
    help: "calendar name shown by apps (NAME, X-WR-CALNAME); '' for none. Default: Birthdays")
  static let summaryJSON = OptionSpec(
    "--summary-json", value: ValueSpec("FILE", .files(["json"])),
    help:
      "also write a JSON summary for scripts to FILE ('-' for standard error): counts per "
      + "calendar, and every skipped record or date with its file, line and reason.")

  static let alarm = OptionSpec(
    "--alarm", value: ValueSpec("SPEC"), repeatable: true,
    help:
      "reminder, repeatable: HH:MM on the day, or -Nd@HH:MM N days before. Default: one at "
      + "08:00 on the day.")
  static let noAlarm = OptionSpec("--no-alarm", help: "no reminders")
  static let leapDay = OptionSpec(
    "--leap-day",
    value: ValueSpec(
      "POLICY",
      .choices([
        Choice("feb28", "28 February (default; works in every client)"),
        Choice("mar1", "1 March (BYYEARDAY=60; not Outlook/Nextcloud)"),
        Choice("feb29", "nothing: leap years only"),
      ])),
    help: "what a 29 February date does in common years:")
  static let anniversaries = OptionSpec(
    "--anniversaries", help: "also write anniversary events")
  static let summary = OptionSpec(
    "--summary", value: ValueSpec("TEMPLATE"),
    help:
      "event title (also for anniversaries unless --anniversary-summary). Default: 'Birthday: "
      + "{name}' ('Anniversary: {name}')")
  static let message = OptionSpec(
    "--message", value: ValueSpec("TEMPLATE"),
    help:
      "reminder text (also for anniversaries unless --anniversary-message). Default: it says "
      + "when: 'Wish {first} {last} a Happy Birthday today!' on the day, \"{name}'s birthday is "
      + "tomorrow\" the day before, \"{name}'s birthday is in N days\". Placeholders: {name} "
      + "{first} {last} {year} {age} {ordinal}; an empty value takes its () or [] along, or the "
      + "separator before it (, - – |).")
  static let anniversarySummary = OptionSpec(
    "--anniversary-summary", value: ValueSpec("TEMPLATE"),
    help: "anniversary title. Example: '💍 {name} ({ordinal})'")
  static let anniversaryMessage = OptionSpec(
    "--anniversary-message", value: ValueSpec("TEMPLATE"),
    help: "anniversary reminder text. Default: as --message's, with 'Anniversary'")
  static let ageYears = OptionSpec(
    "--age-years", value: ValueSpec("N"),
    help:
      "with {age} or {ordinal} in a template: the yearly event has a title without the age, "
      + "and each of the N years from this one (default 3) an override (RECURRENCE-ID) with it. "
      + "The summary says until which year; run again before then, or sync (each sync moves "
      + "the years on). 0: no overrides. Not without the year of birth.")
  static let today = OptionSpec(
    "--today", value: ValueSpec("YYYY-MM-DD"),
    help:
      "the date taken as today for ages (default: today, or the day of SOURCE_DATE_EPOCH when "
      + "set)")
  static let group = OptionSpec(
    "--group", value: ValueSpec("NAME"), repeatable: true,
    help:
      "only contacts in this group, repeatable (any of them): vCard CATEGORIES or group "
      + "cards (Apple, vCard 4 KIND:group), Google CSV Labels or Group Membership, Outlook "
      + "Categories; case is ignored")
  static let exclude = OptionSpec(
    "--exclude", value: ValueSpec("PATTERN"), repeatable: true,
    help:
      "leave out contacts whose name or UID matches PATTERN (* any text, ? one character, case "
      + "ignored), repeatable")
  static let excludeFrom = OptionSpec(
    "--exclude-from", value: ValueSpec("FILE", .files([])), repeatable: true,
    help: "the --exclude patterns in FILE, one a line ('#' starts a comment)")
  static let memorials = OptionSpec(
    "--memorials",
    help:
      "for people who have died (vCard 4 DEATHDATE), a yearly 'In memory of {name}' event on "
      + "the date of death. Default: no event for them (no birthday wishes), counted in the "
      + "summary")
  static let otherDates = OptionSpec(
    "--other-dates",
    help:
      "also a yearly event for each other labelled date: Apple X-ABDATE with its X-ABLABEL, "
      + "Google CSV 'Event N - Label' other than Anniversary; titled '{label}: {name}'")
  static let client = OptionSpec(
    "--for",
    value: ValueSpec(
      "CLIENT",
      .choices(ClientPreset.allCases.map { Choice($0.rawValue, $0.summary) })),
    help:
      "write what this calendar app honours (reminders and leap-day rule) and say what it will "
      + "do anyway:")

  static let strict = OptionSpec(
    "--strict",
    help:
      "any record that cannot be converted fails the run (exit 65) and nothing is written: no "
      + "-o file is written or changed, nothing appears on standard output (held in a temporary "
      + "file in $TMPDIR until the run succeeds). Default: skip it with a warning naming "
      + "file:line and convert the rest.")
  static let quiet = OptionSpec(
    "--quiet", short: "q", help: "no summary line and no notes (warnings are still printed)")
  static let verbose = OptionSpec(
    "--verbose", short: "v",
    help:
      "print every warning: without it, after 20 warnings of one kind the others are only "
      + "counted, in one line at the end (--summary-json lists them all anyway)")
  static let color = OptionSpec(
    "--color",
    value: ValueSpec(
      "WHEN",
      .choices([
        Choice("auto", "on a terminal, unless NO_COLOR is set (default)"),
        Choice("always", ""), Choice("never", ""),
      ])),
    help: "colour warnings and errors:")
  static let help = OptionSpec("--help", short: "h", help: "show this help")
  static let noConfig = OptionSpec(
    "--no-config",
    help:
      "ignore the config file, $XDG_CONFIG_HOME/bdconvert/config (default "
      + "~/.config/bdconvert/config): default options, one per line, as 'leap-day = mar1' or "
      + "'anniversaries'; options given here replace its lines")

  static let threads = OptionSpec(
    "--threads", value: ValueSpec("N"),
    help:
      "threads for a regular input file of 8 MB or more, 1 MiB for vCard (default: the number of "
      + "cores, at most 8; 1 to read on one thread). Output, warnings and exit status are the same "
      + "whatever N is. On a terminal, runs longer than a second show progress on standard "
      + "error, with the percentage and the time left when the inputs are files.")

  static let delimiter = OptionSpec(
    "--delimiter",
    value: ValueSpec(
      "C", .choices([Choice(",", ""), Choice(";", ""), Choice("tab", "")])),
    help: "force the CSV delimiter: ',' ';' 'tab' or any one character")
  static let dateOrder = OptionSpec(
    "--date-order",
    value: ValueSpec(
      "ORDER",
      .choices([
        Choice("mdy", "5/10/1971 is 10 May"), Choice("dmy", "5/10/1971 is 5 October"),
        Choice("ymd", "1971/10/5 is 5 October"),
      ])),
    help:
      "for numeric dates such as 5/10/1971. Without it the order is taken from the file only "
      + "when a day above 12 proves it; otherwise the run stops and asks for this option.")
  static let column = OptionSpec(
    "--column", value: ValueSpec("FIELD=HEADER"), repeatable: true,
    help:
      "map a CSV column by hand, repeatable. FIELD: name first middle last birthday "
      + "anniversary uid. Example: --column birthday=\"Geburtstag\"")

  /// The groups every conversion command has.
  static func groups(csv: Bool) -> [OptionGroup] {
    var groups = [
      OptionGroup("output", [output, outputDirectory, calendarName, summaryJSON]),
      OptionGroup(
        "events",
        [
          alarm, noAlarm, leapDay, anniversaries, summary, message, anniversarySummary,
          anniversaryMessage, ageYears, today, client,
        ]),
      OptionGroup("whose dates", [group, exclude, excludeFrom, memorials, otherDates]),
    ]
    if csv { groups.append(OptionGroup("csv options", [delimiter, dateOrder, column])) }
    groups.append(OptionGroup("checking", [strict, quiet, verbose, color, noConfig, help]))
    groups.append(OptionGroup("speed", [threads]))
    return groups
  }

  /// `group` without the options that name output files (`-o`, `--output-dir`,
  /// `--summary-json`), for `sync`, whose output is its target.
  static func withoutOutputFiles(_ group: OptionGroup) -> OptionGroup {
    let excluded: Set<String> = [output.long, outputDirectory.long, summaryJSON.long]
    return OptionGroup(group.title, group.options.filter { !excluded.contains($0.long) })
  }

  /// Text after the options of every conversion command: inputs that cannot be used.
  static let notes: [HelpBlock] = [
    .paragraph(
      "An input in the wrong format stops before anything is read: a vCard file given to "
        + "csv-to-ics, a CSV file given to vcf-to-ics, a calendar given to any of them (exit 65, "
        + "naming the command to use). With several inputs, one that cannot be used as a whole "
        + "(missing, unreadable, not a contact file, no birthday column) is reported and left "
        + "out; the others are converted and the calendar is written, and the exit status is "
        + "that input's (66 or 65), as with cat or gzip. Under --strict nothing is written.")
  ]

  static let environment = [
    Choice("SOURCE_DATE_EPOCH", "seconds since 1970; fixes DTSTAMP for byte-identical output"),
    Choice("NO_COLOR", "when set and not empty, no colour (as --color never)"),
    Choice("XDG_CONFIG_HOME", "where the config file is: $XDG_CONFIG_HOME/bdconvert/config"),
  ]

  static let exitStatuses = [
    StatusSpec(.success, "success (warnings may have been printed)"),
    StatusSpec(.usage, "usage error"),
    StatusSpec(.dataError, "bad data under --strict, or not a contact file"),
    StatusSpec(.noInput, "input cannot be opened"),
    StatusSpec(.cannotCreate, "output cannot be created"),
    StatusSpec(.ioError, "I/O error"),
  ]
}
