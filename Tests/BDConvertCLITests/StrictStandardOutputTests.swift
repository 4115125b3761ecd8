import Foundation
import TestSupport
import Testing

/// `--strict` with standard output (issue 12, item 11): a failed run prints nothing at all, also
/// into a pipe; a successful one prints exactly what a lenient run prints.
@Suite(.tags(.slow), .slowTimeLimit) struct StrictStandardOutputTests {
  static let goodCards =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
    + (0..<2_000).map {
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \($0)\r\nBDAY:--0\($0 % 9 + 1)15\r\nEND:VCARD\r\n"
    }.joined()
  static let badCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad\r\nBDAY:1985-02-30\r\nEND:VCARD\r\n"

  /// Runs the binary with standard output into a pipe that this test drains.
  static func runIntoPipe(_ arguments: [String]) throws -> (status: Int32, stdout: Data) {
    let folder = try TemporaryDirectory()
    let process = Process()
    process.executableURL = bdconvertBinary
    process.arguments = arguments
    process.environment = bdconvertEnvironment(["SOURCE_DATE_EPOCH": "0"])
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    let errors = folder.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  @Test(arguments: [1, 2_001])
  func failedStrictRunPrintsNothingIntoAPipe(goodCardsBefore count: Int) throws {
    // 2,001 cards give well over the writer's 64 KiB buffer before the bad card.
    let folder = try TemporaryDirectory()
    let cards = Self.goodCards.components(separatedBy: "END:VCARD\r\n").prefix(count)
      .map { $0 + "END:VCARD\r\n" }.joined()
    let input = try folder.write("contacts.vcf", cards + Self.badCard)
    let result = try Self.runIntoPipe(["vcf-to-ics", input, "--strict"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let lenient = try Self.runIntoPipe(["vcf-to-ics", input])
    #expect(lenient.status == 0 && lenient.stdout.count > (count > 1 ? 1 << 16 : 0))
  }

  @Test func successfulStrictRunPrintsTheSameCalendar() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.goodCards)
    let strict = try Self.runIntoPipe(["vcf-to-ics", input, "--strict"])
    let lenient = try Self.runIntoPipe(["vcf-to-ics", input])
    #expect(strict.status == 0)
    #expect(strict.stdout.count > 1 << 16)
    #expect(strict.stdout == lenient.stdout)
  }

  @Test func strictNeedsATemporaryFolderForStandardOutput() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.goodCards)
    let result = try runBDConvert(
      ["vcf-to-ics", input, "--strict"],
      environment: ["SOURCE_DATE_EPOCH": "0", "TMPDIR": "/nonexistent/bdconvert-test"])
    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains("cannot create a temporary file in '/nonexistent/bdconvert-test'"))
  }

  @Test func outputDashIsStandardOutput() throws {
    // CLI.md: `-o -` is standard output, for every command that writes a calendar.
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.badCard + Self.goodCards.prefix(200))
    for arguments in [
      ["vcf-to-ics", input, "-o", "-"], ["vcf-to-ics", input, "-o", "-", "--strict"],
    ] {
      let result = try runBDConvert(arguments, in: folder.url)
      #expect(!folder.listing().contains("-"))
      #expect(result.stdout.isEmpty == arguments.contains("--strict"))
    }
    let calendar = try folder.write("cal.ics", DeleteAndListCommandTests.calendar)
    for arguments in [
      ["delete", "--uid", "gone", calendar, "-o", "-"], ["merge", calendar, "-o", "-"],
    ] {
      let result = try runBDConvert(arguments, in: folder.url)
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("BEGIN:VCALENDAR"))
      #expect(!folder.listing().contains("-"))
    }
  }
}
