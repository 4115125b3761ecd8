import Foundation
import TestSupport
import Testing

/// Local writes under concurrency, signals and faults, through the binary: the target's lock,
/// temporary files that a killed run leaves, ignored signals, ownership, a full disk.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct LocalWriteTests {
  static let canRunAsRoot: Bool = getuid() == 0 || isCI
  static let rootReason: Comment = "needs root to hand files to 'nobody'; CI runs as root"

  /// `count` events that no sync set manages (`hand-0`, `hand-1`, ...).
  static func handEvents(_ count: Int) -> String {
    (0..<count).map {
      "BEGIN:VEVENT\r\nUID:hand-\($0)\r\nDTSTAMP:19700101T000000Z\r\nDTSTART;VALUE=DATE:19850412\r\nSUMMARY:Hand \($0)\r\nEND:VEVENT\r\n"
    }.joined()
  }

  /// A calendar of ``handEvents(_:)``.
  static func handCalendar(_ count: Int) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hand//EN\r\n" + handEvents(count)
      + "END:VCALENDAR\r\n"
  }

  /// Starts the binary with `arguments`, standard error into `errors` (a path), standard
  /// input from `input` (a pipe) or nothing.
  static func start(_ arguments: [String], errors: String, input: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = bdconvertBinary
    process.arguments = arguments
    process.environment = bdconvertEnvironment(["SOURCE_DATE_EPOCH": "0"])
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The folder's real path, as `/proc` shows it.
  static func realPath(_ folder: TemporaryDirectory) -> String {
    folder.url.resolvingSymlinksInPath().path
  }

  // MARK: - The lock

  /// A sync and an in-place delete of the same calendar at once: the delete is stopped after it
  /// opened the calendar, the sync is started meanwhile, then the delete goes on. Before the
  /// lock the sync finished in between and the delete then put back the calendar without the
  /// sync's additions; with it, the sync waits and edits the delete's result.
  @Test func syncAndInPlaceDeleteAtOnceLoseNothing() throws {
    let folder = try TemporaryDirectory()
    let calendar = folder.url.appendingPathComponent("cal.ics").path
    let before = try folder.write("before.vcf", SyncCommandTests.people(0..<50))
    let after = try folder.write("after.vcf", SyncCommandTests.people(0..<150))
    #expect(try runBDConvert(["sync", before, "--to", calendar]).status == 0)
    // Large enough that the delete is still reading when it is stopped.
    let synced = String(decoding: folder.read("cal.ics") ?? [], as: UTF8.self)
    try folder.write(
      "cal.ics",
      synced.replacingOccurrences(
        of: "END:VCALENDAR\r\n", with: Self.handEvents(60_000) + "END:VCALENDAR\r\n"))
    let realCalendar = Self.realPath(folder) + "/cal.ics"

    let delete = try Self.start(
      ["delete", "--uid", "hand-0", calendar, "--in-place"],
      errors: folder.url.appendingPathComponent("delete.err").path)
    #expect(
      waitUntil {
        !delete.isRunning || openFiles(of: delete.processIdentifier).contains(realCalendar)
      })
    kill(delete.processIdentifier, SIGSTOP)
    #expect(
      String(decoding: folder.read("cal.ics") ?? [], as: UTF8.self).contains("UID:hand-0\r\n"),
      "the delete finished before it was stopped: make the calendar larger")
    let syncErrors = folder.url.appendingPathComponent("sync.err").path
    let sync = try Self.start(["sync", after, "--to", calendar], errors: syncErrors)
    #expect(
      waitUntil {
        !sync.isRunning
          || ((try? String(contentsOfFile: syncErrors, encoding: .utf8)) ?? "").contains("waiting")
      })
    kill(delete.processIdentifier, SIGCONT)
    delete.waitUntilExit()
    sync.waitUntilExit()
    #expect(delete.terminationStatus == 0)
    #expect(sync.terminationStatus == 0)
    let result = String(decoding: folder.read("cal.ics") ?? [], as: UTF8.self)
    #expect(!result.contains("UID:hand-0\r\n"))
    #expect(result.contains("UID:hand-59999\r\n"))
    #expect(result.components(separatedBy: "BEGIN:VEVENT").count - 1 == 150 + 59_999)
    #expect(try String(contentsOfFile: syncErrors, encoding: .utf8).contains("100 added"))
  }

  // MARK: - Temporary files

  /// Starts `vcf-to-ics` of 30,000 cards into `out.ics` in `output` (the input elsewhere),
  /// through `/bin/sh -c` `shell` (`"$@"` runs it), and returns it once it has its output open:
  /// stopped (SIGSTOP), so that signals sent now arrive while it writes.
  static func startStoppedConversion(into output: TemporaryDirectory, shell: String = "exec \"$@\"")
    throws -> (SignalableChild, TemporaryDirectory)
  {
    let work = try TemporaryDirectory()
    let input = try work.write("in.vcf", SyncCommandTests.people(0..<30_000))
    let child = try SignalableChild(
      "/bin/sh",
      [
        "-c", shell, "sh", bdconvertBinary.path, "vcf-to-ics", input, "-o",
        output.url.appendingPathComponent("out.ics").path, "--threads", "1",
      ])
    #expect(
      child.stopOnceItOpens(in: output) { _ in true },
      "the conversion finished before it was stopped")
    return (child, work)
  }

  /// `vcf-to-ics -o` killed with SIGKILL while it writes leaves no temporary file once the next
  /// run on the same target is done.
  @Test func killedConversionLeavesNoTemporaryFile() throws {
    let output = try TemporaryDirectory()
    let (child, work) = try Self.startStoppedConversion(into: output)
    kill(child.pid, SIGKILL)
    #expect(child.wait().signal == SIGKILL)
    let input = try work.write("small.vcf", SyncCommandTests.people(0..<3))
    let target = output.url.appendingPathComponent("out.ics").path
    let next = try runBDConvert(["vcf-to-ics", input, "-o", target, "-v"])
    #expect(next.status == 0)
    #expect(output.listing() == ["out.ics"])
  }

  /// A named temporary file that no run holds (left by SIGKILL where a file system has no
  /// unnamed files, or by an older bdconvert) is removed by the next run that writes in its
  /// folder, which says so under -v; one that a live run holds stays.
  @Test(arguments: ["delete", "sync-file", "sync-vdir", "convert"])
  func staleTemporaryFilesAreRemoved(command: String) throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("a.vcf", SyncCommandTests.people(0..<3))
    let isVdir = command == "sync-vdir"
    let targetFolder = isVdir ? folder.url.appendingPathComponent("vdir") : folder.url
    if isVdir {
      try FileManager.default.createDirectory(at: targetFolder, withIntermediateDirectories: false)
    }
    let target = targetFolder.appendingPathComponent("cal.ics").path
    try Data(Self.handCalendar(2).utf8).write(to: URL(fileURLWithPath: target))
    let stale = targetFolder.appendingPathComponent(".cal.ics.bdconvert-Ab12Cd").path
    let live = targetFolder.appendingPathComponent(".cal.ics.bdconvert-Live01").path
    let other = targetFolder.appendingPathComponent(".other.ics.bdconvert-Zz99Zz").path
    for path in [stale, live, other] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
    }
    let held = open(live, O_RDONLY)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)

    let arguments: [String]
    switch command {
    case "delete": arguments = ["delete", "--uid", "hand-0", target, "--in-place", "-v"]
    case "sync-file": arguments = ["sync", contacts, "--to", target, "-v"]
    case "sync-vdir": arguments = ["sync", contacts, "--to", targetFolder.path, "-v"]
    default: arguments = ["vcf-to-ics", contacts, "-o", target, "-v"]
    }
    let result = try runBDConvert(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: targetFolder.path)) ?? []
    #expect(!names.contains(".cal.ics.bdconvert-Ab12Cd"))
    #expect(names.contains(".cal.ics.bdconvert-Live01"))
    // Another file's: stale too, whichever file it was for.
    #expect(!names.contains(".other.ics.bdconvert-Zz99Zz"))
    #expect(result.stderr.contains("removed '\(stale)', left by an interrupted run"))
    #expect(result.stderr.contains("removed '\(other)', left by an interrupted run"))
  }

  // MARK: - Signals and ownership

  /// `nohup bdconvert ... -o`: the caller ignored SIGHUP (a shell's `trap '' HUP`, inherited over
  /// exec), so a SIGHUP while it writes changes nothing; SIGTERM still ends it cleanly.
  @Test func ignoredHangUpStaysIgnored() throws {
    let output = try TemporaryDirectory()
    let (child, _) = try Self.startStoppedConversion(
      into: output, shell: "trap '' HUP; exec \"$@\"")
    kill(child.pid, SIGHUP)
    kill(child.pid, SIGCONT)
    #expect(child.wait().exit == 0)
    let written = String(decoding: output.read("out.ics") ?? [], as: UTF8.self)
    #expect(written.hasSuffix("END:VCALENDAR\r\n"))
    #expect(output.listing() == ["out.ics"])
  }

  /// The control: a SIGHUP that was not ignored removes the temporary file and ends the run.
  @Test func hangUpEndsARunThatDidNotIgnoreIt() throws {
    let output = try TemporaryDirectory()
    let (child, _) = try Self.startStoppedConversion(into: output)
    kill(child.pid, SIGHUP)
    kill(child.pid, SIGCONT)
    #expect(child.wait().signal == SIGHUP)
    #expect(output.listing().isEmpty)
  }

  /// Root rewriting a user's calendar: it stays the user's, with its group and permissions.
  @Test(.enabled(if: canRunAsRoot, rootReason), arguments: ["delete", "sync", "convert"])
  func rootKeepsTheOwnerGroupAndMode(command: String) throws {
    let folder = try TemporaryDirectory()
    let contacts = try folder.write("a.vcf", SyncCommandTests.people(0..<3))
    let target = try folder.write("cal.ics", Self.handCalendar(2))
    let nobody = UnprivilegedUserTests.nobody
    #expect(chown(target, nobody.uid, nobody.gid) == 0)
    #expect(chmod(target, 0o640) == 0)
    let arguments =
      switch command {
      case "delete": ["delete", "--uid", "hand-0", target, "--in-place"]
      case "sync": ["sync", contacts, "--to", target]
      default: ["vcf-to-ics", contacts, "-o", target]
      }
    let result = try runBDConvert(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    var info = stat()
    #expect(stat(target, &info) == 0)
    #expect(info.st_uid == nobody.uid)
    #expect(info.st_gid == nobody.gid)
    #expect(info.st_mode & 0o7777 == 0o640)
    let written = String(decoding: folder.read("cal.ics") ?? [], as: UTF8.self)
    #expect(written.contains("Person 1") == (command != "delete"))
  }

  // MARK: - A full disk

  #if os(Linux)
    /// `sync` onto a full disk: exit 74 and one message, as `vcf-to-ics` and `delete`; the old
    /// file stays, and no temporary file.
    @Test(
      .enabled(if: OutputFaultTests.canMount, OutputFaultTests.mountReason),
      arguments: [false, true])
    func syncOntoAFullDiskExits74WithOneMessage(toFolder: Bool) throws {
      let folder = try TemporaryDirectory()
      let contacts = try folder.write("a.vcf", SyncCommandTests.people(0..<400))
      let disk = folder.url.appendingPathComponent("disk")
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
      #expect(mount("tmpfs", disk.path, "tmpfs", 0, "size=16k") == 0)
      defer { umount(disk.path) }
      let target = toFolder ? disk.path + "/" : disk.appendingPathComponent("cal.ics").path
      if !toFolder {
        try Data(Self.handCalendar(1).utf8).write(to: URL(fileURLWithPath: target))
      }
      let result = try runBDConvert(["sync", contacts, "--to", target])
      #expect(result.status == 74, "\(result.stderr)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.filter { $0.contains("No space left on device") }.count == 1)
      #expect(lines.count == 1, "\(result.stderr)")
      let names = try FileManager.default.contentsOfDirectory(atPath: disk.path)
      #expect(!names.contains { $0.contains(".bdconvert-") && !$0.hasSuffix("-lock") })
      if !toFolder {
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.handCalendar(1))
      }
    }
  #endif

  // MARK: - merge

  /// One event of 40,000 lines that end in a bare CR (4 MB): merge copies it once. Quadratic
  /// copying took minutes here (20,000 lines: 44 s in a debug build); the guard is a minute.
  @Test func mergeIsLinearInBareCRLines() throws {
    let folder = try TemporaryDirectory()
    let line = "X-A:" + String(repeating: "a", count: 95) + "\r"
    let event =
      "BEGIN:VEVENT\r\nUID:cr\r\nDTSTART;VALUE=DATE:19850412\r\nSUMMARY:x\r"
      + String(repeating: line, count: 40_000) + "\nEND:VEVENT\r\n"
    let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\n"
    let first = try folder.write("a.ics", header + event + "END:VCALENDAR\r\n")
    let second = try folder.write(
      "b.ics",
      header + event
        + "BEGIN:VEVENT\r\nUID:other\r\nDTSTART;VALUE=DATE:19900101\r\nSUMMARY:y\r\nEND:VEVENT\r\n"
        + "END:VCALENDAR\r\n")
    let output = folder.url.appendingPathComponent("out.ics").path
    let process = try Self.start(
      ["merge", first, second, "-o", output], errors: folder.url.appendingPathComponent("err").path)
    let finished = waitUntil { !process.isRunning }
    if !finished { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(finished, "merge took over a minute")
    #expect(process.terminationStatus == 0)
    // The event's bytes, bare CRs and all, once; the other file's copy left out, its other kept.
    #expect(
      folder.read("out.ics")
        == Array(
          (header + event
            + "BEGIN:VEVENT\r\nUID:other\r\nDTSTART;VALUE=DATE:19900101\r\nSUMMARY:y\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n").utf8))
    let errors = try String(
      contentsOf: folder.url.appendingPathComponent("err"), encoding: .utf8)
    #expect(errors.contains("2 components, left out 1 duplicate (0 differing)"))
  }
}
