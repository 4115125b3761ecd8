// libFuzzer target: the iCalendar reader behind `delete` and `list`.
// Built by Scripts/fuzz together with Sources/BirthdayKit and the other library targets into one
// fuzzer (Fuzz/Support/FuzzEntry.swift picks this one); not part of the package build.
//
// Properties checked on every input, beyond "no crash":
// - validation and deletion agree: either both reject the input, or both accept it;
// - deleting a UID that is not in the calendar gives back the input bytes unchanged;
// - deleting and listing with the common form taken in blocks give what the general reader alone
//   gives;
// - listing never fails on an input that validation accepted;
// - listing through many spilled runs (a 512-byte sort budget) gives the in-memory listing.

public func iCalendarFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let valid: Bool
  do {
    try CalendarEditor.validate(MemoryByteSource(bytes), fileName: "fuzz.ics")
    valid = true
  } catch is InputFormatError {
    valid = false
  } catch {
    fatalError("unexpected error: \(error)")
  }
  var sink = MemoryByteSink()
  do {
    let report = try CalendarEditor.delete(
      uids: ["bdconvert-fuzz-absent-uid"], from: MemoryByteSource(bytes), fileName: "fuzz.ics",
      to: &sink)
    precondition(valid, "delete accepted what validate rejected")
    precondition(report.totalRemoved == 0, "removed a component with an absent UID")
    precondition(sink.bytes == bytes, "delete of an absent UID changed the bytes")
  } catch is InputFormatError {
    precondition(!valid, "delete rejected what validate accepted")
  } catch {
    fatalError("unexpected error: \(error)")
  }
  // The common form taken in blocks edits as the general reader alone does: deleting the first
  // UID written in the input gives the same bytes, report and error both ways.
  if let range = bytes.firstRange(of: Array("UID:".utf8)) {
    let uid = String(
      decoding: bytes[range.upperBound...].prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
    func deleting(commonForm: Bool) -> String {
      var sink = MemoryByteSink()
      do {
        let report = try CalendarEditor.delete(
          uids: [uid], from: AnyByteSource(MemoryByteSource(bytes)), fileName: "fuzz.ics",
          to: &sink, commonForm: commonForm)
        return "\(sink.bytes) \(report.removed.map(\.count))"
      } catch {
        return "\(error)"
      }
    }
    precondition(
      deleting(commonForm: true) == deleting(commonForm: false),
      "the common form deleted otherwise than the general reader")
  }
  // Listing with the common form taken in blocks gives what the general reader alone gives:
  // the same events, diagnostics and error.
  do {
    guard let today = CivilDate(year: 2026, month: 11, day: 23) else { fatalError("a valid date") }
    func listing(commonForm: Bool, cut: Int? = nil) -> [String] {
      var lines: [String] = []
      do {
        try CalendarLister.forEachRecord(
          in: [(MemoryByteSource(bytes), "fuzz.ics")], today: today, limits: .standard,
          commonForm: commonForm, splittable: cut == nil ? [] : [MemoryRandomAccessSource(bytes)],
          split: { source in
            guard let cut else { return nil }
            return try CalendarSplit(of: source, minimumSize: 0, searchingFrom: cut)
          },
          diagnostics: { lines.append("\($0)") },
          { record, bytes in lines.append("\(record.event(in: bytes))") })
      } catch {
        lines.append("\(error)")
      }
      return lines
    }
    let general = listing(commonForm: false)
    precondition(
      listing(commonForm: true) == general,
      "the common form listed otherwise than the general reader")
    // Read in two halves, cut at the first BEGIN:VEVENT line after a third or two thirds.
    for cut in [bytes.count / 3, 2 * bytes.count / 3] {
      precondition(listing(commonForm: true, cut: cut) == general, "two halves listed otherwise")
    }
  }
  if valid {
    guard let today = CivilDate(year: 2026, month: 11, day: 23) else { fatalError("a valid date") }
    guard
      let listed = try? CalendarLister.list(
        MemoryByteSource(bytes), fileName: "fuzz.ics", today: today)
    else { fatalError("list failed on a valid calendar") }
    var spilled: [CalendarEvent] = []
    let limits = ExternalSortLimits(
      memoryBudget: 512, mergeFanIn: 3, readBufferSize: 64, temporaryDirectory: nil)
    do {
      try CalendarLister.forEachEvent(
        in: MemoryByteSource(bytes), fileName: "fuzz.ics", today: today, limits: limits
      ) { spilled.append($0) }
    } catch {
      fatalError("list with spilled runs failed: \(error)")
    }
    precondition(spilled == listed, "spilled runs changed the listing")
  }
  return 0
}
