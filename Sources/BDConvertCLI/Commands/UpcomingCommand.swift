import BirthdayKit

/// `upcoming`: whose birthday (or anniversary) falls in the next days, from address books or
/// calendars, soonest first.
enum UpcomingCommand {
  typealias O = CalendarOption

  /// Finds the dates in the window and prints them; returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let arguments = frontend.arguments
    // A folder of .vcf files (khard, vdirsyncer) is read as its files, as sync reads it.
    let paths = try frontend.inputs(expandingFolders: true)
    let days = try arguments.value(O.days) ?? 14
    let today = try frontend.today(O.upcomingToday)
    let policy = try arguments.value(ConversionOption.leapDay) ?? .feb28
    // The human output's words; the JSON is the same in every language.
    let language =
      try arguments.value(O.upcomingLang) ?? Language.fromEnvironment(frontend.environment)
    var options = ConvertOptions(format: .vCard)
    options.csv = try ConvertOptions.parseCSVOptions(arguments)
    options.includeAnniversaries = arguments.has(ConversionOption.anniversaries)
    try ConvertOptions.parseChoiceOptions(arguments, into: &options)
    options.today = today  // the years of dates kept in other calendars start from it
    let engine = ConversionEngine(options: options)

    let verbose = arguments.has(CommonOption.verboseWarnings)
    var printer = frontend.printer(verbose: verbose)
    defer { printer.finish() }
    // Servers first: a calendar URL is read as `list` reads it, an address book as sync does.
    let servers = try ServerSources(paths, frontend: frontend, printer: printer)
    if let books = servers.books { printer.relocate = books.relocate }
    let builder = engine.celebrationBuilder(
      vCardFiles: paths.filter { !ServerAccess.isURL($0) }, addressBooks: servers.books)
    var inputs: [InputFile] = []
    defer { for input in inputs { input.close() } }
    for path in paths {
      if let book = try servers.books?.input(path) {
        inputs.append(book)
      } else if !ServerAccess.isURL(path) {
        inputs.append(try InputFile.open(path))
      }
    }
    var collector = Collector(
      finder: UpcomingFinder(today: today, days: days, leapDayPolicy: policy),
      allEvents: arguments.has(O.allEvents), printer: printer,
      selection: CelebrationSelection(acrossSources: inputs.count > 1))
    do {
      for index in inputs.indices {
        try collector.collect(&inputs[index], engine: engine, builder: builder)
      }
      try collector.collect(servers.calendars)
    } catch {
      throw Frontend.commandError(error)
    }
    if verbose, let books = servers.books { StandardStreams.error(books.requestSummary) }
    print(
      collector.finder.sorted(), json: arguments.has(O.upcomingJSON),
      words: UpcomingWords(language))
    return .success
  }

  /// One line per date (or one JSON object), or on a terminal the aligned table; the lines and
  /// the table in `words`' language.
  static func print(_ found: [UpcomingDate], json: Bool, words: UpcomingWords) {
    if json {
      StandardStreams.output(found.map { $0.jsonLine + "\n" }.joined())
    } else if StandardStreams.outputIsTerminal {
      StandardStreams.output(table(found, words: words))
    } else {
      StandardStreams.output(found.map { $0.textLine(words) + "\n" }.joined())
    }
  }
}
