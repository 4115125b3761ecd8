extension CommandSpec {
  /// `upcoming`: whose birthday is coming up.
  static let upcoming = CommandSpec(
    name: "upcoming",
    abstract: "whose birthday is coming up, from address books or calendars",
    brief: "upcoming [SOURCE...]",
    usage: ["upcoming [SOURCE...] [--days N] [--json] [options]"],
    operands: ValueSpec("SOURCE", .files(["vcf", "vcard", "csv", "ics"])),
    discussion: [
      .paragraph(
        "Who has a birthday (with --anniversaries also an anniversary) in the next N days, "
          + "today included, soonest first. Each SOURCE (no SOURCE, or '-', reads standard "
          + "input) is a vCard or CSV address book, read as convert reads it, a folder of .vcf "
          + "files (as khard and vdirsyncer keep address books), a CardDAV address-book or CalDAV "
          + "calendar URL, or an iCalendar file, whose events are followed by their own rules (CATEGORIES:ANNIVERSARY "
          + "marks an anniversary). Of a calendar only birthdays and anniversaries are shown "
          + "(unless --all-events): a calendar bdconvert wrote, CATEGORIES BIRTHDAY or "
          + "ANNIVERSARY, and the marks of the birthday calendars of Nextcloud, Google, Apple, "
          + "Evolution and KOrganizer. One line per date, tab-separated; on a terminal the "
          + "columns are aligned under a header instead:"),
      .literal(["DATE<TAB>DAY<TAB>WHEN<TAB>NAME<TAB>AGE<TAB>KIND"]),
      .paragraph(
        "WHEN is 'today', 'tomorrow' or 'in N days'; AGE the age turned (years married), empty "
          + "when the year is not known; KIND birthday or anniversary. 29 February follows "
          + "--leap-day in common years. Made for a daily mail from cron."),
    ],
    optionGroups: [
      OptionGroup(
        "options",
        [
          OptionSpec(
            "--days", value: ValueSpec("N"), help: "how many days, today included (default 14)"),
          OptionSpec(
            "--today", value: ValueSpec("YYYY-MM-DD"),
            help: "the first day (default: today, local time)"),
          OptionSpec(
            "--json",
            help:
              "one JSON object per line instead, with the keys date, days, uid, name, kind and "
              + "age (null when unknown)"),
          ConversionOptionSpecs.anniversaries,
          OptionSpec(
            "--all-events",
            help:
              "of a calendar, every event in the window, not only birthdays and "
              + "anniversaries (a choir rehearsal, an office party)"),
          ConversionOptionSpecs.leapDay, ConversionOptionSpecs.group, ConversionOptionSpecs.exclude,
          ConversionOptionSpecs.excludeFrom, ConversionOptionSpecs.memorials,
          ConversionOptionSpecs.otherDates,
          OptionSpec(
            "--verbose", short: "v",
            help: "print every warning (without it, 20 of one kind, then a count)"),
          ConversionOptionSpecs.color,
          ConversionOptionSpecs.noConfig,
          ConversionOptionSpecs.help,
        ]),
      OptionGroup(
        "csv options",
        [
          ConversionOptionSpecs.delimiter, ConversionOptionSpecs.dateOrder,
          ConversionOptionSpecs.dateCalendar, ConversionOptionSpecs.column,
        ]
      ),
      ServerAccess.options(calendarName: false, addressBook: true),
    ],
    examples: [
      "bdconvert upcoming contacts.vcf",
      "bdconvert upcoming google.csv --days 7 --anniversaries",
      "bdconvert upcoming birthdays.ics --json | jq -r 'select(.days == 0) | .name'",
      "bdconvert upcoming contacts.vcf --days 7 | mail -E -s Birthdays me@example.org",
    ],
    environment: [ServerAccess.environment],
    exitStatuses: [
      StatusSpec(.success, "success"), StatusSpec(.usage, "usage error"),
      StatusSpec(.dataError, "not a contact file or calendar"),
      StatusSpec(.noInput, "input cannot be opened"),
      StatusSpec(.ioError, "I/O error"),
    ] + ServerAccess.exitStatuses,
    run: { _, invocation throws(CommandError) in
      try UpcomingCommand.run(
        invocation.arguments, environment: invocation.environment, server: invocation.server)
    })
}
