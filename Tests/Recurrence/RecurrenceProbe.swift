// The recurrence engine as a filter for the differential check (Tests/Recurrence/run): reads
// one case per line, `DTSTART<TAB>RRULE<TAB>RDATEs<TAB>EXDATEs<TAB>FROM<TAB>TO<TAB>MAX` (value
// lists comma-separated, may be empty), and prints the first MAX occurrences of the set in
// [FROM, TO) space-separated, or `ERROR <why>`. Tests/Recurrence/run links it against the
// package's debug build of BirthdayKit.

@testable import BirthdayKit

@main enum RecurrenceProbe {
  static func main() {
    while let line = readLine() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 7, let start = DateTimeValue(bytes: fields[0].utf8),
        let from = DateTimeValue(bytes: fields[4].utf8),
        let to = DateTimeValue(bytes: fields[5].utf8), let limit = Int(fields[6])
      else {
        print("ERROR malformed case")
        continue
      }
      let rule: RecurrenceRule
      do {
        rule = try RecurrenceRule(parsing: fields[1])
      } catch {
        print("ERROR \(error)")
        continue
      }
      var set = RecurrenceSet(start: start.local, isAllDay: start.isDate, rules: [rule])
      func values(_ text: String) -> [DateTimeValue] {
        text.split(separator: ",").compactMap { DateTimeValue(bytes: $0.utf8) }
      }
      set.additions = values(fields[2]).map(\.local)
      set.exclusions = values(fields[3])
      do {
        let found = try set.occurrences(
          in: DateRange(from: from.local, upTo: to.local), limit: limit)
        print(
          found.map { start.isDate ? String($0.description.prefix(8)) : $0.description }
            .joined(separator: " "))
      } catch {
        print("ERROR \(error)")
      }
    }
  }
}
