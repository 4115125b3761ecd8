/// Usage lines and `--help` texts. Kept together so the README and the help stay in step.
enum HelpText {
  static let version = "bdconvert 0.1.0"

  static let toolUsage = "usage: bdconvert <command> [options]   (see 'bdconvert --help')"

  static let tool = """
    bdconvert: turn the birthdays in address books into a calendar any calendar app imports.

    usage: bdconvert <command> [options]

    commands:
      vcf-to-ics [FILE...]   vCard 2.1 / 3.0 / 4.0  -> iCalendar
      csv-to-ics [FILE...]   CSV with a header row  -> iCalendar
      delete --uid UID ...   remove events from a calendar by UID
      list [FILE.ics]        show a calendar's events, their UIDs and next dates

    options:
      -h, --help             show help (also 'bdconvert <command> --help')
      --version              show the version

    examples:
      bdconvert vcf-to-ics contacts.vcf -o birthdays.ics
      bdconvert csv-to-ics google.csv outlook.csv -o birthdays.ics
      bdconvert list birthdays.ics
      bdconvert delete --uid 0b7c…-… birthdays.ics --in-place

    Each file is one yearly all-day event per birthday with a reminder at 08:00 on the day.
    Diagnostics go to standard error; exit status 0 success, 64 usage, 65 bad data,
    66 input cannot be opened, 73 output cannot be created, 74 I/O error.

    """

  static func convertUsage(_ format: InputFormat) -> String {
    "usage: bdconvert \(format.command) [FILE...] [-o OUT] [options]   (see 'bdconvert \(format.command) --help')"
  }

  static let conversionOptions = """
    output:
      -o, --output PATH       write the calendar to PATH atomically (temporary file, then
                              rename); a FIFO or device is written through. Default: stdout.
      --calendar-name NAME    calendar name shown by apps (NAME, X-WR-CALNAME).
                              Default: Birthdays

    events:
      --alarm SPEC            reminder, repeatable: HH:MM on the day, or -Nd@HH:MM N days
                              before. Default: one at 08:00 on the day.
      --no-alarm              no reminders
      --leap-day POLICY       what a 29 February date does in common years:
                                feb28  28 February (default; works in every client)
                                mar1   1 March (BYYEARDAY=60; not Outlook/Nextcloud)
                                feb29  nothing: leap years only
      --anniversaries         also write anniversary events
      --summary TEMPLATE      event title. Default: 'Birthday: {name}' ('Anniversary: {name}')
      --message TEMPLATE      reminder text.
                              Default: 'Wish {first} {last} a Happy Birthday today!'
                              placeholders: {name} {first} {last} {year}; an empty () or []
                              left by an unknown {year} is removed

    checking:
      --strict                any record that cannot be converted fails the run (exit 65)
                              and no -o file is written or changed. Default: skip it with a
                              warning naming file:line and convert the rest.
      -q, --quiet             no summary line (warnings are still printed)
      -h, --help              show this help

    speed:
      --threads N             threads for a regular input file of 8 MB or more (default: the
                              number of cores; 1 to read on one thread). Output, warnings and
                              exit status are the same whatever N is.
                              On a terminal, runs longer than a second show progress on stderr.

    environment:
      SOURCE_DATE_EPOCH       seconds since 1970; fixes DTSTAMP for byte-identical output.
    """

  static let vcfToICS = """
    bdconvert vcf-to-ics: vCard (2.1, 3.0, 4.0) -> iCalendar birthdays.

    usage: bdconvert vcf-to-ics [FILE...] [-o OUT] [options]

    Reads each FILE (no FILE, or '-', reads standard input); several files merge into one
    calendar. Birthdays come from BDAY in every form exporters write (1985-04-12, 19850412,
    --0412, --04-12, date-times, Apple's X-APPLE-OMIT-YEAR and year 1604 for "no year");
    anniversaries from ANNIVERSARY, X-ANNIVERSARY, X-MS-ANNIVERSARY, X-EVOLUTION-ANNIVERSARY and
    Apple's labelled X-ABDATE. Names come from FN, else N, else ORG.

    \(conversionOptions)

    examples:
      bdconvert vcf-to-ics contacts.vcf -o birthdays.ics
      bdconvert vcf-to-ics *.vcf --anniversaries --alarm 08:00 --alarm -1d@18:00 -o family.ics
      cat contacts.vcf | bdconvert vcf-to-ics --no-alarm --leap-day mar1 > birthdays.ics
      SOURCE_DATE_EPOCH=0 bdconvert vcf-to-ics contacts.vcf --strict -o birthdays.ics

    """

  static let csvToICS = """
    bdconvert csv-to-ics: CSV contact exports -> iCalendar birthdays.

    usage: bdconvert csv-to-ics [FILE...] [-o OUT] [options]

    Reads CSV files with a header row: Google Contacts (current and legacy), Outlook, or any
    spreadsheet with a name and a birthday column. UTF-8 (with or without BOM), UTF-16 with BOM,
    and Windows-1252 are read; the delimiter (, ; TAB) is sniffed from the header.

    csv options:
      --delimiter C           force the delimiter: ',' ';' 'tab' or any one character
      --date-order ORDER      mdy | dmy | ymd, for numeric dates such as 5/10/1971. Without
                              it the order is taken from the file only when a day above 12
                              proves it; otherwise the run stops and asks for this option.
      --column FIELD=HEADER   map a column by hand, repeatable. FIELD: name first middle last
                              birthday anniversary uid. Example: --column birthday="Geburtstag"

    \(conversionOptions)

    examples:
      bdconvert csv-to-ics google-contacts.csv -o birthdays.ics
      bdconvert csv-to-ics outlook.csv --date-order mdy -o birthdays.ics
      bdconvert csv-to-ics team.csv --delimiter ';' --column birthday="Date of birth"

    """
}
