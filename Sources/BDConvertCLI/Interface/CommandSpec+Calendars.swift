extension CommandSpec {
  /// `list`: one line or JSON object per event.
  static let list = CommandSpec(
    name: "list",
    abstract: "show a calendar's events with their UIDs and next dates",
    brief: "list [FILE.ics...]",
    usage: [
      "list [FILE.ics...] [--json] [--today YYYY-MM-DD]",
      "list URL [--user NAME] [--calendar-name NAME] [--json]",
    ],
    operands: ValueSpec("FILE.ics|URL", .files(["ics", "ical", "ifb", "icalendar"])),
    discussion: [
      .paragraph(
        "One line per event, tab-separated, sorted by next occurrence (then UID); on a "
          + "terminal the columns are aligned under a header instead:"),
      .literal(["NEXT<TAB>DATE<TAB>UID<TAB>SUMMARY"]),
      .paragraph(
        "NEXT is the next occurrence on or after today (YYYY-MM-DD, '-' when there is none), "
          + "following the RRULE (all of RFC 5545 but RSCALE), RDATE and EXDATE in the file, "
          + "including its leap-day rule, as the date in the event's own time zone. DATE is the event's "
          + "date: YYYY-MM-DD, or --MM-DD when the year is not known (in calendars bdconvert wrote, the "
          + "year of a birthday or anniversary comes from its description, 'Born 1985-04-12' or "
          + "'Since 1998-05-23'). Overrides (RECURRENCE-ID) "
          + "are folded into their event, moving or cancelling its occurrences. An event whose RRULE cannot be interpreted is listed "
          + "with NEXT '-' and a warning on standard error. Several FILEs are listed as one: an event "
          + "whose UID is in several is listed once, from the first FILE that has it (as merge "
          + "keeps it). Reads each FILE or standard input once; a "
          + "large calendar is sorted through unnamed temporary files in $TMPDIR (default /tmp), "
          + "so memory stays small."),
      .paragraph(
        "URL is a CalDAV calendar collection (https://, or http:// to a loopback address, or with "
          + "--allow-http to a private network's); a "
          + "server or principal URL also works: the calendar is found through "
          + "/.well-known/caldav and the calendar home, and chosen by --calendar-name when there "
          + "are several. Every event resource is read (in batches of 200) and listed as one "
          + "calendar; a resource that is not a well-formed calendar is skipped with a warning "
          + "naming its path."),
    ],
    optionGroups: [
      OptionGroup(
        "options",
        [
          CalendarOption.listJSON, CalendarOption.listToday, CommonOption.verboseWarnings,
          CalendarOption.listThreads, CommonOption.color, CommonOption.noConfig, CommonOption.help,
        ]),
      ServerOption.group(calendarName: true),
    ],
    examples: [
      "bdconvert list birthdays.ics",
      "bdconvert list export.ics --json | jq -r 'select(.next != null) | .uid'",
      "bdconvert list birthdays.ics | cut -f3   # the UIDs, for 'bdconvert delete'",
      "bdconvert list family.ics work.ics --today 2027-01-01",
      "bdconvert list https://dav.example.com/cal/me/birthdays/ --user me",
      "bdconvert list https://pi.home.arpa/me/birthdays/ --user me --ca-file pi.pem",
    ],
    environment: ServerAccess.environment,
    exitStatuses: [
      StatusSpec(.success, "success"), StatusSpec(.usage, "usage error"),
      StatusSpec(.dataError, "malformed calendar (or an unusable answer from a server)"),
      StatusSpec(.noInput, "input cannot be opened (or no such calendar on the server)"),
      StatusSpec(.ioError, "I/O error (also a temporary file that cannot be written)"),
    ] + ServerAccess.exitStatuses,
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation, ListCommand.run)
    })

  /// `delete`: remove events by UID, keeping every other byte.
  static let delete = CommandSpec(
    name: "delete",
    abstract: "remove events from an iCalendar file by UID",
    brief: "delete --uid UID ...",
    usage: [
      "delete --uid UID... [--uids-from FILE] [FILE.ics] [-o OUT]",
      "delete --uid UID... [--uids-from FILE] FILE.ics --in-place",
      "delete --uid UID... [--uids-from FILE] URL [--user NAME]",
      "delete --uid UID... [--uids-from FILE] FILE.ics|URL --dry-run",
    ],
    operands: ValueSpec("FILE.ics|URL", .files(["ics", "ical", "ifb", "icalendar"])),
    discussion: [
      .paragraph(
        "Every component whose UID matches is removed: the event, all its RECURRENCE-ID "
          + "overrides and their alarms (also a VTODO or VJOURNAL with that UID). Every other "
          + "byte of the file stays exactly as it was. Find UIDs with 'bdconvert list'."),
      .paragraph(
        "Without -o or --in-place the edited calendar goes to standard output, but not to a "
          + "terminal: there delete refuses (exit 64) and says to use --in-place or -o FILE "
          + "('-o -' writes to the terminal anyway)."),
      .paragraph(
        "With a CalDAV calendar URL instead of FILE.ics the events are removed from the server, "
          + "where phones and calendar apps sync from, so the reminders stop there too. The "
          + "resources holding each UID are found with a calendar-query and deleted only if "
          + "nobody changed them meanwhile (If-Match); a resource changed meanwhile is read "
          + "again and handled once more. A UID that is not there is a warning, as for files."),
    ],
    optionGroups: [
      OptionGroup(
        "options",
        [
          CalendarOption.uid, CalendarOption.uidsFrom, CalendarOption.deleteOutput,
          CalendarOption.inPlace, CalendarOption.deleteDryRun, CalendarOption.deleteVerbose,
          CommonOption.color, CommonOption.noConfig, CommonOption.help,
        ]),
      ServerOption.group(calendarName: true),
    ],
    notes: [
      .paragraph(
        "A UID that is not in the calendar prints a warning and is otherwise ignored: the exit "
          + "status is still 0, as it is when --uids-from gives no UID at all ('nothing to "
          + "delete'; the calendar is copied unchanged to -o or standard output, and left alone "
          + "with --in-place). The last line counts the events removed. Malformed input (unbalanced BEGIN/END, not iCalendar) exits 65 "
          + "and nothing is written. The calendar is read once: standard output is held back "
          + "until the end, beyond 8 MiB in an unnamed temporary file in $TMPDIR (default /tmp)."),
      .paragraph(
        "Deleting from the file does NOT delete copies already imported into Google Calendar, "
          + "Apple Calendar or Outlook: delete them there, or import the edited file into a "
          + "fresh calendar, or subscribe to the file instead of importing it."),
    ],
    examples: [
      "bdconvert delete --uid 2f1c…-… birthdays.ics --in-place",
      "bdconvert delete --uid a@example.com --uid b@example.com old.ics -o new.ics",
      "bdconvert list birthdays.ics | grep 'Jane' | cut -f3 > uids.txt",
      "bdconvert delete --uids-from uids.txt birthdays.ics --in-place",
      "bdconvert delete --uid 2f1c…-… https://dav.example.com/cal/me/birthdays/",
      "bdconvert delete --uids-from uids.txt birthdays.ics --dry-run",
    ],
    environment: ServerAccess.environment,
    exitStatuses: [
      StatusSpec(.success, "success (also when a UID is not found)"),
      StatusSpec(.usage, "usage error (also: the calendar would go to a terminal)"),
      StatusSpec(.dataError, "malformed calendar (or an unusable answer from a server)"),
      StatusSpec(.noInput, "input cannot be opened (or no such calendar on the server)"),
      StatusSpec(.cannotCreate, "output cannot be created"),
      StatusSpec(.ioError, "I/O error or a full disk (the calendar is left as it was)"),
    ] + ServerAccess.exitStatuses,
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation, DeleteCommand.run)
    })

  /// `merge`: several calendars into one, one event per UID.
  static let merge = CommandSpec(
    name: "merge",
    abstract: "merge iCalendar files into one, one event per UID",
    brief: "merge FILE.ics...",
    usage: ["merge FILE.ics... [-o OUT]"],
    operands: ValueSpec("FILE.ics", .files(["ics", "ical", "ifb", "icalendar"])),
    discussion: [
      .paragraph(
        "For scripts that convert piecewise. The calendar properties (VERSION, PRODID, name) "
          + "come from the first file; time zones (VTIMEZONE) are kept once per TZID; events and "
          + "other components follow in input order. Components with the same UID (an event and "
          + "its RECURRENCE-ID overrides) are one event: the first file that has the UID wins, "
          + "later copies are left out, with a warning when they differ (DTSTAMP, SEQUENCE and "
          + "LAST-MODIFIED aside). Components are copied byte for byte.")
    ],
    optionGroups: [
      OptionGroup(
        "options",
        [
          CalendarOption.mergeOutput, ConversionOption.quiet, CommonOption.color,
          CommonOption.noConfig, CommonOption.help,
        ])
    ],
    examples: [
      "bdconvert merge family.ics work.ics -o all.ics",
      "bdconvert convert a.vcf -o a.ics && bdconvert merge a.ics old.ics -o all.ics",
    ],
    exitStatuses: [
      StatusSpec(.success, "success (warnings may have been printed)"),
      StatusSpec(.usage, "usage error"), StatusSpec(.dataError, "malformed calendar"),
      StatusSpec(.noInput, "input cannot be opened"),
      StatusSpec(.cannotCreate, "output cannot be created"), StatusSpec(.ioError, "I/O error"),
    ],
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation, MergeCommand.run)
    })
}
