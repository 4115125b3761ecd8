import Foundation
import TestSupport
import Testing

/// End-to-end tests of `vcf-to-ics` / `csv-to-ics` through the built binary: stdout, stderr,
/// exit status and files.
@Suite(.tags(.slow), .slowTimeLimit) struct ConvertCommandTests {
  static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"

  @Test func convertsStandardInputToStandardOutput() throws {
    let result = try runBDConvert(["vcf-to-ics"], stdin: Array(Self.card.utf8))
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    #expect(result.stdout.contains("\r\nSUMMARY:Birthday: Jane Doe\r\n"))
    #expect(result.stdout.contains("\r\nDTSTAMP:19700101T000000Z\r\n"))
    #expect(result.stderr == "bdconvert: converted 1 event from 1 card\n")
  }

  @Test func binarySmokeTestVersionAndAUsageError() throws {
    // The parsing itself is tested in process (CommandLineUsageTests); this checks the binary.
    let version = try runBDConvert(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("bdconvert "))
    let usage = try runBDConvert(["vcf-to-ics", "--ouput", "x"])
    #expect(usage.status == 64 && usage.stdout.isEmpty)
    #expect(usage.stderr.hasPrefix("bdconvert: error: unknown option '--ouput'; did you mean"))
  }

  @Test func missingInputExits66NamingThePath() throws {
    let folder = try TemporaryDirectory()
    let result = try runBDConvert([
      "vcf-to-ics", folder.url.appendingPathComponent("nope.vcf").path, "-o",
      folder.url.appendingPathComponent("out.ics").path,
    ])
    #expect(result.status == 66)
    #expect(
      result.stderr.contains("cannot open '")
        && result.stderr.contains("nope.vcf': No such file or directory"))
    #expect(folder.listing().isEmpty)  // no output, no temporary file
    let directory = try runBDConvert(["vcf-to-ics", folder.url.path])
    #expect(directory.status == 66)
    #expect(directory.stderr.contains("it is a folder"))
  }

  @Test func outputFileIsWrittenAtomicallyAndInputIsNeverOverwritten() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.card)
    let output = folder.url.appendingPathComponent("birthdays.ics").path
    let first = try runBDConvert(["vcf-to-ics", input, "-o", output])
    #expect(first.status == 0)
    #expect(folder.listing() == ["birthdays.ics", "contacts.vcf"])
    #expect(
      String(decoding: folder.read("birthdays.ics") ?? [], as: UTF8.self).hasSuffix(
        "END:VCALENDAR\r\n"))

    let refused = try runBDConvert(["vcf-to-ics", input, "-o", input])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("is also an input; refusing to overwrite it"))
    #expect(folder.read("contacts.vcf") == Array(Self.card.utf8))
  }

  @Test func outputIntoMissingFolderExits73() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.card)
    let result = try runBDConvert([
      "vcf-to-ics", input, "-o", folder.url.appendingPathComponent("no/such/dir/out.ics").path,
    ])
    #expect(result.status == 73)
    #expect(result.stderr.contains("cannot create '"))
  }

  @Test func fifoOutputIsWrittenThroughNotReplaced() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.card)
    let fifo = folder.url.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader drains the FIFO while the converter writes into it.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let drained = folder.url.appendingPathComponent("drained")
    _ = FileManager.default.createFile(atPath: drained.path, contents: nil)
    reader.standardOutput = try FileHandle(forWritingTo: drained)
    try reader.run()
    let result = try runBDConvert(["vcf-to-ics", input, "-o", fifo])
    reader.waitUntilExit()
    #expect(result.status == 0)
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(
      String(decoding: folder.read("drained") ?? [], as: UTF8.self).contains(
        "SUMMARY:Birthday: Jane Doe"))
  }

  @Test func sourceDateEpochMakesOutputReproducible() throws {
    let first = try runBDConvert(
      ["vcf-to-ics"], stdin: Array(Self.card.utf8), environment: ["SOURCE_DATE_EPOCH": "1700000000"]
    )
    let second = try runBDConvert(
      ["vcf-to-ics"], stdin: Array(Self.card.utf8), environment: ["SOURCE_DATE_EPOCH": "1700000000"]
    )
    #expect(first.stdoutBytes == second.stdoutBytes)
    #expect(first.stdout.contains("DTSTAMP:20231114T221320Z"))
  }
}
