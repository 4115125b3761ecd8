// libFuzzer target: the recurrence engine (rule parser, expander, set).
// Built by Scripts/fuzz together with Sources/BirthdayKit and the other library targets into one
// fuzzer (Fuzz/Support/FuzzEntry.swift picks this one); not part of the package build.
//
// The input is text lines: DTSTART, RRULE, EXDATEs, RDATEs (comma-separated), the day to search
// from, and overrides (`RECURRENCE-ID=NEWSTART`, comma-separated; an empty NEWSTART cancels).
// Properties checked on every input, beyond "no crash" and "bounded time":
// - the parser only ever throws RecurrenceRuleError;
// - NEXT is at or after the day searched from, is not excluded, and is really produced: DTSTART,
//   an RDATE, an override's new start, or an occurrence of the rule expanded from DTSTART without
//   skipping ahead (so the skip never loses an occurrence);
// - `occurrences(in:)` from the day to NEXT holds exactly NEXT, and is sorted;
// - without NEXT, `occurrences(in:)` finds nothing in the next ten years either.

public func recurrenceFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  func line(_ index: Int) -> String { index < lines.count ? lines[index] : "" }
  func values(_ index: Int) -> [DateTimeValue] {
    line(index).split(separator: ",").compactMap { DateTimeValue(bytes: $0.utf8) }
  }
  guard let start = DateTimeValue(bytes: line(0).utf8) else { return 0 }
  let rule: RecurrenceRule
  do {
    rule = try RecurrenceRule(parsing: line(1))
  } catch {
    return 0  // typed throws: only RecurrenceRuleError can get here
  }
  var set = RecurrenceSet(start: start.local, isAllDay: start.isDate, rules: [rule])
  set.exclusions = values(2)
  set.additions = values(3).map(\.local)
  let from = DateTimeValue(bytes: line(4).utf8)?.local ?? start.local
  for pair in line(5).split(separator: ",") {
    let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
    guard let id = parts.first.flatMap({ DateTimeValue(bytes: $0.utf8) }) else { continue }
    let moved = parts.count > 1 ? DateTimeValue(bytes: parts[1].utf8)?.local : nil
    set.overrides.append(.init(recurrenceID: id, start: moved))
  }

  let next: LocalDateTime?
  do {
    next = try set.next(onOrAfter: from)
  } catch {
    return 0  // the bound on work: said, not a failure
  }
  let removed = Set(set.exclusions.filter { !$0.isDate || start.isDate }.map(\.local))
    .union(set.overrides.map(\.recurrenceID).filter { !$0.isDate || start.isDate }.map(\.local))
  let removedDays = Set(
    (set.exclusions + set.overrides.map(\.recurrenceID)).filter { $0.isDate && !start.isDate }
      .map(\.local.dayNumber))
  if let next {
    precondition(next >= from, "NEXT \(next) before \(from)")
    let moved = set.overrides.compactMap(\.start)
    if !moved.contains(next) {
      precondition(
        !removed.contains(next) && !removedDays.contains(next.dayNumber), "NEXT \(next) excluded")
      var produced = next == start.local || set.additions.contains(next)
      if !produced {
        var expander = RecurrenceExpander(rule: rule, start: start.local)
        while let occurrence = expander.next(), occurrence <= next {
          if occurrence == next { produced = true }
        }
        if expander.isTruncated { return 0 }
      }
      precondition(produced, "NEXT \(next) is not an occurrence")
    }
    guard
      let found = try? set.occurrences(
        in: DateRange(from: from, upTo: LocalDateTime(seconds: next.seconds + 1)))
    else { return 0 }
    precondition(found == [next], "occurrences up to NEXT \(next): \(found)")
  } else {
    let later = DateRange(from: from, upTo: LocalDateTime(seconds: from.seconds + 3650 * 86_400))
    guard let found = try? set.occurrences(in: later, limit: 1) else { return 0 }
    precondition(found.isEmpty, "no NEXT, yet \(found) occurs")
  }
  return 0
}
