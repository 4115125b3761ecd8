import Foundation
import TestSupport
import Testing

/// Permissions as a user meets them: the binary runs as `nobody` (`setpriv`), on files in a
/// folder that user owns. As root every permission check passes, so these cases exist only for
/// another user. They need root to switch users (CI runs as root); elsewhere they are skipped,
/// and with `CI` set they run and fail instead.
@Suite(.tags(.slow), .slowTimeLimit) struct UnprivilegedUserTests {
  static let setpriv = "/usr/bin/setpriv"
  static let canSwitchUser =
    isCI || (getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv))
  static let reason: Comment = "needs root and setpriv(1) to run as 'nobody'; CI runs as root"

  /// The ids of `nobody` and its group.
  static var nobody: (uid: uid_t, gid: gid_t) {
    guard let entry = getpwnam("nobody") else { return (65534, 65534) }
    return (entry.pointee.pw_uid, entry.pointee.pw_gid)
  }

  /// A folder owned by `nobody`, with `files` (name, contents, mode) owned by `nobody` too.
  static func folder(_ files: [(String, String, mode_t)]) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    #expect(chown(folder.url.path, nobody.uid, nobody.gid) == 0)
    for (name, contents, mode) in files {
      let path = try folder.write(name, contents)
      #expect(chown(path, nobody.uid, nobody.gid) == 0)
      #expect(chmod(path, mode) == 0)
    }
    return folder
  }

  /// Runs the binary as `nobody` in `folder`, with `stdin` on standard input.
  static func runAsNobody(_ arguments: [String], in folder: TemporaryDirectory, stdin: String = "")
    throws -> CommandResult
  {
    let input = try folder.write(".stdin", stdin)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: setpriv)
    process.arguments =
      ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", bdconvertBinary.path]
      + arguments
    process.environment = bdconvertEnvironment(["SOURCE_DATE_EPOCH": "0"])
    process.currentDirectoryURL = folder.url
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
    return try runCollectingOutput(process, in: try TemporaryDirectory())
  }

  static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
  static let calendar = DeleteAndListCommandTests.calendar

  @Test(.enabled(if: canSwitchUser, reason)) func userCanWriteWhatTheyOwn() throws {
    // The control case: the same setup with a writable output succeeds.
    let folder = try Self.folder([("a.vcf", Self.card, 0o644), ("out.ics", "old", 0o644)])
    let result = try Self.runAsNobody(["vcf-to-ics", "a.vcf", "-o", "out.ics"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(String(decoding: folder.read("out.ics") ?? [], as: UTF8.self).hasPrefix("BEGIN:"))
  }

  @Test(
    .enabled(if: canSwitchUser, reason),
    arguments: [
      ["vcf-to-ics", "a.vcf", "-o", "out.ics"],
      ["convert", "a.vcf", "-o", "out.ics"],
      ["merge", "cal.ics", "-o", "out.ics"],
      ["delete", "--uid", "gone", "cal.ics", "-o", "out.ics"],
      ["delete", "--uid", "gone", "readonly.ics", "--in-place"],
      ["vcf-to-ics", "a.vcf", "-o", "x.ics", "--summary-json", "out.ics"],
    ])
  func readOnlyOutputIsRefusedWith73(arguments: [String]) throws {
    let folder = try Self.folder([
      ("a.vcf", Self.card, 0o644), ("cal.ics", Self.calendar, 0o644),
      ("readonly.ics", Self.calendar, 0o444), ("out.ics", "protected", 0o444),
    ])
    let result = try Self.runAsNobody(arguments, in: folder)
    #expect(result.status == 73, "\(result.stderr)")
    let target = arguments.contains("--in-place") ? "readonly.ics" : "out.ics"
    #expect(result.stderr.contains("cannot write '\(target)': Permission denied"))
    #expect(folder.read("out.ics") == Array("protected".utf8))
    #expect(folder.read("readonly.ics") == Array(Self.calendar.utf8))
    #expect(!folder.listing().contains { $0.contains(".bdconvert-") })
  }

  @Test(
    .enabled(if: canSwitchUser, reason),
    arguments: [
      ["vcf-to-ics", "secret.vcf"],
      ["convert", "secret.vcf"],
      ["csv-to-ics", "secret.vcf"],
      ["list", "secret.ics"],
      ["delete", "--uid", "x", "secret.ics"],
      ["delete", "--uids-from", "secret.vcf", "cal.ics"],
      ["merge", "cal.ics", "secret.ics"],
    ])
  func unreadableInputExits66(arguments: [String]) throws {
    let folder = try Self.folder([
      ("secret.vcf", Self.card, 0o200), ("secret.ics", Self.calendar, 0o000),
      ("cal.ics", Self.calendar, 0o644),
    ])
    let result = try Self.runAsNobody(arguments, in: folder)
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("cannot open 'secret."))
    #expect(result.stderr.contains("Permission denied"))
    #expect(result.stdout.isEmpty)
  }

  @Test(.enabled(if: canSwitchUser, reason)) func unreadableFolderExits66() throws {
    let folder = try Self.folder([])
    let locked = folder.url.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
    try Data(Self.card.utf8).write(to: locked.appendingPathComponent("a.vcf"))
    #expect(chmod(locked.path, 0o700) == 0)  // root's: nobody may not enter
    let result = try Self.runAsNobody(["vcf-to-ics", "locked/a.vcf"], in: folder)
    #expect(result.status == 66)
    #expect(result.stderr.contains("cannot open 'locked/a.vcf': Permission denied"))
  }

  @Test(.enabled(if: canSwitchUser, reason))
  func unreadableInputInABatchIsReportedAndTheRestIsWritten()
    throws
  {
    let folder = try Self.folder([("a.vcf", Self.card, 0o644), ("secret.vcf", Self.card, 0o000)])
    let result = try Self.runAsNobody(
      ["vcf-to-ics", "secret.vcf", "a.vcf", "-o", "out.ics"], in: folder)
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("cannot open 'secret.vcf': Permission denied"))
    #expect(String(decoding: folder.read("out.ics") ?? [], as: UTF8.self).contains("Ann Lee"))
  }
}
