import BirthdayKit

/// `upcoming`: whose birthday (or anniversary) falls in the next days, from address books or
/// calendars, soonest first.
enum UpcomingCommand {
  typealias O = CalendarOption

  /// Lists whose dates fall in the window, soonest first; returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let (scanned, usage) = (frontend.arguments, frontend.usage)
    let environment = frontend.environment
    let server = frontend.server
    // A folder of .vcf files (khard, vdirsyncer) is read as its files, as sync reads it.
    let paths = try frontend.inputs(expandingFolders: true)
    let days = try scanned.value(O.days) ?? 14
    let today = try frontend.today(O.upcomingToday)
    let policy = try scanned.value(ConversionOption.leapDay) ?? .feb28
    let csv = try ConvertOptions.parseCSVOptions(scanned)
    var choice = ConvertOptions(format: .vCard)
    choice.includeAnniversaries = scanned.has(ConversionOption.anniversaries)
    try ConvertOptions.parseChoiceOptions(scanned, into: &choice)
    var builder = choice.celebrationBuilder

    let verbose = scanned.has(CommonOption.verboseWarnings)
    var printer = frontend.printer(verbose: verbose)
    defer { printer.finish() }
    // Servers first: a calendar URL is read as `list` reads it, an address book as sync does.
    var serverCalendars: [(source: MemoryByteSource, fileName: String)] = []
    var bookSources: [String] = []
    for text in paths where ServerAccess.isURL(text) {
      let (access, url) = try ServerAccess.open(
        text, scanned: scanned, environment: environment, usage: usage, backend: server)
      let kind: ServerCollectionKind?
      do {
        kind = try access.connection.kind(of: url)
      } catch {
        throw ServerAccess.commandError(thrown: error)
      }
      if kind == .calendar {
        serverCalendars += try ServerCalendarReader.calendars(
          at: url, discover: false, access: access, diagnostics: printer.handler)
      } else {
        bookSources.append(text)
      }
    }
    let books =
      bookSources.isEmpty
      ? nil
      : try ServerAddressBooks(
        sources: bookSources, scanned: scanned, environment: environment, usage: usage,
        backend: server)
    if let books { printer.relocate = books.relocate }
    if !choice.groups.isEmpty {
      GroupCardPrepass.collect(into: &builder, paths: paths.filter { !ServerAccess.isURL($0) })
      books?.collectGroupCards(into: &builder)
    }

    var inputs: [InputFile] = []
    defer { for input in inputs { input.close() } }
    for path in paths {
      if let book = try books?.input(path) {
        inputs.append(book)
      } else if !ServerAccess.isURL(path) {
        inputs.append(try InputFile.open(path))
      }
    }
    var finder = UpcomingFinder(today: today, days: days, leapDayPolicy: policy)
    let allEvents = scanned.has(O.allEvents)
    // The events `convert` would write of the same sources: one per UID, one per person.
    var selection = CelebrationSelection(acrossSources: inputs.count > 1)
    func admit(_ celebration: Celebration) -> Bool {
      switch selection.admit(celebration) {
      case .first: return true
      case .samePerson: return false
      case .duplicate(let diagnostic):
        printer.handler(diagnostic)
        return false
      }
    }
    do {
      for index in inputs.indices {
        let name = inputs[index].displayName
        switch try inputs[index].sniffContent() {
        case .iCalendar:
          try CalendarLister.forEachEvent(
            in: inputs[index].byteSource, fileName: name, today: today,
            diagnostics: printer.handler
          ) { event in
            if let entry = entry(for: event, finder: finder, allEvents: allEvents) {
              finder.add(entry)
            }
          }
        case .vCard:
          var reader = VCardReader(
            source: inputs[index].byteSource, fileName: name, diagnostics: printer.handler)
          try reader.forEachContact { contact in
            for celebration in builder.celebrations(of: contact, report: printer.handler)
            where admit(celebration) {
              finder.add(celebration)
            }
          }
        case .csv, .unknown:
          var reader = CSVContactReader(
            source: inputs[index].byteSource, fileName: name, options: csv,
            diagnostics: printer.handler)
          try reader.forEachContact { contact in
            for celebration in builder.celebrations(
              of: contact, record: .row, report: printer.handler)
            where admit(celebration) {
              finder.add(celebration)
            }
          }
        }
      }
      try CalendarLister.forEachEvent(
        in: serverCalendars, today: today, diagnostics: printer.handler
      ) { event in
        if let entry = entry(for: event, finder: finder, allEvents: allEvents) {
          finder.add(entry)
        }
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    if verbose, let books { StandardStreams.error(books.requestSummary) }
    let found = finder.sorted()
    if scanned.has(O.upcomingJSON) {
      StandardStreams.output(found.map { $0.jsonLine + "\n" }.joined())
    } else if StandardStreams.outputIsTerminal {
      StandardStreams.output(table(found))
    } else {
      StandardStreams.output(found.map { $0.textLine + "\n" }.joined())
    }
    return .success
  }

  /// A calendar's event as an entry: its next occurrence by the file's own rule, its title as
  /// the name, the age from the year in bdconvert's `Born`/`Since` description, an anniversary
  /// when `CATEGORIES` says so. Only birthdays and anniversaries (``CalendarEvent/isCelebration``:
  /// a rehearsal in the same calendar is none) unless `allEvents`.
  static func entry(for event: CalendarEvent, finder: UpcomingFinder, allEvents: Bool)
    -> UpcomingDate?
  {
    guard allEvents || event.isCelebration, let next = event.next, let nextYear = next.year
    else { return nil }
    let kind: CelebrationKind = event.isAnniversary ? .anniversary : .birthday
    let age = event.date?.year.map { nextYear - $0 }
    return UpcomingDate(
      date: next, days: finder.days(until: next), uid: event.uid, name: event.summary, kind: kind,
      age: age.flatMap { $0 > 0 ? $0 : nil })
  }

  /// The aligned table for a terminal, under a header.
  static func table(_ entries: [UpcomingDate]) -> String {
    let header = ["DATE", "DAY", "WHEN", "NAME", "AGE", "KIND"]
    let rows =
      [header]
      + entries.map { entry in
        entry.textLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      }
    var widths = Array(repeating: 0, count: header.count)
    for row in rows {
      for (index, field) in row.enumerated() { widths[index] = max(widths[index], field.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, field in
        index == row.count - 1
          ? field : field + String(repeating: " ", count: widths[index] - field.count + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }
}
