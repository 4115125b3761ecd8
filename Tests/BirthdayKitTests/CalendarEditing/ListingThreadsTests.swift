import Synchronization
import Testing

@testable import BirthdayKit

/// How many threads `list` reads with is the caller's: the command line's `--threads`, passed
/// down, as for a conversion; the lister does not count the machine's cores.
@Suite struct ListingThreadsTests {
  /// A file that can be read at any offset, which notes whether the lister looked at it.
  final class WatchedSource: RandomAccessByteSource {
    let bytes: MemoryRandomAccessSource
    let looks = Atomic<Int>(0)

    init(_ bytes: [UInt8]) { self.bytes = MemoryRandomAccessSource(bytes) }

    var size: Int {
      looks.add(1, ordering: .relaxed)
      return bytes.size
    }

    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      looks.add(1, ordering: .relaxed)
      return try bytes.read(at: offset, into: buffer)
    }
  }

  @Test(arguments: [(1, false), (2, true), (8, true)])
  func onlyWithMoreThanOneThreadIsTheFileConsideredForASplit(threads: Int, considered: Bool)
    throws
  {
    let calendar = Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nBEGIN:VEVENT\r\nUID:a\r\n"
        + "DTSTART;VALUE=DATE:20000101\r\nSUMMARY:A\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    let whole = WatchedSource(calendar)
    var uids: [String] = []
    try CalendarLister.forEachRecord(
      in: [(source: MemoryByteSource(calendar), fileName: "a.ics")], splittable: [whole],
      threads: threads, today: CivilDate(year: 2026, month: 1, day: 1)!
    ) { record, bytes in uids.append(record.event(in: bytes).uid) }
    #expect(uids == ["a"])
    #expect((whole.looks.load(ordering: .relaxed) > 0) == considered)
  }
}
