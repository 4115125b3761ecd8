import Foundation
import TestSupport
import Testing

/// `sync` with contacts that carry no UID (issue 30): pairing renamed and re-dated contacts,
/// records that cannot be read, empty exports, small calendars, events edited in the calendar
/// and calendars that `convert` wrote. Through the binary, each failing on the code before.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncIdentityTests: SyncRunning {
  static let header = "First Name,Last Name,Birthday,E-mail 1 - Value\n"
  static let contacts =
    header + "Peter,Nguyen,1980-03-14,peter@example.com\nSiobhán,Kelly,1991-12-05,\n"
    + "Anna,Weber,1975-07-01,anna@example.com\n"

  /// What `sync` of ``contacts`` wrote at e8267ee (the release before pairing and recorded
  /// digests), with SOURCE_DATE_EPOCH=1767225600: kept byte for byte, so that upgrading is
  /// tested against the calendar an earlier release really wrote.
  static let writtenByEarlierRelease =
    "BEGIN:VCALENDAR\r\n"
    + "VERSION:2.0\r\n"
    + "PRODID:-//bdconvert//Birthday Calendar//EN\r\n"
    + "CALSCALE:GREGORIAN\r\n"
    + "NAME:Birthdays\r\n"
    + "X-WR-CALNAME:Birthdays\r\n"
    + "BEGIN:VEVENT\r\n"
    + "UID:a8b2f639-1518-566a-97fb-2df96e0d433a\r\n"
    + "DTSTAMP:20260101T000000Z\r\n"
    + "X-BDCONVERT-SET:birthdays\r\n"
    + "DTSTART;VALUE=DATE:19800314\r\n"
    + "DTEND;VALUE=DATE:19800315\r\n"
    + "RRULE:FREQ=YEARLY\r\n"
    + "SUMMARY:Birthday: Peter Nguyen\r\n"
    + "DESCRIPTION:Born 1980-03-14\r\n"
    + "CATEGORIES:BIRTHDAY\r\n"
    + "TRANSP:TRANSPARENT\r\n"
    + "BEGIN:VALARM\r\n"
    + "ACTION:DISPLAY\r\n"
    + "TRIGGER;RELATED=START:PT8H\r\n"
    + "DESCRIPTION:Wish Peter Nguyen a Happy Birthday today!\r\n"
    + "END:VALARM\r\n"
    + "END:VEVENT\r\n"
    + "BEGIN:VEVENT\r\n"
    + "UID:86f3af8d-5ec8-5c18-824c-03e40d620d77\r\n"
    + "DTSTAMP:20260101T000000Z\r\n"
    + "X-BDCONVERT-SET:birthdays\r\n"
    + "DTSTART;VALUE=DATE:19911205\r\n"
    + "DTEND;VALUE=DATE:19911206\r\n"
    + "RRULE:FREQ=YEARLY\r\n"
    + "SUMMARY:Birthday: Siobhán Kelly\r\n"
    + "DESCRIPTION:Born 1991-12-05\r\n"
    + "CATEGORIES:BIRTHDAY\r\n"
    + "TRANSP:TRANSPARENT\r\n"
    + "BEGIN:VALARM\r\n"
    + "ACTION:DISPLAY\r\n"
    + "TRIGGER;RELATED=START:PT8H\r\n"
    + "DESCRIPTION:Wish Siobhán Kelly a Happy Birthday today!\r\n"
    + "END:VALARM\r\n"
    + "END:VEVENT\r\n"
    + "BEGIN:VEVENT\r\n"
    + "UID:22e7109f-9a7b-5ac9-9277-0622f290326a\r\n"
    + "DTSTAMP:20260101T000000Z\r\n"
    + "X-BDCONVERT-SET:birthdays\r\n"
    + "DTSTART;VALUE=DATE:19750701\r\n"
    + "DTEND;VALUE=DATE:19750702\r\n"
    + "RRULE:FREQ=YEARLY\r\n"
    + "SUMMARY:Birthday: Anna Weber\r\n"
    + "DESCRIPTION:Born 1975-07-01\r\n"
    + "CATEGORIES:BIRTHDAY\r\n"
    + "TRANSP:TRANSPARENT\r\n"
    + "BEGIN:VALARM\r\n"
    + "ACTION:DISPLAY\r\n"
    + "TRIGGER;RELATED=START:PT8H\r\n"
    + "DESCRIPTION:Wish Anna Weber a Happy Birthday today!\r\n"
    + "END:VALARM\r\n"
    + "END:VEVENT\r\n"
    + "END:VCALENDAR\r\n"

  @Test func upgradingFromAnEarlierReleaseChangesNothing() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.write("google.csv", Self.contacts)
    let target = try folder.write("g.ics", Self.writtenByEarlierRelease)
    let result = try sync([source, "--to", target])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(result.stderr.contains("0 added, 0 updated, 0 removed, 3 unchanged"))
    #expect(text(folder.read("g.ics")) == Self.writtenByEarlierRelease)
  }

  @Test func renamesAndDateFixesOfContactsWithoutUIDUpdate() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.write("google.csv", Self.contacts)
    let target = try folder.write("g.ics", Self.writtenByEarlierRelease)
    try folder.write(
      "google.csv",
      Self.contacts.replacingOccurrences(of: "Peter,Nguyen,", with: "Peter,Nguyen-Tran,")
        .replacingOccurrences(of: "1991-12-05", with: "1991-12-06"))
    let result = try sync([source, "--to", target, "--json"], epoch: 1_767_830_400)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try plan(result.stdout)
    #expect(lines.map(\.op) == ["replace", "replace"])
    #expect(lines[0].summary == "Birthday: Peter Nguyen-Tran")
    #expect(lines[1].summary == "Birthday: Siobhán Kelly")
    let calendar = text(folder.read("g.ics"))
    #expect(events(calendar) == 3)
    #expect(!calendar.contains("Birthday: Peter Nguyen\r\n"))
    #expect(!calendar.contains("19911205"))
    #expect(calendar.contains("SEQUENCE:1\r\nLAST-MODIFIED:20260108T000000Z\r\n"))
    // The next sync finds nothing to do: the events carry their new UIDs.
    let again = try sync([source, "--to", target], epoch: 1_768_435_200)
    #expect(again.status == 0)
    #expect(again.stdout == "")
    #expect(again.stderr.contains("0 added, 0 updated, 0 removed, 3 unchanged"))
  }

  @Test func anUnreadableRecordHoldsBackOnlyItsOwnRemoval() throws {
    let folder = try TemporaryDirectory()
    let rows = [
      "Bad,Row,1983-02-28", "Anna,Weber,1975-07-01", "Carl,Ek,1970-01-01", "Dora,Fu,1971-01-02",
      "Eve,Gu,1972-01-03",
    ]
    let source = try folder.write(
      "h.csv", "First Name,Last Name,Birthday\n" + rows.joined(separator: "\n") + "\n")
    let target = folder.url.appendingPathComponent("h.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    // Bad Row's date can no longer be read, and Anna is gone.
    try folder.write(
      "h.csv",
      "First Name,Last Name,Birthday\nBad,Row,1983-02-29\n"
        + rows.dropFirst(2).joined(separator: "\n") + "\n")
    for _ in 0..<2 {  // every run, not only the first
      let result = try sync([source, "--to", target, "--json"])
      #expect(result.status == 65, "\(result.stderr)")
      #expect(
        result.stderr.contains(
          "1 removal held back: 1 record could not be read and the event could be theirs"))
      let calendar = text(folder.read("h.ics"))
      #expect(calendar.contains("Birthday: Bad Row"))
      #expect(!calendar.contains("Anna Weber"))
      #expect(events(calendar) == 4)
    }
    // --force removes it.
    let forced = try sync([source, "--to", target, "--force"])
    #expect(forced.status == 0)
    #expect(events(text(folder.read("h.ics"))) == 3)
  }

  @Test func anEmptySourceIsRefusedUnlessForced() throws {
    let folder = try TemporaryDirectory()
    let people = (0..<10).map { "P\($0),Q\($0),1980-01-\(String(format: "%02d", $0 + 1))" }
    let source = try folder.write(
      "c.csv", "First Name,Last Name,Birthday\n" + people.joined(separator: "\n") + "\n")
    let target = folder.url.appendingPathComponent("birthdays.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    let before = folder.read("birthdays.ics")
    let empty = try folder.write("empty.vcf", "")
    let refused = try sync([empty, "--to", target])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("'\(empty)' holds no contacts"))
    #expect(folder.read("birthdays.ics") == before)
    let headerOnly = try folder.write("header.csv", "First Name,Last Name,Birthday\n")
    #expect(try sync([headerOnly, "--to", target]).status == 65)
    #expect(folder.read("birthdays.ics") == before)
    let forced = try sync([empty, "--to", target, "--force"])
    #expect(forced.status == 0)
    #expect(events(text(folder.read("birthdays.ics"))) == 0)
  }

  @Test func massRemovalGuardProtectsSmallCalendarsAndMaxRemoveSetsTheLimit() throws {
    let folder = try TemporaryDirectory()
    let people = (0..<4).map { "P\($0),Q\($0),1980-01-\(String(format: "%02d", $0 + 1))" }
    let source = try folder.write(
      "c.csv", "First Name,Last Name,Birthday\n" + people.joined(separator: "\n") + "\n")
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    let before = folder.read("b.ics")
    try folder.write("c.csv", "First Name,Last Name,Birthday\n" + people[0] + "\n")
    let refused = try sync([source, "--to", target])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("refusing to remove 3 of the 4 events"))
    #expect(folder.read("b.ics") == before)
    // An explicit limit replaces "half": 3 are allowed by --max-remove 3, not by 2.
    #expect(try sync([source, "--to", target, "--max-remove", "2"]).status == 65)
    #expect(folder.read("b.ics") == before)
    let allowed = try sync([source, "--to", target, "--max-remove", "3"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(events(text(folder.read("b.ics"))) == 1)
    let usage = try sync([source, "--to", target, "--max-remove", "x"])
    #expect(usage.status == 64)
  }

  @Test func eventsEditedInTheCalendarAreNotedOrKept() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.write("google.csv", Self.contacts)
    let target = folder.url.appendingPathComponent("g.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    let written = text(folder.read("g.ics"))
    #expect(written.components(separatedBy: "X-BDCONVERT-DIGEST:").count == 4)
    // Edited on the phone: a note added to Anna's event.
    let edited = written.replacingOccurrences(
      of: "SUMMARY:Birthday: Anna Weber\r\n",
      with: "SUMMARY:Birthday: Anna Weber\r\nLOCATION:Café Central\r\n")
    try folder.write("g.ics", edited)
    let kept = try sync([source, "--to", target, "--keep-edited", "--json"])
    #expect(kept.status == 0)
    #expect(kept.stdout == "")
    #expect(
      kept.stderr.contains("changed in the calendar since the last sync: kept (--keep-edited)"))
    #expect(text(folder.read("g.ics")) == edited)
    let overwritten = try sync([source, "--to", target, "--json"])
    #expect(overwritten.status == 0)
    let lines = try plan(overwritten.stdout)
    #expect(lines.count == 1)
    #expect(lines.first?.op == "replace")
    #expect(!text(folder.read("g.ics")).contains("Café"))
    // Written again by sync: no longer edited.
    let again = try sync([source, "--to", target, "--keep-edited"])
    #expect(again.stdout == "" && again.status == 0)
  }

  @Test func aCalendarThatConvertWroteIsTakenOverWithOneNotice() throws {
    let folder = try TemporaryDirectory()
    let source = try folder.write("google.csv", Self.contacts)
    let target = folder.url.appendingPathComponent("c.ics").path
    let converted = try runBDConvert(["convert", source, "-o", target])
    #expect(converted.status == 0)
    let result = try sync([source, "--to", target, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("warning"))
    #expect(
      result.stderr.components(separatedBy: "taken over").count == 2,
      "one notice: \(result.stderr)")
    #expect(result.stderr.contains("3 events of '\(target)' written by bdconvert"))
    #expect(try plan(result.stdout).map(\.op) == ["replace", "replace", "replace"])
    #expect(result.stderr.contains("0 added, 3 updated, 0 removed, 0 unchanged"))
    let again = try sync([source, "--to", target])
    #expect(again.stdout == "" && again.status == 0)
    #expect(again.stderr.contains("0 added, 0 updated, 0 removed, 3 unchanged"))
  }
}
