import Foundation
import TestSupport
import Testing

/// `bdconvert sync` end to end through the binary: plans, byte preservation, ownership, safety.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncCommandTests {
  static let alice =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:alice\r\nFN:Alice Smith\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
  static let bob =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bob\r\nFN:Bob Jones\r\nBDAY:--0612\r\nEND:VCARD\r\n"
  static let carol =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:carol\r\nFN:Carol King\r\nBDAY:1990-02-28\r\nEND:VCARD\r\n"

  /// `count` cards with UIDs `p0`, `p1`, ...
  static func people(_ range: Range<Int>) -> String {
    range.map {
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p\($0)\r\nFN:Person \($0)\r\nBDAY:1980-01-\(String(format: "%02d", $0 % 28 + 1))\r\nEND:VCARD\r\n"
    }.joined()
  }

  func sync(_ arguments: [String], epoch: Int = 0) throws -> CommandResult {
    try runBDConvert(["sync"] + arguments, environment: ["SOURCE_DATE_EPOCH": "\(epoch)"])
  }

  func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

  func modificationTime(_ path: String) throws -> Date {
    try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
  }

  @Test func firstSyncCreatesSecondIsANoOp() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("birthdays.ics").path
    let first = try sync([contacts, "--to", target])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.split(separator: "\n").count == 2)
    #expect(first.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("+ ") })
    #expect(first.stderr.hasSuffix("bdconvert: sync: 2 added, 0 updated, 0 removed, 0 unchanged\n"))
    let created = folder.read("birthdays.ics") ?? []
    #expect(text(created).components(separatedBy: "X-BDCONVERT-SET:birthdays\r\n").count == 3)
    // The same events as vcf-to-ics writes, plus the mark and what sync wrote (its digest).
    let converted = try runBDConvert(["vcf-to-ics", contacts])
    #expect(
      text(created).replacingOccurrences(of: "X-BDCONVERT-SET:birthdays\r\n", with: "")
        .replacingOccurrences(
          of: "X-BDCONVERT-DIGEST:[0-9a-f]{32}\r\n", with: "", options: .regularExpression)
        == converted.stdout)

    let before = try modificationTime(target)
    usleep(20_000)
    let second = try sync([contacts, "--to", target], epoch: 1000)
    #expect(second.status == 0)
    #expect(second.stdout == "")
    #expect(
      second.stderr.hasSuffix("bdconvert: sync: 0 added, 0 updated, 0 removed, 2 unchanged\n"))
    #expect(folder.read("birthdays.ics") == created)
    #expect(try modificationTime(target) == before)
  }

  @Test func editedBirthdayIsReplacedWithAHigherSequence() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    try folder.write(
      "contacts.vcf",
      Self.alice.replacingOccurrences(of: "1985-04-12", with: "1985-05-12") + Self.bob)
    let result = try sync([contacts, "--to", target], epoch: 86_400)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines[0] == "~ Birthday: Alice Smith  date: 1985-04-12 → 1985-05-12; details")
    let calendar = text(folder.read("b.ics"))
    #expect(
      calendar.contains(
        "SEQUENCE:1\r\nLAST-MODIFIED:19700102T000000Z\r\nX-BDCONVERT-SET:birthdays\r\n"))
    #expect(calendar.contains("DTSTART;VALUE=DATE:19850512"))
    #expect(!calendar.contains("19850412"))
    // A second change: one higher again.
    try folder.write(
      "contacts.vcf",
      Self.alice.replacingOccurrences(of: "1985-04-12", with: "1985-06-12") + Self.bob)
    _ = try sync([contacts, "--to", target], epoch: 2 * 86_400)
    #expect(text(folder.read("b.ics")).contains("SEQUENCE:2\r\n"))
  }

  @Test func renamedContactWithAUIDIsReplacedInItsPlace() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob + Self.carol)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    try folder.write(
      "contacts.vcf",
      Self.alice.replacingOccurrences(of: "Alice Smith", with: "Alice Brown") + Self.bob
        + Self.carol)
    let result = try sync([contacts, "--to", target])
    #expect(
      result.stdout
        == "~ Birthday: Alice Brown  name: Birthday: Alice Smith → Birthday: Alice Brown; alarms\n")
    let calendar = text(folder.read("b.ics"))
    // Still first: a replaced event takes its predecessor's place.
    let alice = try #require(calendar.range(of: "Alice Brown"))
    let bob = try #require(calendar.range(of: "Bob Jones"))
    #expect(alice.lowerBound < bob.lowerBound)
  }

  @Test func removedContactGoesWithItsOverridesAndUserEventsKeepTheirBytes() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    var calendar = text(folder.read("b.ics"))
    let bobUID = try #require(
      calendar.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.last)
    // A client added an override of Bob's event, and the user added an event by hand, with bare
    // LF endings and a folded line.
    let override =
      "BEGIN:VEVENT\r\n\(bobUID)\r\nRECURRENCE-ID;VALUE=DATE:20270612\r\nDTSTART;VALUE=DATE:20270613\r\nSUMMARY:moved\r\nEND:VEVENT\r\n"
    let handmade =
      "BEGIN:VEVENT\nUID:dentist@example.com\nDTSTAMP:20260101T000000Z\nDTSTART;VALUE=DATE:20270101\nSUMMARY:Dentist appoin\n tment\nX-VENDOR;A=\"b:c\":kept\nEND:VEVENT\n"
    calendar = calendar.replacingOccurrences(
      of: "END:VCALENDAR\r\n", with: override + handmade + "END:VCALENDAR\r\n")
    try folder.write("b.ics", calendar)
    try folder.write("contacts.vcf", Self.alice)
    let result = try sync([contacts, "--to", target])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "- Birthday: Bob Jones  --06-12\n")
    let after = text(folder.read("b.ics"))
    #expect(!after.contains(bobUID))
    #expect(!after.contains("RECURRENCE-ID"))
    #expect(after.contains(handmade))
    #expect(after.contains("Alice Smith"))
  }

  @Test func twoSetsShareOneCalendar() throws {
    let folder = try TemporaryDirectory()
    let family = try folder.write("family.vcf", Self.alice)
    let work = try folder.write("work.vcf", Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([family, "--to", target, "--set", "family"])
    let second = try sync([work, "--to", target, "--set", "work"])
    #expect(second.stdout.hasPrefix("+ ") && second.stdout.contains("Bob Jones"))
    // The work set does not see the family's events as its own, and no set removes the other's.
    try folder.write("work.vcf", "")
    try folder.write("work.vcf", Self.carol)
    let third = try sync([work, "--to", target, "--set", "work"])
    #expect(third.stdout.contains("+ ") && third.stdout.contains("- "))
    #expect(!third.stdout.contains("Alice"))
    let calendar = text(folder.read("b.ics"))
    #expect(calendar.contains("X-BDCONVERT-SET:family") && calendar.contains("Alice Smith"))
    #expect(calendar.contains("Carol King") && !calendar.contains("Bob Jones"))
  }

  @Test func keepRemovedKeepsTheEvents() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    try folder.write("contacts.vcf", Self.alice)
    let result = try sync([contacts, "--to", target, "--keep-removed"])
    #expect(result.stdout == "")
    #expect(text(folder.read("b.ics")).contains("Bob Jones"))
  }

  @Test func dryRunChangesNothing() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    let before = folder.read("b.ics")
    let time = try modificationTime(target)
    try folder.write(
      "contacts.vcf", Self.carol + Self.alice.replacingOccurrences(of: "Smith", with: "Brown"))
    usleep(20_000)
    let result = try sync([contacts, "--to", target, "--dry-run", "--json"], epoch: 5000)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.contains { $0.hasPrefix("{\"op\":\"add\"") && $0.contains("Carol King") })
    #expect(
      lines.contains {
        $0.hasPrefix("{\"op\":\"replace\"")
          && $0.contains("\"changed\":[\"name\",\"alarms\"],")
      })
    #expect(lines.contains { $0.hasPrefix("{\"op\":\"remove\"") && $0.contains("Bob Jones") })
    #expect(folder.read("b.ics") == before)
    #expect(try modificationTime(target) == time)
    #expect(result.stderr.contains("dry run: would add 1, update 1, remove 1 (0 unchanged)"))
    #expect(result.stderr.contains("nothing was changed"))
    // A dry run into a folder that does not exist creates nothing.
    let vdir = folder.url.appendingPathComponent("cal").path + "/"
    #expect(try sync([contacts, "--to", vdir, "--dry-run"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: vdir))
  }

  @Test func massRemovalIsRefusedUnlessForced() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.people(0..<30))
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    let before = folder.read("b.ics")
    try folder.write("contacts.vcf", Self.people(0..<10))
    let refused = try sync([contacts, "--to", target])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("refusing to remove 20 of the 30 events"))
    #expect(refused.stdout == "")
    #expect(folder.read("b.ics") == before)
    // Half or fewer is fine, and so is --force.
    try folder.write("contacts.vcf", Self.people(0..<15))
    #expect(try sync([contacts, "--to", target]).status == 0)
    try folder.write("contacts.vcf", Self.people(0..<2))
    let forced = try sync([contacts, "--to", target, "--force"])
    #expect(forced.status == 0)
    #expect(forced.stderr.contains("13 removed"))
  }

  @Test func aSourceThatCannotBeReadRemovesNothing() throws {
    let folder = try TemporaryDirectory()
    let family = try folder.write("family.vcf", Self.alice)
    let work = try folder.write("work.vcf", Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([family, work, "--to", target])
    let before = folder.read("b.ics")
    try FileManager.default.removeItem(atPath: work)
    let missing = try sync([family, work, "--to", target])
    #expect(missing.status == 66)
    #expect(folder.read("b.ics") == before)
    try folder.write("work.vcf", "this is not a contact file\n")
    let garbage = try sync([family, work, "--to", target])
    #expect(garbage.status == 65)
    #expect(folder.read("b.ics") == before)
    // A record that cannot be read keeps its own event, and the exit status says so.
    try folder.write(
      "work.vcf",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bob\r\nFN:Bob Jones\r\nBDAY:garbage\r\nEND:VCARD\r\n")
    let unread = try sync([family, work, "--to", target])
    #expect(unread.status == 65)
    #expect(unread.stderr.contains("1 removal held back: 1 record could not be read"))
    #expect(unread.stderr.contains(", 1 held back (1 record could not be read)\n"))
    #expect(folder.read("b.ics") == before)
  }

  /// The target's inventory is read while the sources are converted (after the first sync):
  /// when both fail, the source's error is the one reported, as before, and nothing changes.
  @Test func aFailedSourceIsReportedBeforeABrokenTarget() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice)
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([contacts, "--to", target]).status == 0)
    try folder.write("b.ics", "shopping list\n")
    try FileManager.default.removeItem(atPath: contacts)
    let missing = try sync([contacts, "--to", target])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("contacts.vcf"))
    #expect(!missing.stderr.contains("not an iCalendar file"))
    try folder.write("contacts.vcf", "this is not a contact file\n")
    let garbage = try sync([contacts, "--to", target])
    #expect(garbage.status == 65)
    #expect(!garbage.stderr.contains("not an iCalendar file"))
    #expect(text(folder.read("b.ics")) == "shopping list\n")
    // The source mended, the target's own error is reported.
    try folder.write("contacts.vcf", Self.alice)
    let refused = try sync([contacts, "--to", target])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("not an iCalendar file"))
    #expect(text(folder.read("b.ics")) == "shopping list\n")
  }

  @Test func changingAnOptionUpdatesEveryEvent() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target])
    let result = try sync([contacts, "--to", target, "--alarm", "-1d@18:00"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("~ ") && $0.hasSuffix("  alarms") })
    #expect(text(folder.read("b.ics")).contains("TRIGGER;RELATED=START:-PT6H"))
  }

  @Test func aTargetThatIsNotACalendarIsRefused() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice)
    let notes = try folder.write("notes.ics", "shopping list\n")
    let result = try sync([contacts, "--to", notes])
    #expect(result.status == 65)
    #expect(result.stderr.contains("not an iCalendar file"))
    #expect(text(folder.read("notes.ics")) == "shopping list\n")
    let photos = folder.url.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    try Data("jpeg".utf8).write(to: photos.appendingPathComponent("me.jpg"))
    let refused = try sync([contacts, "--to", photos.path])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("'me.jpg', which is not an .ics file"))
    #expect(
      (try FileManager.default.contentsOfDirectory(atPath: photos.path)).sorted() == [
        ".bdconvert-lock", "me.jpg",
      ])
  }

  /// bdconvert's own UIDs (a UUIDv5 of the contact) in an earlier import are taken over at once,
  /// with one notice (issue 30); --adopt says the same explicitly.
  @Test func unmarkedEventsWithAWantedUIDOfBDConvertAreAdopted() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice)
    let imported = try runBDConvert(["vcf-to-ics", contacts])
    let target = try folder.write("b.ics", imported.stdout)
    let dryRun = try sync([contacts, "--to", target, "--dry-run"])
    #expect(dryRun.stdout == "~ Birthday: Alice Smith  adopted\n")
    #expect(dryRun.stderr.contains("1 event of '\(target)' written by bdconvert"))
    #expect(!dryRun.stderr.contains("warning"))
    #expect(text(folder.read("b.ics")) == imported.stdout)
    let adopted = try sync([contacts, "--to", target, "--adopt"])
    #expect(adopted.stdout == "~ Birthday: Alice Smith  adopted\n")
    #expect(text(folder.read("b.ics")).contains("X-BDCONVERT-SET:birthdays"))
    #expect(try sync([contacts, "--to", target]).stdout == "")
  }

  @Test func aFolderOfCardsIsOneSource() throws {
    let folder = try TemporaryDirectory()
    let book = folder.url.appendingPathComponent("contacts")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    try Data(Self.alice.utf8).write(to: book.appendingPathComponent("alice.vcf"))
    try Data(Self.bob.utf8).write(to: book.appendingPathComponent("bob.vcf"))
    let target = folder.url.appendingPathComponent("b.ics").path
    let result = try sync([book.path, "--to", target])
    #expect(result.stderr.hasSuffix("2 added, 0 updated, 0 removed, 0 unchanged\n"))
  }

  @Test func vdirTargetHasOneFilePerEvent() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let vdir = folder.url.appendingPathComponent("calendar").path + "/"
    #expect(try sync([contacts, "--to", vdir]).status == 0)
    var names = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
    #expect(names.count == 3 && names[0] == ".bdconvert-lock")
    #expect(names.dropFirst().allSatisfy { $0.hasSuffix(".ics") && $0.count == 40 })
    try Data(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:mine\r\nDTSTART;VALUE=DATE:20270101\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        .utf8
    )
    .write(to: URL(fileURLWithPath: vdir + "mine.ics"))
    #expect(try sync([contacts, "--to", vdir]).stdout == "")
    try folder.write(
      "contacts.vcf", Self.alice.replacingOccurrences(of: "Smith", with: "Brown") + Self.carol)
    let result = try sync([contacts, "--to", vdir])
    #expect(result.stderr.hasSuffix("1 added, 1 updated, 1 removed, 0 unchanged\n"))
    names = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
    #expect(names.count == 4 && names.contains("mine.ics"))
    let all = try names.filter { $0.hasSuffix(".ics") }.map {
      try String(contentsOfFile: vdir + $0, encoding: .utf8)
    }
    #expect(all.contains { $0.contains("Alice Brown") && $0.contains("SEQUENCE:1") })
    #expect(!all.contains { $0.contains("Bob Jones") })
  }

  @Test func aSecondFileWithAManagedUIDIsRemovedSoTheNextSyncIsANoOp() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let vdir = folder.url.appendingPathComponent("calendar").path + "/"
    #expect(try sync([contacts, "--to", vdir]).status == 0)
    // A copy of one event's file under a name sorted after it (a backup, a client's copy).
    func events() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: vdir).filter { !$0.hasPrefix(".") }
        .sorted()
    }
    let names = try events()
    #expect(names.count == 2)
    let original = try Data(contentsOf: URL(fileURLWithPath: vdir + names[0]))
    try original.write(to: URL(fileURLWithPath: vdir + "zz-copy.ics"))
    let result = try sync([contacts, "--to", vdir], epoch: 1000)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("- "))
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(
      result.stderr.contains(
        "\(vdir)zz-copy.ics:4: warning: UID '\(names[0].dropLast(4))' is also in "
          + "'\(vdir)\(names[0])'; this copy is removed"))
    #expect(
      result.stderr.hasSuffix("bdconvert: sync: 0 added, 0 updated, 1 removed, 2 unchanged\n"))
    #expect(try events() == names)
    #expect(try Data(contentsOf: URL(fileURLWithPath: vdir + names[0])) == original)
    // Converged: the next sync changes nothing (it used to rewrite the first file every time).
    let again = try sync([contacts, "--to", vdir], epoch: 2000)
    #expect(again.stdout == "")
    #expect(again.stderr.hasSuffix("0 added, 0 updated, 0 removed, 2 unchanged\n"))
  }

  @Test func aSecondCopyOfAManagedEventInAFileIsNamedAndRemoved() throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.alice + Self.bob)
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([contacts, "--to", target]).status == 0)
    // A copy of the first event pasted again at the end (an import done twice, say).
    let written = text(folder.read("b.ics"))
    let begin = try #require(written.range(of: "BEGIN:VEVENT\r\n"))
    let end = try #require(written.range(of: "END:VEVENT\r\n"))
    let event = String(written[begin.lowerBound..<end.upperBound])
    let firstLine = written[..<begin.lowerBound].components(separatedBy: "\r\n").count
    let footer = try #require(written.range(of: "END:VCALENDAR\r\n", options: .backwards))
    let copyLine = written[..<footer.lowerBound].components(separatedBy: "\r\n").count
    try folder.write("b.ics", String(written[..<footer.lowerBound]) + event + "END:VCALENDAR\r\n")
    let uid = try #require(event.split(separator: "\r\n").first { $0.hasPrefix("UID:") })
      .dropFirst(4)
    let result = try sync([contacts, "--to", target], epoch: 1000)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(target):\(copyLine): warning: UID '\(uid)' is also at line \(firstLine); this copy "
          + "is removed (one event per UID: the first copy keeps its place)"))
    let after = text(folder.read("b.ics"))
    #expect(after.components(separatedBy: "UID:\(uid)\r\n").count == 2)
    // Still the first event: the replacement took the first copy's place.
    #expect(
      after.split(separator: "\r\n").first { $0.hasPrefix("UID:") }.map(String.init)
        == "UID:\(uid)")
    // Converged: the next sync changes nothing and warns no more.
    let again = try sync([contacts, "--to", target], epoch: 2000)
    #expect(again.stdout == "")
    #expect(again.stderr.hasSuffix("0 added, 0 updated, 0 removed, 2 unchanged\n"))
  }

  @Test func concurrentSyncsLoseNoUpdate() throws {
    let folder = try TemporaryDirectory()
    let target = folder.url.appendingPathComponent("b.ics").path
    // Two sets synced at the same time, again and again: each run must see the other's events.
    var processes: [Process] = []
    for set in 0..<4 {
      let contacts = try folder.write("c\(set).vcf", Self.people((set * 200)..<(set * 200 + 200)))
      let process = Process()
      process.executableURL = bdconvertBinary
      process.arguments = ["sync", contacts, "--to", target, "--set", "s\(set)"]
      process.environment = bdconvertEnvironment([:])
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append(process)
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let calendar = text(folder.read("b.ics"))
    for set in 0..<4 {
      #expect(calendar.components(separatedBy: "X-BDCONVERT-SET:s\(set)\r\n").count == 201)
    }
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func interruptedSyncKeepsTheOldTarget(signal: Int32) throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("contacts.vcf", Self.people(0..<20_000))
    let target = folder.url.appendingPathComponent("b.ics").path
    _ = try sync([contacts, "--to", target, "--threads", "1"])
    let before = folder.read("b.ics") ?? []
    try folder.write(
      "contacts.vcf", Self.people(0..<20_000).replacingOccurrences(of: "Person", with: "Someone"))
    // Started with no signal blocked and stopped once it writes the new file, so that the
    // signal arrives then.
    let child = try SignalableChild(
      bdconvertBinary.path, ["sync", contacts, "--to", target, "--threads", "1"])
    #expect(
      child.stopOnceItOpens(in: folder) {
        !["contacts.vcf", "b.ics", ".b.ics.bdconvert-lock"].contains($0)
      }, "the sync finished before it was stopped")
    kill(child.pid, signal)
    kill(child.pid, SIGCONT)
    #expect(child.wait().signal == signal)
    #expect(folder.read("b.ics") == before)
    #expect(folder.listing() == [".b.ics.bdconvert-lock", "b.ics", "contacts.vcf"])
  }

  @Test func usageErrors() throws {
    #expect(try sync(["a.vcf"]).status == 64)
    #expect(try sync(["--to", "x.ics"]).status == 64)
    #expect(try sync(["a.vcf", "--to", "x.ics", "--set", "a b"]).status == 64)
  }
}
