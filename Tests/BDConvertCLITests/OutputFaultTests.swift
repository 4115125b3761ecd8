import Foundation
import TestSupport
import Testing

/// Output failures: the right exit status, a message, no partial file, and an existing output
/// left untouched. The mount-based cases need root (CI runs as root) and never touch real /dev
/// paths: they mount small tmpfs file systems inside a temporary folder.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct OutputFaultTests {
  #if os(Linux)
    static let canMount: Bool =
      getuid() == 0
      && {
        guard let folder = try? TemporaryDirectory() else { return false }
        defer { umount(folder.url.path) }
        return mount("tmpfs", folder.url.path, "tmpfs", 0, "size=64k") == 0
      }()
  #else
    static let canMount = false
  #endif
  /// Why the mount-based tests may not run.
  static let mountReason: Comment = "needs root and tmpfs mounts (Linux); CI runs as root"

  /// Many cards, so the calendar is larger than a tiny file system.
  static let manyCards: [UInt8] = Array(
    (0..<400).map { index in
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(index)\r\nBDAY:--\(String(format: "%02d", index % 12 + 1))15\r\nEND:VCARD\r\n"
    }.joined().utf8)

  #if os(Linux)
    @Test(.enabled(if: canMount, mountReason)) func fullDiskExits74AndKeepsTheExistingFile() throws
    {
      let folder = try TemporaryDirectory()
      let input = try folder.write("contacts.vcf", Self.manyCards)
      let disk = folder.url.appendingPathComponent("disk")
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
      #expect(mount("tmpfs", disk.path, "tmpfs", 0, "size=16k") == 0)
      defer { umount(disk.path) }
      let existing = disk.appendingPathComponent("birthdays.ics")
      try Data("previous calendar".utf8).write(to: existing)

      let result = try runBDConvert(["vcf-to-ics", input, "-o", existing.path])
      #expect(result.status == 74)
      #expect(result.stderr.contains("cannot write '\(existing.path)': No space left on device"))
      #expect(try String(contentsOf: existing, encoding: .utf8) == "previous calendar")
      #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["birthdays.ics"])
    }

    @Test(.enabled(if: canMount, mountReason)) func readOnlyFolderExits73() throws {
      let folder = try TemporaryDirectory()
      let input = try folder.write("contacts.vcf", Self.manyCards)
      let disk = folder.url.appendingPathComponent("ro")
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
      #expect(mount("tmpfs", disk.path, "tmpfs", UInt(MS_RDONLY), "size=16k") == 0)
      defer { umount(disk.path) }
      let result = try runBDConvert([
        "vcf-to-ics", input, "-o", disk.appendingPathComponent("out.ics").path,
      ])
      #expect(result.status == 73)
      #expect(result.stderr.contains("Read-only file system"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
    }
  #endif

  @Test func outputPathThatIsAFolderExits73() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.manyCards)
    let result = try runBDConvert(["vcf-to-ics", input, "-o", folder.url.path])
    #expect(result.status == 73)
    #expect(result.stderr.contains("it is a folder"))
  }

  @Test func symbolicLinkIsFollowedAndKept() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.manyCards)
    let target = try folder.write("real.ics", "old")
    let link = folder.url.appendingPathComponent("link.ics").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = try runBDConvert(["vcf-to-ics", input, "-o", link])
    #expect(result.status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(
      String(decoding: folder.read("real.ics") ?? [], as: UTF8.self).hasPrefix("BEGIN:VCALENDAR"))
  }

  @Test func replacedFileKeepsItsPermissions() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write("contacts.vcf", Self.manyCards)
    let output = try folder.write("out.ics", "old")
    #expect(chmod(output, 0o640) == 0)
    #expect(try runBDConvert(["vcf-to-ics", input, "-o", output]).status == 0)
    var info = stat()
    #expect(stat(output, &info) == 0 && info.st_mode & 0o777 == 0o640)
  }

  @Test func closedStandardOutputEndsQuietly() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(
      "contacts.vcf", Array(repeating: Self.manyCards, count: 20).flatMap { $0 })
    let process = Process()
    process.executableURL = bdconvertBinary
    process.arguments = ["vcf-to-ics", input]
    let pipe = Pipe()
    process.standardOutput = pipe
    let errors = folder.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errors)
    try pipe.fileHandleForReading.close()  // like `| head -0`: the reader is gone
    try process.run()
    process.waitUntilExit()
    let stderr = try String(contentsOf: errors, encoding: .utf8)
    // Killed by SIGPIPE (as `cat` would be) or exit 74; never a crash report.
    #expect(
      (process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
        || process.terminationStatus == 74)
    #expect(!stderr.contains("Fatal error") && !stderr.contains("Stack dump"))
  }
}
