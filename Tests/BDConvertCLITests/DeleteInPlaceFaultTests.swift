import Foundation
import TestSupport
import Testing

#if os(Linux)
  /// `delete --in-place` failures on small tmpfs mounts: the original calendar always survives.
  @Suite(.serialized, .tags(.slow), .slowTimeLimit) struct DeleteInPlaceFaultTests {
    /// About 12 KB: the temporary copy does not fit next to it on a 16 KB file system.
    static let calendar: [UInt8] = Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\n"
        + (0..<200).map {
          "BEGIN:VEVENT\r\nUID:e\($0)\r\nSUMMARY:Someone number \($0)\r\nEND:VEVENT\r\n"
        }
        .joined() + "END:VCALENDAR\r\n").utf8)

    @Test(.enabled(if: OutputFaultTests.canMount, OutputFaultTests.mountReason))
    func fullDiskExits74AndKeepsTheOriginal() throws {
      let folder = try TemporaryDirectory()
      let disk = folder.url.appendingPathComponent("disk")
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
      #expect(mount("tmpfs", disk.path, "tmpfs", 0, "size=16k") == 0)
      defer { umount(disk.path) }
      let file = disk.appendingPathComponent("cal.ics")
      try Data(Self.calendar).write(to: file)

      let result = try runBDConvert(["delete", "--uid", "e0", file.path, "--in-place"])
      #expect(result.status == 74)
      #expect(result.stderr.contains("No space left on device"))
      #expect(try [UInt8](Data(contentsOf: file)) == Self.calendar)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
          == [".cal.ics.bdconvert-lock", "cal.ics"])
    }

    @Test(.enabled(if: OutputFaultTests.canMount, OutputFaultTests.mountReason))
    func readOnlyFolderExits73() throws {
      let folder = try TemporaryDirectory()
      let disk = folder.url.appendingPathComponent("ro")
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
      #expect(mount("tmpfs", disk.path, "tmpfs", 0, "size=64k") == 0)
      defer { umount(disk.path) }
      let file = disk.appendingPathComponent("cal.ics")
      try Data(Self.calendar).write(to: file)
      #expect(mount("tmpfs", disk.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=64k") == 0)

      let result = try runBDConvert(["delete", "--uid", "e0", file.path, "--in-place"])
      #expect(result.status == 73)
      #expect(result.stderr.contains("Read-only file system"))
      #expect(try [UInt8](Data(contentsOf: file)) == Self.calendar)
    }
  }
#endif
