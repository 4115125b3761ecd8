import Foundation
import TestSupport
import Testing

/// The removals an unreadable record holds back are lines of the plan (`!`, and `keep` in
/// `--json`), each naming the record (issue 30 item 2); `sync --help` lists every exit status a
/// sync can end with, one a line. Through the binary.
@Suite(.tags(.slow), .slowTimeLimit) struct SyncHeldBackAndStatusTests: SyncRunning {
  @Test func eachHeldBackRemovalIsAPlanLineNamingTheRecord() throws {
    let folder = try TemporaryDirectory()
    let header = "First Name,Last Name,Birthday\n"
    let rest = "Carl,Ek,1970-01-01\nDora,Fu,1971-01-02\nEve,Gu,1972-01-03\n"
    let source = try folder.write(
      "google.csv", header + "Bad,Row,1983-02-28\nAnna,Weber,1975-07-01\n" + rest)
    let target = folder.url.appendingPathComponent("b.ics").path
    #expect(try sync([source, "--to", target]).status == 0)
    // Bad Row's date can no longer be read (line 2), and Anna is gone.
    try folder.write("google.csv", header + "Bad,Row,1983-02-29\n" + rest)

    let dryRun = try sync([source, "--to", target, "--dry-run"])
    #expect(dryRun.status == 65, "\(dryRun.stderr)")
    #expect(
      dryRun.stdout
        == "- Birthday: Anna Weber  1975-07-01\n"
        + "! Birthday: Bad Row  1983-02-28  (would be kept: could be the unreadable record at "
        + "\(source):2)\n")

    let json = try sync([source, "--to", target, "--json"])
    #expect(json.status == 65, "\(json.stderr)")
    let objects = try json.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["op"] as? String } == ["remove", "keep"])
    #expect(objects.last?["summary"] as? String == "Birthday: Bad Row")
    #expect(
      objects.last?["notes"] as? [String]
        == ["kept: could be the unreadable record at \(source):2"])
    #expect(json.stderr.contains("1 held back (1 record could not be read)"))

    // Every run says it again while the record stays unreadable; -q prints no plan.
    let again = try sync([source, "--to", target])
    #expect(again.status == 65)
    #expect(again.stdout.hasPrefix("! Birthday: Bad Row  1983-02-28  (kept: "))
    #expect(try sync([source, "--to", target, "-q"]).stdout == "")
  }

  @Test func syncHelpListsEveryExitStatusOneALine() throws {
    let help = try runBDConvert(["sync", "--help"])
    #expect(help.status == 0)
    let section = try #require(help.stdout.components(separatedBy: "exit status:\n").last)
    let lines = section.split(separator: "\n")
    func meaning(_ status: Int) -> String {
      guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(status) ") }) else { return "" }
      return lines[start...].prefix { $0 == lines[start] || $0.hasPrefix("       ") }
        .joined(separator: " ")
    }
    for status in [0, 64, 65, 66, 69, 73, 74, 75, 77] {
      #expect(!meaning(status).isEmpty, "exit status \(status) is not listed:\n\(section)")
    }
    #expect(meaning(65).contains("held"))
    #expect(meaning(66).contains("calendar given as SOURCE"))
    #expect(meaning(75).contains("--max-time") && meaning(75).contains("--max-wait"))
    #expect(meaning(64).contains("plain HTTP"))
  }
}
