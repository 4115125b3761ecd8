// libFuzzer target: the sync planner and the file target's rewrite behind `sync`.
// Built by Scripts/fuzz together with Sources/BirthdayKit and the other library targets into one
// fuzzer (Fuzz/Support/FuzzEntry.swift picks this one); not part of the package build.
//
// The input is a target calendar and contacts: the first two bytes give the calendar's length,
// the calendar follows, the rest are vCards. Properties checked on every input, beyond "no crash"
// and "no hang":
// - a target that is not a well-formed calendar is refused before anything is planned;
// - syncing twice gives an empty second plan (the first sync's output is what is wanted);
// - the events of UIDs outside the set (unmarked, another set) keep their bytes and their order,
//   except unmarked ones with a wanted UID, which sync takes over (bdconvert wrote them);
// - the second sync's output is the first's, byte for byte;
// - the rewrite that copies the bytes between changed events writes what the rewrite that reads
//   the target again writes;
// - the common-form reading of the target's inventory gives what the scanner gives, or nothing
//   (never for a target the scanner refuses).

public func syncPlannerFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard bytes.count >= 2 else { return 0 }
  let split = min(Int(bytes[0]) | Int(bytes[1]) << 8, bytes.count - 2)
  let target = Array(bytes[2..<(2 + split)])
  let contacts = Array(bytes[(2 + split)...])

  let wanted = ConversionRun { converter, report in
    var reader = VCardReader(
      source: MemoryByteSource(contacts), fileName: "fuzz.vcf", diagnostics: report)
    try converter.convert(&reader)
  }
  guard wanted.error == nil else { return 0 }
  let timestamp = UTCTimestamp(secondsSince1970: 86_400)
  // The common-form reading of a file target gives the scanner's inventory, or leaves it alone.
  let common = try? CommonFormInventory.read(MemoryRandomAccessSource(target), set: "birthdays")
  let first: [UInt8]
  do {
    let inventory = try FileSyncTarget.inventory(
      of: MemoryByteSource(target), fileName: "target.ics", set: "birthdays")
    if let common {
      precondition((try? common.matches(inventory)) == true, "common-form inventory differs")
    }
    let plan = try SyncPlanner.plan(
      wanted: MemoryByteSource(wanted.output), fileName: "wanted.ics", inventory: inventory,
      timestamp: timestamp)
    let sink = CollectingSink()
    try FileSyncTarget.rewrite(
      target.isEmpty ? nil : MemoryByteSource(target), fileName: "target.ics", plan: plan,
      to: sink)
    if !target.isEmpty {
      let copied = CollectingSink()
      let done = try FileSyncTarget.rewrite(
        copying: MemoryRandomAccessSource(target), plan: plan, to: copied)
      precondition(done, "no event locations for the target")
      precondition(copied.bytes == sink.bytes, "copying rewrite differs from reading rewrite")
    }
    first = plan.isEmpty && !target.isEmpty ? target : sink.bytes
  } catch is InputFormatError {
    precondition(common == nil, "the common form read a calendar the scanner refuses")
    return 0  // refused: the target is not a calendar
  } catch {
    fatalError("unexpected error: \(error)")
  }
  do {
    let inventory = try FileSyncTarget.inventory(
      of: MemoryByteSource(first), fileName: "first.ics", set: "birthdays")
    let plan = try SyncPlanner.plan(
      wanted: MemoryByteSource(wanted.output), fileName: "wanted.ics", inventory: inventory,
      timestamp: timestamp)
    precondition(plan.isEmpty, "the second sync planned \(plan.operations.count) changes")
  } catch {
    fatalError("the first sync's output cannot be synced again: \(error)")
  }
  if !target.isEmpty {
    precondition(
      foreignEvents(target, adopted: uids(wanted.output))
        == foreignEvents(first, adopted: uids(wanted.output)),
      "an event outside the set changed")
  }
  return 0
}

/// The bytes of every VEVENT whose UID has no component marked with the set, in order, except
/// the UIDs in `adopted` that no component marks (sync takes those over).
private func foreignEvents(_ calendar: [UInt8], adopted: Set<[UInt8]>) -> [[UInt8]] {
  let components = events(calendar)
  let managed = Set(
    components.filter { SyncMarker.set(of: $0) == Array("birthdays".utf8) }.compactMap(\.uid))
  let marked = Set(components.filter { SyncMarker.set(of: $0) != nil }.compactMap(\.uid))
  return components.filter { component in
    guard let uid = component.uid else { return true }
    return !managed.contains(uid) && (marked.contains(uid) || !adopted.contains(uid))
  }.map(\.raw)
}

private func events(_ calendar: [UInt8]) -> [CalendarComponent] {
  var components: [CalendarComponent] = []
  var scanner = CalendarComponentScanner(MemoryByteSource(calendar), fileName: "fuzz.ics")
  while let item = try? scanner.next() {
    if case .component(let component) = item, component.isEvent { components.append(component) }
  }
  return components
}

/// The UIDs of a calendar's events.
private func uids(_ calendar: [UInt8]) -> Set<[UInt8]> {
  Set(events(calendar).compactMap(\.uid))
}

/// A sink whose bytes the caller reads back after the rewrite.
private final class CollectingSink: ByteSink {
  var bytes: [UInt8] = []

  func write(_ span: Span<UInt8>) throws {
    span.withUnsafeBytes { self.bytes.append(contentsOf: $0) }
  }
}
