import BirthdayKit

/// The options of the commands that read calendars (`list`, `delete`, `merge`) and of
/// `upcoming`, each declared once.
enum CalendarOption {
  /// `list --json`.
  static let listJSON = Option(
    flag: "--json",
    help:
      "one JSON object per line instead, with the keys uid, summary, date, next (null "
      + "when there is none) and rrule (null without one)")
  /// `list --today`.
  static let listToday = CommonOption.today(
    help: "compute next occurrences from this date (default: today, local time)")
  static let listThreads = CommonOption.threads(
    help:
      "with 2 or more, a regular FILE of 4 MiB or more in the form bdconvert writes is read in "
      + "two halves at once (default: the number of cores, at most 8; 1 to read on one thread). "
      + "The listing and warnings are the same whatever N is.")

  static let uid = Option<String>(
    "--uid", ValueSpec("UID"), repeatable: true,
    help: "a UID to remove (repeatable; matched exactly, case-sensitive)")
  static let uidsFrom = Option<String>(
    "--uids-from", ValueSpec("FILE", .files([])), repeatable: true,
    help:
      "read UIDs from FILE ('-': standard input), one per line (blank lines ignored); "
      + "an empty list is not an error")
  static let deleteOutput = Option<String>(
    "--output", short: "o", ValueSpec("PATH", .files(["ics"])),
    help: "write the result to PATH atomically (default: standard output)")
  static let inPlace = Option(
    flag: "--in-place",
    help:
      "replace FILE.ics atomically; on any failure it stays untouched (a read-only "
      + "FILE.ics is refused, exit 73)")
  static let deleteDryRun = Option(
    flag: "--dry-run", short: "n",
    help:
      "print the events that would be removed ('- TITLE  DATE  [UID]'), change "
      + "nothing (on a server: no DELETE is sent)")
  static let deleteVerbose = CommonOption.verbose(
    help:
      "name the temporary files of interrupted runs removed; with a URL, also count the "
      + "requests sent")

  static let mergeOutput = Option<String>(
    "--output", short: "o", ValueSpec("PATH", .files(["ics"])),
    help:
      "write the calendar to PATH atomically (default: standard output, written only "
      + "once every input was read)")

  static let days = Option<Int>(
    "--days", ValueSpec("N"), default: 14,
    parser: .integer(in: 1...3660, "a number of days from 1 to 3660"),
    help: "how many days, today included (default 14)")
  static let upcomingToday = CommonOption.today(help: "the first day (default: today, local time)")
  static let upcomingJSON = Option(
    flag: "--json",
    help:
      "one JSON object per line instead, with the keys date, days, uid, name, kind and "
      + "age (null when unknown)")
  static let upcomingLang = Option<Language>(
    "--lang", ValueSpec("TAG"), parser: ConversionOption.lang.parser,
    help:
      "the language of the lines and the table (WHEN, KIND, the day of the week, the "
      + "headings): a BCP 47 tag, \(Language.supportedTags) (de-AT, zh-TW and de_DE.UTF-8 are "
      + "read too). Default: LC_ALL, LC_MESSAGES or LANG; English for C, POSIX or a language "
      + "not listed. --json is the same in every language.")
  static let allEvents = Option(
    flag: "--all-events",
    help:
      "of a calendar, every event in the window, not only birthdays and "
      + "anniversaries (a choir rehearsal, an office party)")
}
