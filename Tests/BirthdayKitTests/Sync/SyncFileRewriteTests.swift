import Foundation
import Testing

@testable import BirthdayKit

/// The file target's rewrite that copies the bytes between changed events (where the inventory
/// found them) must write what the rewrite that reads the file again writes, and must not be
/// used on a file that changed since its inventory.
@Suite struct SyncFileRewriteTests {
  static let mark = "X-BDCONVERT-SET:birthdays\r\n"

  static func event(_ uid: String, _ summary: String, extra: String = "") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:19700101T000000Z\r\n\(mark)\(extra)"
      + "DTSTART;VALUE=DATE:19850412\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\n"
  }

  /// Overrides away from their master, a user's event, LF line endings, a second calendar and
  /// trailing data: everything the copy must get right.
  static let target =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n" + event("keep", "Birthday: Keep")
    + event("change", "Birthday: Old") + event("gone", "Birthday: Gone")
    + "BEGIN:VEVENT\nUID:user\nSUMMARY:mine\nEND:VEVENT\n"
    + event("gone", "Birthday: Gone", extra: "RECURRENCE-ID;VALUE=DATE:20300412\r\n")
    + event("change", "Birthday: Old", extra: "RECURRENCE-ID;VALUE=DATE:20300412\r\n")
    + "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + event("later", "Birthday: Later")
    + "END:VCALENDAR\r\ntrailing\r\n"

  static let wanted =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:bdconvert\r\n"
    + event("keep", "Birthday: Keep").replacingOccurrences(of: mark, with: "")
    + event("change", "Birthday: New").replacingOccurrences(of: mark, with: "")
    + event("later", "Birthday: Later").replacingOccurrences(of: mark, with: "")
    + event("new", "Birthday: New one").replacingOccurrences(of: mark, with: "")
    + "END:VCALENDAR\r\n"

  final class Collector: ByteSink {
    var bytes: [UInt8] = []
    func write(_ span: Span<UInt8>) throws {
      span.withUnsafeBytes { self.bytes.append(contentsOf: $0) }
    }
  }

  static func plan(_ target: [UInt8]) throws -> SyncPlan {
    let inventory = try FileSyncTarget.inventory(
      of: MemoryByteSource(target), fileName: "t.ics", set: "birthdays")
    return try SyncPlanner.plan(
      wanted: MemoryByteSource(wanted), fileName: "w.ics", inventory: inventory,
      timestamp: UTCTimestamp(secondsSince1970: 86_400))
  }

  /// A second master of a UID in the file is a copy (named with its line); an override is not.
  @Test func aSecondMasterIsALaterCopy() throws {
    let target = Array(
      (Self.target.replacingOccurrences(
        of: "END:VCALENDAR\r\nBEGIN:VCALENDAR",
        with: Self.event("keep", "Birthday: Keep")
          + "END:VCALENDAR\r\nBEGIN:VCALENDAR")).utf8)
    let inventory = try FileSyncTarget.inventory(
      of: MemoryByteSource(target), fileName: "t.ics", set: "birthdays")
    let copies = try inventory.laterCopies()
    #expect(copies.map(\.copy.uid) == ["keep"])
    #expect(copies.map(\.copy.line) == [45])
    #expect(try copies.map { try inventory.details(of: inventory.entries[$0.index]).line } == [4])
    let original = try FileSyncTarget.inventory(
      of: MemoryByteSource(Array(Self.target.utf8)), fileName: "t.ics", set: "birthdays")
    #expect(try original.laterCopies().isEmpty)
  }

  @Test func copyingWritesWhatReadingAgainWrites() throws {
    let target = Array(Self.target.utf8)
    let plan = try Self.plan(target)
    #expect(plan.count(.add) == 1 && plan.count(.replace) == 1 && plan.count(.remove) == 1)
    let read = Collector()
    try FileSyncTarget.rewrite(MemoryByteSource(target), fileName: "t.ics", plan: plan, to: read)
    let copied = Collector()
    #expect(
      try FileSyncTarget.rewrite(copying: MemoryRandomAccessSource(target), plan: plan, to: copied))
    #expect(copied.bytes == read.bytes)
    let text = String(decoding: copied.bytes, as: UTF8.self)
    #expect(!text.contains("Gone") && !text.contains("Birthday: Old"))
    #expect(text.contains("BEGIN:VEVENT\nUID:user\nSUMMARY:mine\nEND:VEVENT\n"))
    #expect(text.hasSuffix("END:VCALENDAR\r\ntrailing\r\n"))
  }

  @Test func anotherSourceSizeIsNotCopied() throws {
    let plan = try Self.plan(Array(Self.target.utf8))
    let copied = Collector()
    let other = MemoryRandomAccessSource(Array((Self.target + "more\r\n").utf8))
    #expect(try !FileSyncTarget.rewrite(copying: other, plan: plan, to: copied))
    #expect(copied.bytes.isEmpty)
  }

  /// A file edited after its inventory (same size even) is read again, not cut at old offsets.
  @Test func aFileChangedSinceItsInventoryIsReadAgain() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bdconvert-sync-rewrite-\(UUID().uuidString).ics"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try write(Self.target, to: path)
    let file = FileSyncTarget(path: path)
    let inventory = try file.inventory(set: "birthdays")
    let plan = try SyncPlanner.plan(
      wanted: MemoryByteSource(Self.wanted), fileName: "w.ics", inventory: inventory,
      timestamp: UTCTimestamp(secondsSince1970: 86_400))
    // Another program moves the user's event to the front (same bytes, other places).
    let user = "BEGIN:VEVENT\nUID:user\nSUMMARY:mine\nEND:VEVENT\n"
    let moved = Self.target.replacingOccurrences(of: user, with: "").replacingOccurrences(
      of: "PRODID:test\r\n", with: "PRODID:test\r\n" + user)
    Thread.sleep(forTimeInterval: 0.02)  // a later modification time, on coarse file systems
    try write(moved, to: path)
    let written = Collector()
    try file.write(plan, to: written)
    let expected = Collector()
    try FileSyncTarget.rewrite(
      MemoryByteSource(Array(moved.utf8)), fileName: path, plan: plan, to: expected)
    #expect(written.bytes == expected.bytes)
  }

  private func write(_ text: String, to path: String) throws {
    // In place (same inode), as an editor that does not replace the file would.
    let handle = try #require(FileHandle(forWritingAtPath: path) ?? create(path))
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
  }

  private func create(_ path: String) -> FileHandle? {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }
}
