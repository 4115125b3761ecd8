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
      .paragraph(
        "In another language (--lang, or LC_ALL, LC_MESSAGES, LANG) DAY, WHEN, KIND and the "
          + "headings are in its words, as in the calendar's reminders; DATE and AGE stay "
          + "digits and --json stays the same, for scripts. Under LANG=de_DE.UTF-8:"),
      .literal(["2026-05-01<TAB>Fr<TAB>morgen<TAB>Anna Nagy<TAB>41<TAB>Geburtstag"]),
    ],
    optionGroups: [
      OptionGroup(
        "options",
        [
          CalendarOption.days, CalendarOption.upcomingToday, CalendarOption.upcomingJSON,
          CalendarOption.upcomingLang,
          ConversionOption.anniversaries, CalendarOption.allEvents, ConversionOption.leapDay,
          ConversionOption.group, ConversionOption.exclude, ConversionOption.excludeFrom,
          ConversionOption.memorials, ConversionOption.otherDates, ConversionOption.hebrewAdar,
          CommonOption.verboseWarnings,
          CommonOption.color, CommonOption.noConfig, CommonOption.help,
        ]),
      OptionGroup(
        "csv options",
        [
          ConversionOption.delimiter, ConversionOption.dateOrder, ConversionOption.dateCalendar,
          ConversionOption.column,
        ]),
      ServerOption.group(calendarName: false, addressBook: true),
    ],
    examples: [
      "bdconvert upcoming contacts.vcf",
      "bdconvert upcoming google.csv --days 7 --anniversaries",
      "bdconvert upcoming birthdays.ics --json | jq -r 'select(.days == 0) | .name'",
      "bdconvert upcoming contacts.vcf --days 7 | mail -E -s Birthdays me@example.org",
      "bdconvert upcoming contacts.vcf --lang de",
    ],
    environment: ServerAccess.environment + [
      Choice(
        "LC_ALL", "the language of the lines and the table unless --lang (then LC_MESSAGES, LANG)"),
      Choice("LC_MESSAGES", "the language when LC_ALL is not set"),
      Choice("LANG", "the language when neither LC_ALL nor LC_MESSAGES is set"),
    ],
    exitStatuses: [
      StatusSpec(.success, "success"), StatusSpec(.usage, "usage error"),
      StatusSpec(.dataError, "not a contact file or calendar"),
      StatusSpec(.noInput, "input cannot be opened"),
      StatusSpec(.ioError, "I/O error"),
    ] + ServerAccess.exitStatuses,
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation, UpcomingCommand.run)
    })
}
