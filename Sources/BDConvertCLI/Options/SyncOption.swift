import BirthdayKit

/// The options `sync` adds to the conversion's, each declared once.
enum SyncOption {
  static let target = Option<String>(
    "--to", ValueSpec("TARGET", .files(["ics"])),
    help: "the calendar file or vdir folder to keep in step (required)")
  static let dryRun = Option(flag: "--dry-run", short: "n", help: "print the plan, change nothing")
  static let json = Option(
    flag: "--json",
    help:
      "the plan as one JSON object per line, with the keys op (add, replace, remove; "
      + "keep: a removal held back), uid, summary, date, changed (date, name, alarms, "
      + "details, adopted, key), "
      + "previousSummary and previousDate (a replacement's old values, else null) and "
      + "notes; printed also with -q")
  static let keepRemoved = Option(
    flag: "--keep-removed",
    help: "keep events whose contact is gone or lost its date (no '-' lines)")
  static let set = Option<String>(
    "--set", ValueSpec("NAME"), default: SyncMarker.defaultSet,
    parser: ValueParser { text throws(ValueError) in
      guard SyncMarker.isValidSetName(text) else {
        throw .expected("1 to 64 letters, digits, '-', '_' or '.'")
      }
      return text
    },
    help:
      "the sync set: which events this sync manages (letters, digits, - _ .). Two "
      + "address books can share one calendar as two sets. Default: birthdays")
  static let force = Option(
    flag: "--force",
    help:
      "sync a source that holds no contacts, and remove even when the plan removes more "
      + "than half of the set's events (and more than 2), more than --max-remove, or "
      + "events whose record could not be read")
  static let maxRemove = Option<Int>(
    "--max-remove", ValueSpec("N"),
    parser: .integer(in: 0...Int.max, "a number of events, 0 or more"),
    help:
      "refuse a plan that removes more than N events (instead of more than half), as "
      + "rsync's --max-delete; --max-remove 0 never removes without --force")
  static let keepEdited = Option(
    flag: "--keep-edited",
    help:
      "leave events changed in the calendar app since the last sync as they are "
      + "(default: overwrite them, saying so in the plan)")
  static let adopt = Option(
    flag: "--adopt",
    help:
      "take over events with a wanted UID that have no set mark (an earlier "
      + "vcf-to-ics import into the same calendar); default: leave them and warn")

  /// The `sync` group, in help's order.
  static let all: [any OptionDeclaration] = [
    target, dryRun, json, keepRemoved, set, force, maxRemove, keepEdited, adopt,
  ]
}
