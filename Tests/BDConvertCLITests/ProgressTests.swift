import Foundation
import TestSupport
import Testing

/// Live progress appears on a terminal's stderr for long runs, and never anywhere else.
@Suite(.tags(.slow), .slowTimeLimit) struct ProgressTests {
  /// About 15 MB of cards: several progress checks (one every 4096 records).
  static func largeAddressBook(in folder: TemporaryDirectory) throws -> String {
    let card =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person\r\nNOTE:" + String(repeating: "padding ", count: 120)
      + "\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
    return try folder.write("big.vcf", String(repeating: card, count: 15_000))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
      "needs script(1) from util-linux for a pseudo-terminal"))
  func progressIsShownOnATerminal() throws {
    let folder = try TemporaryDirectory()
    let input = try Self.largeAddressBook(in: folder)
    let output = folder.url.appendingPathComponent("out.ics").path
    // script(1) gives the command a pseudo-terminal and copies what it prints to our stdout.
    let result = try runProcess(
      "/usr/bin/script",
      [
        "-qec",
        "BDCONVERT_PROGRESS_AFTER=0 '\(bdconvertBinary.path)' vcf-to-ics '\(input)' -o '\(output)' --threads 1",
        "/dev/null",
      ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(" records, "), "\(result.stdout.suffix(300))")
    #expect(result.stdout.contains(" MB/s"))
    #expect(result.stdout.contains("\u{1B}[K"))  // the line is erased at the end
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
      "needs script(1) from util-linux for a pseudo-terminal"))
  func warningsAreColouredOnATerminalUnlessNoColor() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("bad.csv", "Name,Birthday\nAnn,1985-02-30\n")
    let output = folder.url.appendingPathComponent("out.ics").path
    // swift test itself may run with NO_COLOR set: each case sets its own environment.
    let command = "'\(bdconvertBinary.path)' convert '\(input)' -o '\(output)'"
    let colored = try runProcess(
      "/usr/bin/script", ["-qec", "env -u NO_COLOR TERM=xterm " + command, "/dev/null"])
    #expect(colored.status == 0)
    #expect(colored.stdout.contains("\u{1B}[1;35mwarning:\u{1B}[0m"), "\(colored.stdout)")
    let plain = try runProcess(
      "/usr/bin/script", ["-qec", "env NO_COLOR=1 TERM=xterm " + command, "/dev/null"])
    #expect(plain.stdout.contains("warning: column 'Birthday'"))
    #expect(!plain.stdout.contains("\u{1B}["))
    let piped = try runBDConvert(["convert", input, "-o", output, "--color", "auto"])
    #expect(piped.stderr.hasPrefix("\(input):2:5: warning: "))
  }

  @Test func noProgressWhenStandardErrorIsNotATerminal() throws {
    let folder = try TemporaryDirectory()
    let input = try Self.largeAddressBook(in: folder)
    let result = try runBDConvert(
      ["vcf-to-ics", input, "--threads", "1"],
      environment: ["SOURCE_DATE_EPOCH": "0", "BDCONVERT_PROGRESS_AFTER": "0"])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("\r") && !result.stderr.contains("records,"))
    #expect(!result.stdout.contains("records,") && !result.stdout.contains("\u{1B}"))
  }
}

/// Runs any program, with output through files.
func runProcess(_ path: String, _ arguments: [String]) throws -> CommandResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.standardInput = FileHandle.nullDevice
  return try runCollectingOutput(process, in: try TemporaryDirectory())
}
