/// What the conversion commands' descriptions share: their option groups, notes, environment
/// and exit statuses.
enum ConversionHelp {
  typealias O = ConversionOption

  /// The groups every conversion command has.
  static func groups(csv: Bool) -> [OptionGroup] {
    var groups = [
      OptionGroup("output", [O.output, O.outputDirectory, O.calendarName, O.summaryJSON]),
      OptionGroup(
        "events",
        [
          O.alarm, O.noAlarm, O.leapDay, O.anniversaries, O.summary, O.message,
          O.anniversarySummary, O.anniversaryMessage, O.lang, O.ageYears, O.today, O.years,
          O.hebrewAdar, O.client,
        ]),
      OptionGroup("whose dates", [O.group, O.exclude, O.excludeFrom, O.memorials, O.otherDates]),
    ]
    if csv {
      groups.append(
        OptionGroup("csv options", [O.delimiter, O.dateOrder, O.dateCalendar, O.column]))
    }
    groups.append(
      OptionGroup(
        "checking",
        [
          O.strict, O.quiet, O.verbose, CommonOption.color, CommonOption.noConfig,
          CommonOption.help,
        ]
      ))
    groups.append(OptionGroup("speed", [O.threads]))
    return groups
  }

  /// `group` without the options that name output files (`-o`, `--output-dir`,
  /// `--summary-json`), for `sync`, whose output is its target.
  static func withoutOutputFiles(_ group: OptionGroup) -> OptionGroup {
    let excluded: Set<String> = [O.output.long, O.outputDirectory.long, O.summaryJSON.long]
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
    Choice("LC_ALL", "the language of the texts unless --lang (then LC_MESSAGES, LANG)"),
    Choice("LC_MESSAGES", "the language when LC_ALL is not set"),
    Choice("LANG", "the language when neither LC_ALL nor LC_MESSAGES is set"),
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
