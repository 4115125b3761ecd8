import BirthdayKit
import Foundation

/// Everything `vcf-to-ics` / `csv-to-ics` were asked to do, parsed and checked before any file is
/// touched.
struct ConvertOptions {
  var format: InputFormat
  var inputs: [String] = []
  var outputPath: String?
  var alarms: [AlarmSpecification] = [.eightAM]
  var leapDayPolicy: LeapDayPolicy = .feb28
  var includeAnniversaries = false
  var summaryTemplate: EventTextTemplate?
  /// `--lang`, else the environment's language (set by the command); `nil` is English.
  var language: Language?
  var messageTemplate: EventTextTemplate?
  /// `--anniversary-summary`, `--anniversary-message`: the anniversaries' own templates.
  var anniversarySummaryTemplate: EventTextTemplate?
  var anniversaryMessageTemplate: EventTextTemplate?
  /// `--group`, `--exclude`/`--exclude-from`, `--memorials`: who becomes an event.
  var groups: [String] = []
  var exclusions: [String] = []
  var memorials = false
  /// `--other-dates`: labelled dates other than anniversaries become events.
  var otherDates = false
  /// `--age-years`: years with an override that carries the age (when a template has `{age}`).
  var ageYears = 3
  /// `--years`: Gregorian years with events for dates kept in other calendars.
  var calendarYears = 10
  /// `--hebrew-adar`: the Adar of a leap year for a date in Adar of a common year.
  var hebrewAdar = HebrewAdarRule.adar2
  /// `--today`: "now" for ages; `nil` is today. `SOURCE_DATE_EPOCH` sets it when it is not given,
  /// so that the output is reproducible.
  var today: CivilDate?
  var calendarName: String? = "Birthdays"
  var strict = false
  var quiet = false
  /// `--verbose`: every warning, also after many of one kind.
  var verbose = false
  var showHelp = false
  var csv = CSVReadOptions()
  /// Events carry the contact's hashed identity key (`sync` only).
  var writesIdentityKeys = false
  /// Threads for large regular vCard files; 1 reads sequentially.
  var threads = ConvertOptions.defaultThreads
  /// `convert`: each input's format is detected from its content.
  var detectsFormat = false
  /// `--output-dir`: one calendar per input in this folder.
  var outputDirectory: String?
  /// `--summary-json`: where the JSON summary goes (`-` for standard error).
  var summaryJSONPath: String?
  /// `--for`: the calendar app the file is for.
  var client: ClientPreset?
  /// Notes for standard error about what `--for` changed.
  var notes: [String] = []
  /// The command's usage text, for usage errors found later.
  var usage = ""

  static var defaultThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

  /// Parses the arguments after the command name.
  /// - Throws: ``CommandError`` (usage, exit 64) for anything malformed.
  /// - Parameters:
  ///   - command: `convert`, `vcf-to-ics` or `csv-to-ics`: the options it accepts.
  ///   - format: the input format; `nil` detects it from each input's content (`convert`).
  static func parse(_ arguments: [String], command: CommandSpec, format: InputFormat?)
    throws(CommandError) -> ConvertOptions
  {
    let scanned = try command.scanner.scan(arguments)
    guard !scanned.has(CommonOption.help) else {
      var options = ConvertOptions(format: format ?? .vCard)
      options.showHelp = true
      return options
    }
    return try parse(scanned, format: format)
  }

  /// The options `scanned` gives (without `--help`).
  static func parse(_ scanned: ArgumentScanner.Result, format: InputFormat?)
    throws(CommandError) -> ConvertOptions
  {
    typealias O = ConversionOption
    var options = ConvertOptions(format: format ?? .vCard)
    options.detectsFormat = format == nil
    options.usage = scanned.usage

    options.inputs = try Frontend.inputs(scanned, default: ["-"])
    try validate(scanned, inputs: options.inputs)
    options.outputPath = try scanned.value(O.output).flatMap { $0 == "-" ? nil : $0 }
    options.summaryJSONPath = try scanned.value(O.summaryJSON)
    options.outputDirectory = try scanned.value(O.outputDirectory)
    if scanned.has(O.noAlarm) {
      options.alarms = []
    } else if scanned.has(O.alarm) {
      options.alarms = []
      for alarm in try scanned.values(O.alarm) where !options.alarms.contains(alarm) {
        options.alarms.append(alarm)
      }
    }
    options.leapDayPolicy = try scanned.value(O.leapDay) ?? .feb28
    options.includeAnniversaries = scanned.has(O.anniversaries)
    options.summaryTemplate = try scanned.value(O.summary)
    options.messageTemplate = try scanned.value(O.message)
    options.anniversarySummaryTemplate = try scanned.value(O.anniversarySummary)
    options.anniversaryMessageTemplate = try scanned.value(O.anniversaryMessage)
    options.language = try scanned.value(O.lang)
    options.ageYears = try scanned.value(O.ageYears) ?? options.ageYears
    options.calendarYears = try scanned.value(O.years) ?? options.calendarYears
    options.today = try scanned.value(O.today)
    try parseChoiceOptions(scanned, into: &options)
    if let name = try scanned.value(O.calendarName) {
      options.calendarName = name.isEmpty ? nil : name
    }
    options.threads = try scanned.value(O.threads) ?? options.threads
    options.strict = scanned.has(O.strict)
    options.quiet = scanned.has(O.quiet)
    options.verbose = scanned.has(O.verbose)
    if format != .vCard { options.csv = try parseCSVOptions(scanned) }
    if let preset = try scanned.value(O.client) {
      options.client = preset
      options.notes = try preset.apply(
        to: &options, alarmsGiven: scanned.has(O.alarm) || scanned.has(O.noAlarm),
        usage: options.usage)
    }
    return options
  }

  /// The rules between the conversion options, checked before any value is read.
  static func validate(_ scanned: ArgumentScanner.Result, inputs: [String]) throws(CommandError) {
    typealias O = ConversionOption
    let usage = scanned.usage
    if scanned.has(O.noAlarm), scanned.has(O.alarm) {
      throw .conflict(O.noAlarm.long, O.alarm.long, usage: usage)
    }
    guard scanned.has(O.outputDirectory) else { return }
    _ = try scanned.value(O.output)
    _ = try scanned.value(O.summaryJSON)
    _ = try scanned.value(O.outputDirectory)
    if scanned.has(O.output) { throw .conflict(O.outputDirectory.long, "-o", usage: usage) }
    if inputs.contains("-") {
      throw .usage("'--output-dir' needs named input files, not standard input", usage)
    }
    var seen: [String: String] = [:]
    for input in inputs {
      let name = BatchOutput.calendarName(for: input)
      if let earlier = seen[name] {
        throw .usage(
          "'\(earlier)' and '\(input)' would both be written to '\(name)' in --output-dir", usage)
      }
      seen[name] = input
    }
  }

  /// `--group`, `--exclude`, `--exclude-from` (one pattern a line, `#` comments) and
  /// `--memorials`.
  static func parseChoiceOptions(
    _ scanned: ArgumentScanner.Result, into options: inout ConvertOptions
  ) throws(CommandError) {
    typealias O = ConversionOption
    options.groups = try scanned.values(O.group).filter { !$0.isEmpty }
    options.exclusions = try scanned.values(O.exclude).filter { !$0.isEmpty }
    for path in try scanned.values(O.excludeFrom) {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandError(status: .noInput, message: "cannot read --exclude-from '\(path)'")
      }
      for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
        let pattern = line.trimmingCharacters(in: .whitespaces)
        if !pattern.isEmpty, !pattern.hasPrefix("#") { options.exclusions.append(pattern) }
      }
    }
    options.memorials = scanned.has(O.memorials)
    options.otherDates = scanned.has(O.otherDates)
    options.hebrewAdar = try scanned.value(O.hebrewAdar) ?? .adar2
  }

  /// Who becomes an event, as these options ask.
  var celebrationBuilder: CelebrationBuilder {
    var builder = CelebrationBuilder(includeAnniversaries: includeAnniversaries)
    builder.groups = groups
    builder.exclusions = exclusions.map(ExclusionPattern.init)
    builder.memorials = memorials
    builder.otherDates = otherDates
    builder.calendarYears = CelebrationBuilder.defaultCalendarYears(
      from: (today ?? LocalDate.today()).year ?? 2026, count: calendarYears)
    builder.hebrewAdar = hebrewAdar
    return builder
  }

  /// How the calendar is written, as these options ask, with `timestamp` as `DTSTAMP`.
  func calendarOptions(timestamp: UTCTimestamp) -> CalendarOptions {
    var calendar = CalendarOptions(timestamp: timestamp)
    calendar.alarms = alarms
    calendar.leapDayPolicy = leapDayPolicy
    calendar.summaryTemplate = summaryTemplate
    calendar.messageTemplate = messageTemplate
    calendar.anniversarySummaryTemplate = anniversarySummaryTemplate
    calendar.anniversaryMessageTemplate = anniversaryMessageTemplate
    calendar.calendarName = calendarName
    calendar.ageYears = ageYears
    calendar.writesIdentityKeys = writesIdentityKeys
    calendar.language = language ?? .english
    calendar.currentYear = (today ?? LocalDate.today()).year ?? calendar.currentYear
    return calendar
  }

  /// `--delimiter`, `--date-order` and `--column`.
  static func parseCSVOptions(_ scanned: ArgumentScanner.Result) throws(CommandError)
    -> CSVReadOptions
  {
    typealias O = ConversionOption
    var csv = CSVReadOptions()
    if let delimiter = try scanned.value(O.delimiter) { csv.delimiter = delimiter }
    if let order = try scanned.value(O.dateOrder) { csv.dateOrder = order }
    if let system = try scanned.value(O.dateCalendar) { csv.dateCalendar = system }
    for mapping in try scanned.values(O.column) {
      csv.columnOverrides[mapping.field] = mapping.header
    }
    return csv
  }
}
