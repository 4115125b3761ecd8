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
    let usage = command.usageText
    let scanned = try command.scanner.scan(arguments)
    var options = ConvertOptions(format: format ?? .vCard)
    options.detectsFormat = format == nil
    options.usage = usage
    options.showHelp = scanned.has("--help")
    if options.showHelp { return options }

    options.inputs = scanned.operands.isEmpty ? ["-"] : scanned.operands
    if options.inputs.filter({ $0 == "-" }).count > 1 {
      throw .usage("standard input ('-') can be read only once", usage)
    }
    options.outputPath = scanned.last("--output")
    if options.outputPath == "" { throw .usage("option '--output' needs a path", usage) }
    if options.outputPath == "-" { options.outputPath = nil }  // `-o -`: standard output
    try parseBatchOptions(scanned, into: &options)

    let alarmValues = scanned.values("--alarm")
    if scanned.has("--no-alarm") {
      guard alarmValues.isEmpty else {
        throw .usage("'--no-alarm' cannot be combined with '--alarm'", usage)
      }
      options.alarms = []
    } else if !alarmValues.isEmpty {
      options.alarms = []
      for value in alarmValues {
        do {
          let alarm = try AlarmSpecification(parsing: value)
          if !options.alarms.contains(alarm) { options.alarms.append(alarm) }
        } catch {
          throw .usage(error.description, usage)
        }
      }
    }
    if let policy = scanned.last("--leap-day") {
      guard let parsed = LeapDayPolicy(rawValue: policy.lowercased()) else {
        throw .usage("invalid --leap-day '\(policy)' (expected feb28, mar1 or feb29)", usage)
      }
      options.leapDayPolicy = parsed
    }
    options.includeAnniversaries = scanned.has("--anniversaries")
    do {
      options.summaryTemplate = try scanned.last("--summary").map(EventTextTemplate.init)
      options.messageTemplate = try scanned.last("--message").map(EventTextTemplate.init)
      options.anniversarySummaryTemplate = try scanned.last("--anniversary-summary").map(
        EventTextTemplate.init)
      options.anniversaryMessageTemplate = try scanned.last("--anniversary-message").map(
        EventTextTemplate.init)
    } catch {
      throw .usage(error.description, usage)
    }
    try parseAgeOptions(scanned, into: &options)
    try parseChoiceOptions(scanned, into: &options)
    if let name = scanned.last("--calendar-name") {
      options.calendarName = name.isEmpty ? nil : name
    }
    if let threads = scanned.last("--threads") {
      guard let count = Int(threads), (1...64).contains(count) else {
        throw .usage("invalid --threads '\(threads)' (expected a number from 1 to 64)", usage)
      }
      options.threads = count
    }
    options.strict = scanned.has("--strict")
    options.quiet = scanned.has("--quiet")
    options.verbose = scanned.has("--verbose")
    if format != .vCard { options.csv = try parseCSVOptions(scanned, usage: usage) }
    if let client = scanned.last("--for") {
      guard let preset = ClientPreset(rawValue: client.lowercased()) else {
        throw .usage(
          "invalid --for '\(client)' (expected \(ClientPreset.allCases.map(\.rawValue).joined(separator: ", ")))"
            + Suggestions.didYouMean(client, among: ClientPreset.allCases.map(\.rawValue)), usage)
      }
      options.client = preset
      options.notes = try preset.apply(
        to: &options, alarmsGiven: !alarmValues.isEmpty || scanned.has("--no-alarm"), usage: usage)
    }
    return options
  }

  /// `--age-years` and `--today`.
  static func parseAgeOptions(_ scanned: ArgumentScanner.Result, into options: inout ConvertOptions)
    throws(CommandError)
  {
    if let years = scanned.last("--age-years") {
      guard let count = Int(years), (0...100).contains(count) else {
        throw .usage(
          "invalid --age-years '\(years)' (expected a number of years from 0 to 100)",
          options.usage)
      }
      options.ageYears = count
    }
    if let text = scanned.last("--today") {
      guard let date = ISODateArgument.parse(text) else {
        throw .usage("invalid --today '\(text)': expected YYYY-MM-DD", options.usage)
      }
      options.today = date
    }
  }

  /// `--group`, `--exclude`, `--exclude-from` (one pattern a line, `#` comments) and
  /// `--memorials`.
  static func parseChoiceOptions(
    _ scanned: ArgumentScanner.Result, into options: inout ConvertOptions
  ) throws(CommandError) {
    options.groups = scanned.values("--group").filter { !$0.isEmpty }
    options.exclusions = scanned.values("--exclude").filter { !$0.isEmpty }
    for path in scanned.values("--exclude-from") {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandError(status: .noInput, message: "cannot read --exclude-from '\(path)'")
      }
      for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
        let pattern = line.trimmingCharacters(in: .whitespaces)
        if !pattern.isEmpty, !pattern.hasPrefix("#") { options.exclusions.append(pattern) }
      }
    }
    options.memorials = scanned.has("--memorials")
    options.otherDates = scanned.has("--other-dates")
  }

  /// Who becomes an event, as these options ask.
  var celebrationBuilder: CelebrationBuilder {
    var builder = CelebrationBuilder(includeAnniversaries: includeAnniversaries)
    builder.groups = groups
    builder.exclusions = exclusions.map(ExclusionPattern.init)
    builder.memorials = memorials
    builder.otherDates = otherDates
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
    calendar.currentYear = (today ?? LocalDate.today()).year ?? calendar.currentYear
    return calendar
  }

  /// `--output-dir` and `--summary-json`.
  private static func parseBatchOptions(
    _ scanned: ArgumentScanner.Result, into options: inout ConvertOptions
  ) throws(CommandError) {
    let usage = options.usage
    options.summaryJSONPath = scanned.last("--summary-json")
    if options.summaryJSONPath == "" {
      throw .usage("option '--summary-json' needs a path, or '-' for standard error", usage)
    }
    guard let directory = scanned.last("--output-dir") else { return }
    if directory.isEmpty { throw .usage("option '--output-dir' needs a folder", usage) }
    if options.outputPath != nil {
      throw .usage("'--output-dir' cannot be combined with '-o'", usage)
    }
    if options.inputs.contains("-") {
      throw .usage("'--output-dir' needs named input files, not standard input", usage)
    }
    var seen: [String: String] = [:]
    for input in options.inputs {
      let name = BatchOutput.calendarName(for: input)
      if let earlier = seen[name] {
        throw .usage(
          "'\(earlier)' and '\(input)' would both be written to '\(name)' in --output-dir", usage)
      }
      seen[name] = input
    }
    options.outputDirectory = directory
  }

  static func parseCSVOptions(_ scanned: ArgumentScanner.Result, usage: String)
    throws(CommandError) -> CSVReadOptions
  {
    var csv = CSVReadOptions()
    if let delimiter = scanned.last("--delimiter") {
      switch delimiter.lowercased() {
      case "tab", "\\t", "\t": csv.delimiter = 0x09
      default:
        guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first,
          byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D
        else {
          throw .usage(
            "invalid --delimiter '\(delimiter)' (expected one ASCII character such as ',' ';' or 'tab')",
            usage)
        }
        csv.delimiter = byte
      }
    }
    if let order = scanned.last("--date-order") {
      guard let parsed = DateOrder(rawValue: order.lowercased()) else {
        throw .usage("invalid --date-order '\(order)' (expected mdy, dmy or ymd)", usage)
      }
      csv.dateOrder = parsed
    }
    for mapping in scanned.values("--column") {
      guard let equals = mapping.firstIndex(of: "="),
        let field = CSVField(rawValue: mapping[..<equals].lowercased()),
        equals != mapping.index(before: mapping.endIndex)
      else {
        let fields = CSVField.allCases.map(\.rawValue).joined(separator: ", ")
        throw .usage(
          "invalid --column '\(mapping)' (expected FIELD=HEADER, FIELD one of \(fields))", usage)
      }
      csv.columnOverrides[field] = String(mapping[mapping.index(after: equals)...])
    }
    return csv
  }
}
