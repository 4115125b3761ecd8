import Foundation
import TestSupport
import Testing

@testable import BDConvertCLI

/// Progress and hints on a terminal (issue 12, item 20), through script(1), which gives the
/// command a pseudo-terminal and copies what it prints to our standard output.
@Suite(.tags(.slow), .slowTimeLimit) struct TerminalProgressTests {
  static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script") || isCI
  static let reason: Comment = "needs script(1) from util-linux for a pseudo-terminal"

  /// Runs `command` (a shell command line) on a pseudo-terminal, with `input` typed into it.
  static func onTerminal(_ command: String, input: String = "") throws -> CommandResult {
    let folder = try TemporaryDirectory()
    let typed = try folder.write("typed", input)
    let process = Process()
    // timeout(1): a command that waits for more input fails the test instead of hanging it.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = [
      "120", "/usr/bin/script", "-qec", "env NO_COLOR=1 BDCONVERT_PROGRESS_AFTER=0 " + command,
      "/dev/null",
    ]
    process.environment = bdconvertEnvironment([:])
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: typed))
    return try runCollectingOutput(process, in: folder)
  }

  /// The text each line ends up showing: what follows its last carriage return, without the
  /// erase-line sequence.
  static func visibleLines(_ text: String) -> [String] {
    // The terminal turns each "\n" into "\r\n".
    text.components(separatedBy: "\r\n").map { line in
      let shown = line.components(separatedBy: "\r").last ?? ""
      return shown.replacingOccurrences(of: "\u{1B}[K", with: "")
    }
  }

  /// About 15 MB of cards; every 750th has an invalid date (20 warnings: all are shown).
  static func largeAddressBook(in folder: TemporaryDirectory) throws -> String {
    let note = "NOTE:" + String(repeating: "padding ", count: 120)
    let cards = (0..<15_000).map { index in
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(index)\r\n\(note)\r\nBDAY:"
        + (index % 750 == 749 ? "1985-02-30" : "1985-04-12") + "\r\nEND:VCARD\r\n"
    }
    return try folder.write("big.vcf", cards.joined())
  }

  @Test(.enabled(if: hasScript, reason)) func progressShowsPercentageAndTimeLeft() throws {
    let folder = try TemporaryDirectory()
    let input = try Self.largeAddressBook(in: folder)
    let output = folder.url.path + "/out.ics"
    let result = try Self.onTerminal(
      "'\(bdconvertBinary.path)' vcf-to-ics '\(input)' -o '\(output)' --threads 1")
    #expect(result.status == 0)
    let progress = result.stdout.components(separatedBy: "\r").filter {
      $0.hasPrefix("bdconvert: ") && $0.contains("% (")
    }
    #expect(!progress.isEmpty, "\(result.stdout.suffix(400))")
    #expect(progress.allSatisfy { $0.contains(" of 15 MB), ") && $0.contains(" left\u{1B}[K") })
    #expect(progress.contains { $0.contains(" records, ") })
  }

  @Test(.enabled(if: hasScript, reason)) func warningsAreNeverGluedOntoTheProgressLine() throws {
    let folder = try TemporaryDirectory()
    let input = try Self.largeAddressBook(in: folder)
    let output = folder.url.path + "/out.ics"
    let result = try Self.onTerminal(
      "'\(bdconvertBinary.path)' vcf-to-ics '\(input)' -o '\(output)' --threads 1")
    #expect(result.stdout.contains("MB/s"))  // progress was shown while warnings came
    let warnings = Self.visibleLines(result.stdout).filter { $0.contains("warning:") }
    #expect(warnings.count == 20)
    for line in warnings {
      #expect(line.hasPrefix("\(input):"), "glued: \(line)")
    }
  }

  @Test(.enabled(if: hasScript, reason)) func listAndDeleteShowProgress() throws {
    let folder = try TemporaryDirectory()
    let input = try Self.largeAddressBook(in: folder)
    let calendar = folder.url.path + "/cal.ics"
    #expect(try runBDConvert(["vcf-to-ics", input, "-o", calendar]).status == 0)
    let list = try Self.onTerminal("'\(bdconvertBinary.path)' list '\(calendar)' > /dev/null")
    let delete = try Self.onTerminal(
      "'\(bdconvertBinary.path)' delete --uid x '\(calendar)' -o '\(folder.url.path)/out.ics'")
    for result in [list, delete] {
      #expect(result.status == 0)
      let progress = result.stdout.components(separatedBy: "\r").filter { $0.contains("% (") }
      #expect(!progress.isEmpty, "\(result.stdout.suffix(300))")
      #expect(progress.allSatisfy { $0.contains(" MB/s, ") && !$0.contains("records") })
    }
    // Erased at the end: what stays on the screen is the summary, not a progress line.
    #expect(
      Self.visibleLines(delete.stdout).filter { !$0.isEmpty }.last == "bdconvert: removed 0 events")
  }

  @Test(.enabled(if: hasScript, reason)) func typingAnAddressBookIsExplained() throws {
    let folder = try TemporaryDirectory()
    let output = folder.url.path + "/out.ics"
    let result = try Self.onTerminal(
      "'\(bdconvertBinary.path)' vcf-to-ics -o '\(output)'",
      input: "BEGIN:VCARD\nVERSION:3.0\nFN:Typed Person\nBDAY:1990-03-04\nEND:VCARD\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("bdconvert: reading from standard input (Ctrl-D to end)\r\n"))
    #expect(
      String(decoding: folder.read("out.ics") ?? [], as: UTF8.self).contains("Typed Person"))
  }

  @Test func noHintWhenStandardInputIsNotATerminal() throws {
    let result = try runBDConvert(["list"], stdin: Array(DeleteAndListCommandTests.calendar.utf8))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test(arguments: [
    (40_000_000, 100_000_000, 2.0, "bdconvert: 40% (40 of 100 MB), 7 records, 20 MB/s, 3 s left"),
    (0, 100_000_000, 1.0, "bdconvert: 0% (0 of 100 MB), 7 records, 0 MB/s"),
    (5_000_000, nil, 0.5, "bdconvert: 7 records, 5 MB read, 10 MB/s"),
    (1_000_000, 2_000_000, 120.0, "bdconvert: 50% (1 of 2 MB), 7 records, 0 MB/s, 2 min 0 s left"),
  ])
  func progressLineText(bytes: Int, total: Int?, elapsed: Double, line: String) {
    #expect(
      ProgressReporter.line(bytes: bytes, total: total, records: (7, "records"), elapsed: elapsed)
        == line)
  }
}
