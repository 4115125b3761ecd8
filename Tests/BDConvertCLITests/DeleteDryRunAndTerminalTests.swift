import Foundation
import TestSupport
import Testing

/// `delete` that does what it says (issue 30, item 9), through the binary: on a terminal without
/// -o or --in-place it refuses with a hint instead of scrolling the edited calendar past, and
/// `--dry-run` tells what would go and changes nothing.
@Suite(.tags(.slow), .slowTimeLimit) struct DeleteDryRunAndTerminalTests {
  /// A converted calendar of Jane (1985-04-12) and Tom, and Jane's UID.
  static func calendar(in folder: TemporaryDirectory) throws -> (path: String, uid: String) {
    let contacts = try folder.write(
      "c.vcf",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
        + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Tom Hill\r\nBDAY:--0709\r\nEND:VCARD\r\n")
    let path = folder.url.appendingPathComponent("d.ics").path
    #expect(try runBDConvert(["convert", contacts, "-o", path]).status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let uid = try #require(
      text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }?.dropFirst(4))
    return (path, String(uid))
  }

  @Test(.enabled(if: TerminalProgressTests.hasScript, TerminalProgressTests.reason))
  func onATerminalDeleteRefusesWithAHint() throws {
    let folder = try TemporaryDirectory()
    let (path, uid) = try Self.calendar(in: folder)
    let before = folder.read("d.ics")
    let result = try TerminalProgressTests.onTerminal(
      "'\(bdconvertBinary.path)' delete --uid \(uid) '\(path)'")
    #expect(result.status == 64, "\(result.stdout)")
    #expect(result.stdout.contains("use --in-place to edit \(path), or -o FILE"))
    #expect(!result.stdout.contains("BEGIN:VCALENDAR"))
    #expect(!result.stdout.contains("removed 1 event"))
    #expect(folder.read("d.ics") == before)
    // '-o -' asks for the terminal; --in-place edits the file.
    let asked = try TerminalProgressTests.onTerminal(
      "'\(bdconvertBinary.path)' delete --uid \(uid) '\(path)' -o -")
    #expect(asked.status == 0 && asked.stdout.contains("BEGIN:VCALENDAR"))
    let edited = try TerminalProgressTests.onTerminal(
      "'\(bdconvertBinary.path)' delete --uid \(uid) '\(path)' --in-place")
    #expect(edited.status == 0 && edited.stdout.contains("removed 1 event"))
    #expect(!String(decoding: folder.read("d.ics") ?? [], as: UTF8.self).contains(uid))
  }

  @Test func aPipeStillGetsTheCalendar() throws {
    let folder = try TemporaryDirectory()
    let (path, uid) = try Self.calendar(in: folder)
    let result = try runBDConvert(["delete", "--uid", uid, path])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("BEGIN:VCALENDAR") && !result.stdout.contains(uid))
  }

  @Test func dryRunNamesWhatWouldGoAndChangesNothing() throws {
    let folder = try TemporaryDirectory()
    let (path, uid) = try Self.calendar(in: folder)
    let before = folder.read("d.ics")
    for extra in [[], ["--in-place"], ["-o", folder.url.path + "/out.ics"]] {
      let result = try runBDConvert(
        ["delete", "--uid", uid, "--uid", "absent", path, "--dry-run"] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "- Birthday: Jane Doe  1985-04-12  [\(uid)]\n")
      #expect(result.stderr.contains("UID 'absent' not found in the calendar"))
      #expect(
        result.stderr.hasSuffix("bdconvert: dry run: would remove 1 event; nothing was changed\n"))
      #expect(folder.read("d.ics") == before)
      #expect(folder.read("out.ics") == nil)
    }
  }
}
