import BirthdayKit

extension UpcomingCommand {
  /// The sources on servers: calendars read as `list` reads them, address books as `sync` does.
  struct ServerSources {
    var calendars: [(source: MemoryByteSource, fileName: String)] = []
    var books: ServerAddressBooks?

    init(_ paths: [String], frontend: Frontend, printer: DiagnosticPrinter) throws(CommandError) {
      var bookSources: [String] = []
      for text in paths where ServerAccess.isURL(text) {
        let (access, url) = try frontend.openServer(text)
        let kind: ServerCollectionKind?
        do {
          kind = try access.connection.kind(of: url)
        } catch {
          throw Frontend.commandError(error)
        }
        if kind == .calendar {
          calendars += try ServerCalendarReader.calendars(
            at: url, discover: false, access: access, diagnostics: printer.handler)
        } else {
          bookSources.append(text)
        }
      }
      guard !bookSources.isEmpty else { return }
      books = try ServerAddressBooks(
        sources: bookSources, scanned: frontend.arguments, environment: frontend.environment,
        usage: frontend.usage, backend: frontend.server)
    }
  }

  /// Adds the dates of each source to the finder: the events `convert` would write of address
  /// books (one per UID, one per person), the birthdays and anniversaries of calendars.
  struct Collector {
    var finder: UpcomingFinder
    let allEvents: Bool
    let printer: DiagnosticPrinter
    var selection: CelebrationSelection

    /// The dates of one input, a calendar or an address book (by its content).
    mutating func collect(
      _ input: inout InputFile, engine: ConversionEngine, builder: CelebrationBuilder
    ) throws {
      let kind = try input.sniffContent()
      guard kind != .iCalendar else {
        try CalendarLister.forEachEvent(
          in: input.byteSource, fileName: input.displayName, today: finder.today,
          diagnostics: printer.handler
        ) { add($0) }
        return
      }
      try engine.forEachCelebration(
        in: input, as: kind == .vCard ? .vCard : .csv, builder: builder,
        diagnostics: printer.handler
      ) { celebration in
        if admit(celebration) { finder.add(celebration) }
      }
    }

    /// The dates of the calendars read from servers.
    mutating func collect(_ calendars: [(source: MemoryByteSource, fileName: String)]) throws {
      try CalendarLister.forEachEvent(
        in: calendars, today: finder.today, diagnostics: printer.handler
      ) { add($0) }
    }

    private mutating func add(_ event: CalendarEvent) {
      if let entry = UpcomingCommand.entry(for: event, finder: finder, allEvents: allEvents) {
        finder.add(entry)
      }
    }

    private mutating func admit(_ celebration: Celebration) -> Bool {
      switch selection.admit(celebration) {
      case .first: return true
      case .samePerson: return false
      case .duplicate(let diagnostic):
        printer.handler(diagnostic)
        return false
      }
    }
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
}
