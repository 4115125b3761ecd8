extension CommandSpec {
  /// `convert`: vCard or CSV, detected from each input's content.
  static let convert = CommandSpec(
    name: "convert",
    abstract: "vCard or CSV address books (detected) -> iCalendar birthdays",
    brief: "convert [FILE...]",
    usage: ["convert [FILE...] [-o OUT | --output-dir DIR] [options]"],
    operands: ValueSpec("FILE", .files(["vcf", "vcard", "csv"])),
    discussion: [
      .paragraph(
        "Reads each FILE (no FILE, or '-', reads standard input) and tells vCard from CSV by "
          + "its content: a file with a line BEGIN:VCARD in its first 4 KiB (usually the first "
          + "line) is read as vCard (as vcf-to-ics does), anything else as CSV with a header row "
          + "(as csv-to-ics does). Several files "
          + "merge into one calendar, or with --output-dir give one calendar each."),
      .paragraph(
        "CSV options apply to the CSV inputs. 'bdconvert help vcf-to-ics' and 'bdconvert help "
          + "csv-to-ics' describe what each format may contain."),
    ],
    optionGroups: ConversionHelp.groups(csv: true),
    notes: ConversionHelp.notes,
    examples: [
      "bdconvert convert contacts.vcf -o birthdays.ics",
      "bdconvert convert google.csv phone.vcf --for google -o birthdays.ics",
      "bdconvert convert exports/*.vcf --output-dir calendars --summary-json sum.json",
      "cat contacts.vcf | bdconvert convert --for outlook > birthdays.ics",
    ],
    environment: ConversionHelp.environment,
    exitStatuses: ConversionHelp.exitStatuses,
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation) { frontend throws(CommandError) in
        try ConvertCommand.run(frontend, format: nil)
      }
    })

  /// `vcf-to-ics`: vCard 2.1, 3.0, 4.0.
  static let vcfToICS = CommandSpec(
    name: "vcf-to-ics",
    abstract: "vCard (2.1, 3.0, 4.0) -> iCalendar birthdays",
    brief: "vcf-to-ics [FILE...]",
    usage: ["vcf-to-ics [FILE...] [-o OUT | --output-dir DIR] [options]"],
    operands: ValueSpec("FILE", .files(["vcf", "vcard"])),
    discussion: [
      .paragraph(
        "Reads each FILE (no FILE, or '-', reads standard input); several files merge into one "
          + "calendar. Birthdays come from BDAY in every form exporters write (1985-04-12, "
          + "19850412, --0412, --04-12, date-times, Apple's X-APPLE-OMIT-YEAR and year 1604 for "
          + "\"no year\"); anniversaries from ANNIVERSARY, X-ANNIVERSARY, X-MS-ANNIVERSARY, "
          + "X-EVOLUTION-ANNIVERSARY and Apple's labelled X-ABDATE. Names come from FN, else N, "
          + "else ORG.")
    ],
    optionGroups: ConversionHelp.groups(csv: false),
    notes: ConversionHelp.notes,
    examples: [
      "bdconvert vcf-to-ics contacts.vcf -o birthdays.ics",
      "bdconvert vcf-to-ics *.vcf --anniversaries --alarm -1d@18:00 -o family.ics",
      "bdconvert vcf-to-ics --no-alarm --leap-day mar1 < contacts.vcf > out.ics",
      "SOURCE_DATE_EPOCH=0 bdconvert vcf-to-ics contacts.vcf --strict -o out.ics",
    ],
    environment: ConversionHelp.environment,
    exitStatuses: ConversionHelp.exitStatuses,
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation) { frontend throws(CommandError) in
        try ConvertCommand.run(frontend, format: .vCard)
      }
    })

  /// `csv-to-ics`: CSV with a header row.
  static let csvToICS = CommandSpec(
    name: "csv-to-ics",
    abstract: "CSV contact exports -> iCalendar birthdays",
    brief: "csv-to-ics [FILE...]",
    usage: ["csv-to-ics [FILE...] [-o OUT | --output-dir DIR] [options]"],
    operands: ValueSpec("FILE", .files(["csv", "tsv", "txt"])),
    discussion: [
      .paragraph(
        "Reads CSV files with a header row: Google Contacts (current and legacy), Outlook, or "
          + "any spreadsheet with a name and a birthday column. UTF-8 (with or without BOM), "
          + "UTF-16 with BOM, and Windows-1252 are read; the delimiter (, ; TAB) is sniffed from "
          + "the header.")
    ],
    optionGroups: ConversionHelp.groups(csv: true),
    notes: ConversionHelp.notes,
    examples: [
      "bdconvert csv-to-ics google-contacts.csv -o birthdays.ics",
      "bdconvert csv-to-ics outlook.csv --date-order mdy -o birthdays.ics",
      "bdconvert csv-to-ics team.csv --delimiter ';' --column birthday='Born on'",
    ],
    environment: ConversionHelp.environment,
    exitStatuses: ConversionHelp.exitStatuses,
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation) { frontend throws(CommandError) in
        try ConvertCommand.run(frontend, format: .csv)
      }
    })
}
