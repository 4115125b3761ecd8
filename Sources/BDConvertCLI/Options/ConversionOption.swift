import BirthdayKit

/// The options of the commands that convert address books (`convert`, `vcf-to-ics`,
/// `csv-to-ics`, and `sync` and `upcoming` in part), each declared once.
enum ConversionOption {
  static let output = Option<String>(
    "--output", short: "o", ValueSpec("PATH", .files(["ics"])),
    parser: .nonEmpty("option '--output' needs a path"),
    help:
      "write the calendar to PATH atomically (temporary file, then rename); a FIFO or device is "
      + "written through, a read-only PATH refused (exit 73). Default, or '-': standard output.")
  static let outputDirectory = Option<String>(
    "--output-dir", ValueSpec("DIR", .directories),
    parser: .nonEmpty("option '--output-dir' needs a folder"),
    help:
      "one calendar per input, DIR/NAME.ics for input NAME.vcf or NAME.csv, each written "
      + "atomically; DIR is created if missing. Not with -o or standard input.")
  static let calendarName = Option<String>(
    "--calendar-name", ValueSpec("NAME"),
    help: "calendar name shown by apps (NAME, X-WR-CALNAME); '' for none. Default: Birthdays")
  static let summaryJSON = Option<String>(
    "--summary-json", ValueSpec("FILE", .files(["json"])),
    parser: .nonEmpty("option '--summary-json' needs a path, or '-' for standard error"),
    help:
      "also write a JSON summary for scripts to FILE ('-' for standard error): counts per "
      + "calendar, and every skipped record or date with its file, line and reason.")

  static let alarm = Option<AlarmSpecification>(
    "--alarm", ValueSpec("SPEC"), repeatable: true,
    parser: ValueParser { text throws(ValueError) in
      do throws(AlarmSpecification.ParseError) {
        return try AlarmSpecification(parsing: text)
      } catch {
        throw .message(error.description)
      }
    },
    help:
      "reminder, repeatable: HH:MM on the day, or -Nd@HH:MM N days before. Default: one at "
      + "08:00 on the day.")
  static let noAlarm = Option(flag: "--no-alarm", help: "no reminders")
  static let leapDay = Option<LeapDayPolicy>(
    "--leap-day",
    ValueSpec(
      "POLICY",
      .choices([
        Choice("feb28", "28 February (default; works in every client)"),
        Choice("mar1", "1 March (BYYEARDAY=60; not Outlook/Nextcloud)"),
        Choice("feb29", "nothing: leap years only"),
      ])),
    default: .feb28, parser: .choice("feb28, mar1 or feb29"),
    help: "what a 29 February date does in common years:")
  static let anniversaries = Option(flag: "--anniversaries", help: "also write anniversary events")
  static let summary = Option<EventTextTemplate>(
    "--summary", ValueSpec("TEMPLATE"), parser: .template,
    help:
      "event title (also for anniversaries unless --anniversary-summary). Default: 'Birthday: "
      + "{name}' ('Anniversary: {name}')")
  static let message = Option<EventTextTemplate>(
    "--message", ValueSpec("TEMPLATE"), parser: .template,
    help:
      "reminder text (also for anniversaries unless --anniversary-message). Default: it says "
      + "when: 'Wish {first} {last} a Happy Birthday today!' on the day, \"{name}'s birthday is "
      + "tomorrow\" the day before, \"{name}'s birthday is in N days\". Placeholders: {name} "
      + "{first} {last} {year} {age} {ordinal}; an empty value takes its () or [] along, or the "
      + "separator before it (, - – |).")
  static let anniversarySummary = Option<EventTextTemplate>(
    "--anniversary-summary", ValueSpec("TEMPLATE"), parser: .template,
    help: "anniversary title. Example: '💍 {name} ({ordinal})'")
  static let anniversaryMessage = Option<EventTextTemplate>(
    "--anniversary-message", ValueSpec("TEMPLATE"), parser: .template,
    help: "anniversary reminder text. Default: as --message's, with 'Anniversary'")
  static let lang = Option<Language>(
    "--lang", ValueSpec("TAG"),
    parser: ValueParser { text throws(ValueError) in
      guard let language = Language(tag: text) else {
        throw .expected(
          "a language: \(Language.supportedTags)",
          suggestions: Language.allCases.map(\.rawValue))
      }
      return language
    },
    help:
      "the language of the titles, reminders and descriptions, and of {ordinal}: a BCP 47 tag, "
      + "\(Language.supportedTags) (de-AT, zh-TW, pt-BR and de_DE.UTF-8 are read too). Default: "
      + "LC_ALL, LC_MESSAGES or LANG; English for C, POSIX or a language not listed. "
      + "--summary and --message win.")
  static let ageYears = Option<Int>(
    "--age-years", ValueSpec("N"), default: 3,
    parser: .integer(in: 0...100, "a number of years from 0 to 100"),
    help:
      "with {age} or {ordinal} in a template: the yearly event has a title without the age, "
      + "and each of the N years from this one (default 3) an override (RECURRENCE-ID) with it. "
      + "The summary says until which year; run again before then, or sync (each sync moves "
      + "the years on). 0: no overrides. Not without the year of birth.")
  static let today = CommonOption.today(
    help:
      "the date taken as today for ages (default: today, or the day of SOURCE_DATE_EPOCH when "
      + "set)")
  static let years = Option<Int>(
    "--years", ValueSpec("N"), default: 10,
    parser: .integer(in: 1...200, "a number of years from 1 to 200"),
    help:
      "for birthdays kept in another calendar (Chinese, Korean, Hebrew, Hijri, Persian): one "
      + "event on each Gregorian day they fall on in the N years from this one (default 10); "
      + "sync moves the years on")
  static let hebrewAdar = Option<HebrewAdarRule>(
    "--hebrew-adar",
    ValueSpec(
      "ADAR",
      .choices([
        Choice("adar2", "Adar II (default; the common custom)"),
        Choice("adar1", "Adar I"),
      ])),
    default: .adar2, parser: .choice("adar1 or adar2"),
    help:
      "in which Adar of a Hebrew leap year a birthday in Adar of a common year is celebrated "
      + "(one born in Adar I or Adar II keeps it; both are Adar in common years). Example: "
      + "--hebrew-adar adar1")
  static let group = Option<String>(
    "--group", ValueSpec("NAME"), repeatable: true,
    help:
      "only contacts in this group, repeatable (any of them): vCard CATEGORIES or group "
      + "cards (Apple, vCard 4 KIND:group), Google CSV Labels or Group Membership, Outlook "
      + "Categories; case is ignored")
  static let exclude = Option<String>(
    "--exclude", ValueSpec("PATTERN"), repeatable: true,
    help:
      "leave out contacts whose name or UID matches PATTERN (* any text, ? one character, case "
      + "ignored), repeatable")
  static let excludeFrom = Option<String>(
    "--exclude-from", ValueSpec("FILE", .files([])), repeatable: true,
    help: "the --exclude patterns in FILE, one a line ('#' starts a comment)")
  static let memorials = Option(
    flag: "--memorials",
    help:
      "for people who have died (vCard 4 DEATHDATE), a yearly 'In memory of {name}' event on "
      + "the date of death. Default: no event for them (no birthday wishes), counted in the "
      + "summary")
  static let otherDates = Option(
    flag: "--other-dates",
    help:
      "also a yearly event for each other labelled date: Apple X-ABDATE with its X-ABLABEL, "
      + "Google CSV 'Event N - Label' other than Anniversary; titled '{label}: {name}'")
  static let client = Option<ClientPreset>(
    "--for",
    ValueSpec(
      "CLIENT",
      .choices(ClientPreset.allCases.map { Choice($0.rawValue, $0.summary) })),
    parser: .choice(ClientPreset.allCases.map(\.rawValue).joined(separator: ", "), suggests: true),
    help:
      "write what this calendar app honours (reminders and leap-day rule) and say what it will "
      + "do anyway:")

  static let strict = Option(
    flag: "--strict",
    help:
      "any record that cannot be converted fails the run (exit 65) and nothing is written: no "
      + "-o file is written or changed, nothing appears on standard output (held in a temporary "
      + "file in $TMPDIR until the run succeeds). Default: skip it with a warning naming "
      + "file:line and convert the rest.")
  static let quiet = Option(
    flag: "--quiet", short: "q", help: "no summary line and no notes (warnings are still printed)")
  static let verbose = Option(
    flag: "--verbose", short: "v",
    help:
      "print every warning: without it, after 20 warnings of one kind the others are only "
      + "counted, in one line at the end (--summary-json lists them all anyway)")

  static let threads = CommonOption.threads(
    help:
      "threads for a regular input file of 8 MB or more, 1 MiB for vCard (default: the number of "
      + "cores, at most 8; 1 to read on one thread). Output, warnings and exit status are the same "
      + "whatever N is. On a terminal, runs longer than a second show progress on standard "
      + "error, with the percentage and the time left when the inputs are files.")

  static let delimiter = Option<UInt8>(
    "--delimiter",
    ValueSpec(
      "C", .choices([Choice(",", ""), Choice(";", ""), Choice("tab", "")])),
    parser: ValueParser { text throws(ValueError) in
      switch text.lowercased() {
      case "tab", "\\t", "\t": return 0x09
      default:
        guard text.utf8.count == 1, let byte = text.utf8.first,
          byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D
        else { throw .expected("one ASCII character such as ',' ';' or 'tab'") }
        return byte
      }
    },
    help: "force the CSV delimiter: ',' ';' 'tab' or any one character")
  static let dateOrder = Option<DateOrder>(
    "--date-order",
    ValueSpec(
      "ORDER",
      .choices([
        Choice("mdy", "5/10/1971 is 10 May"), Choice("dmy", "5/10/1971 is 5 October"),
        Choice("ymd", "1971/10/5 is 5 October"),
      ])),
    parser: .choice("mdy, dmy or ymd"),
    help:
      "for numeric dates such as 5/10/1971. Without it the order is taken from the file only "
      + "when a day above 12 proves it; otherwise the run stops and asks for this option.")
  static let dateCalendar = Option<CalendarSystem?>(
    "--date-calendar",
    ValueSpec(
      "CAL",
      .choices([
        Choice("gregorian", "default"), Choice("chinese", "lunar, YYYY-L08-15 a leap month"),
        Choice("korean", "lunar, at Seoul's meridian"), Choice("hebrew", "Tishri = 1"),
        Choice("islamic", "Hijri, Umm al-Qura"), Choice("persian", "Solar Hijri"),
      ])),
    parser: ValueParser { name throws(ValueError) in
      if name.lowercased() == "gregorian" { return nil }
      guard let system = CalendarSystem(name: name) else {
        throw .expected("gregorian, chinese, korean, hebrew, islamic or persian")
      }
      return system
    },
    help:
      "the calendar of the birthday column's dates (YYYY-MM-DD or --MM-DD). Example: "
      + "--date-calendar chinese")
  static let column = Option<ColumnMapping>(
    "--column", ValueSpec("FIELD=HEADER"), repeatable: true,
    parser: ValueParser { mapping throws(ValueError) in
      guard let equals = mapping.firstIndex(of: "="),
        let field = CSVField(rawValue: mapping[..<equals].lowercased()),
        equals != mapping.index(before: mapping.endIndex)
      else {
        let fields = CSVField.allCases.map(\.rawValue).joined(separator: ", ")
        throw .expected("FIELD=HEADER, FIELD one of \(fields)")
      }
      return ColumnMapping(field: field, header: String(mapping[mapping.index(after: equals)...]))
    },
    help:
      "map a CSV column by hand, repeatable. FIELD: name first middle last birthday "
      + "anniversary uid. Example: --column birthday=\"Geburtstag\"")
}

/// A `--column FIELD=HEADER` value.
struct ColumnMapping: Sendable {
  var field: CSVField
  var header: String
}

extension ValueParser where Value == EventTextTemplate {
  /// An event title or reminder template (`{name}` and the other placeholders).
  static var template: ValueParser {
    ValueParser { text throws(ValueError) in
      do throws(EventTextTemplate.ParseError) {
        return try EventTextTemplate(text)
      } catch {
        throw .message(error.description)
      }
    }
  }
}
