// The snippets of BirthdayKit's DocC article "Getting started", compiled here against the public
// API so that the article cannot call what the library does not offer. Not run.

import BirthdayKit

/// "A calendar in one call".
func oneCall() -> String {
  let jane = Contact(
    name: PersonName(formatted: "Jane Doe"), birthday: CivilDate(year: 1985, month: 4, day: 12),
    location: SourceLocation(file: "app", line: 1))
  let (calendar, diagnostics) = BirthdayCalendar.render([jane])
  for diagnostic in diagnostics { print(diagnostic.kind.rawValue, diagnostic.message) }
  return calendar
}

/// "Options".
func someOptions() -> ConversionOptions {
  var options = ConversionOptions()
  options.includeAnniversaries = true
  options.calendar.calendarName = "Family"
  options.calendar.leapDayPolicy = .mar1
  options.calendar.timestamp = UTCTimestamp(secondsSince1970: 0)  // reproducible output
  return options
}

/// "Large files".
func streaming(_ text: String) throws -> ConversionStatistics {
  var converter = BirthdayCalendarConverter(
    sink: MemoryByteSink(), options: ConversionOptions()
  ) { print($0) }
  try converter.begin()
  try converter.convert(vCard: MemoryByteSource(text), fileName: "contacts.vcf")
  let statistics = try converter.finish()
  print(statistics.recordsRead, statistics.eventsWritten, statistics.recordsWithProblems)
  return statistics
}

/// "Upcoming birthdays".
func upcoming(_ jane: Contact) {
  guard let name = jane.name, let birthday = jane.birthday,
    let today = CivilDate(year: 2026, month: 4, day: 10)
  else { return }
  var finder = UpcomingFinder(today: today, days: 30)
  finder.add(Celebration(uid: "jane", name: name, kind: .birthday, date: birthday))
  for entry in finder.sorted() { print(entry.date, entry.name, entry.age ?? 0) }
}

/// "Keeping a calendar in step".
func keepInStep(_ calendar: String) throws {
  let target = FileSyncTarget(path: "birthdays.ics")
  let plan = try SyncPlanner.plan(
    wanted: MemoryByteSource(calendar), fileName: "wanted.ics",
    inventory: try target.inventory(set: "family"), timestamp: .now)
  for change in try plan.changes() { print(change.operation, change.summary) }
  _ = try target.apply(plan)
}
