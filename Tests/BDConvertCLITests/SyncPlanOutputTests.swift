import Foundation
import TestSupport
import Testing

/// How `sync` tells what it does (issue 30, item 7), through the binary: the title first, what
/// changed with its old and new value, the UID only with -v, the conditional in a dry run, no
/// plan with -q, and the old values in --json.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncPlanOutputTests {
  static func card(_ uid: String, _ name: String, _ birthday: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nBDAY:\(birthday)\r\nEND:VCARD\r\n"
  }

  /// A calendar synced from Peter and Siobhán, whose contacts then get a new name and a fixed date.
  static func editedContacts() throws -> (
    folder: TemporaryDirectory, contacts: String, target: String
  ) {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write(
      "contacts.vcf",
      card("peter", "Peter Nguyen", "1980-01-02") + card("siobhan", "Siobhán Kelly", "1991-12-05"))
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([contacts, "--to", target]).status == 0)
    try folder.write(
      "contacts.vcf",
      card("peter", "Peter Nguyen-Tran", "1980-01-02")
        + card("siobhan", "Siobhán Kelly", "1991-12-06"))
    return (folder, contacts, target)
  }

  static func sync(_ arguments: [String]) throws -> CommandResult {
    try runBDConvert(["sync"] + arguments, environment: ["SOURCE_DATE_EPOCH": "0"])
  }

  @Test func aChangeSaysWhatChangedFromWhatToWhat() throws {
    let (folder, contacts, target) = try Self.editedContacts()
    let result = try Self.sync([contacts, "--to", target])
    withExtendedLifetime(folder) {}
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n") == [
        "~ Birthday: Peter Nguyen-Tran  name: Birthday: Peter Nguyen → Birthday: Peter Nguyen-Tran; alarms",
        "~ Birthday: Siobhán Kelly  date: 1991-12-05 → 1991-12-06; details",
      ])
    #expect(!result.stdout.contains("-5"))  // no UID (they are UUIDs) without -v
    #expect(result.stderr.contains("bdconvert: sync: 0 added, 2 updated, 0 removed, 0 unchanged"))
  }

  @Test func verboseAddsTheUIDLast() throws {
    let (folder, contacts, target) = try Self.editedContacts()
    let result = try Self.sync([contacts, "--to", target, "-v", "--dry-run"])
    withExtendedLifetime(folder) {}
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for line in lines {
      let uid = try #require(line.split(separator: "[").dropFirst().last)
      #expect(uid.count == 37 && uid.hasSuffix("]"), "\(line)")
    }
  }

  @Test func aDryRunSpeaksInTheConditional() throws {
    let (folder, contacts, target) = try Self.editedContacts()
    try folder.write("contacts.vcf", Self.card("ann", "Ann Lee", "1970-03-04"))
    let result = try Self.sync([contacts, "--to", target, "--dry-run"])
    withExtendedLifetime(folder) {}
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "bdconvert: sync: dry run: would add 1, update 0, remove 2 (0 unchanged); nothing was "
          + "changed\n"))
    #expect(result.stdout.hasPrefix("+ Birthday: Ann Lee  1970-03-04\n"))
  }

  @Test func quietPrintsNoPlanButJSONIsStillPrinted() throws {
    let (folder, contacts, target) = try Self.editedContacts()
    defer { withExtendedLifetime(folder) {} }
    let quiet = try Self.sync([contacts, "--to", target, "-q", "--dry-run"])
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "" && quiet.stderr == "")
    let json = try Self.sync([contacts, "--to", target, "-q", "--json"])
    let lines = json.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines[0].contains(
        "\"summary\":\"Birthday: Peter Nguyen-Tran\",\"date\":\"1980-01-02\","
          + "\"changed\":[\"name\",\"alarms\"],\"previousSummary\":\"Birthday: Peter Nguyen\","
          + "\"previousDate\":null,\"notes\":[]}"))
    #expect(lines[1].contains("\"previousSummary\":null,\"previousDate\":\"1991-12-05\""))
    #expect(lines[0].hasPrefix("{\"op\":\"replace\",\"uid\":\""))
  }
}
