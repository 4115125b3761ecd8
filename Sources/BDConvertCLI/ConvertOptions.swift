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
  var calendarName: String? = "Birthdays"
  var strict = false
  var quiet = false
  var showHelp = false
  var csv = CSVReadOptions()
  /// Threads for large regular vCard files; 1 reads sequentially.
  var threads = ConvertOptions.defaultThreads

  static var defaultThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

  private static let commonOptions: [ArgumentScanner.Option] = [
    .init(spellings: ["-o", "--output"], takesValue: true),
    .init(spellings: ["--alarm"], takesValue: true),
    .init(spellings: ["--no-alarm"], takesValue: false),
    .init(spellings: ["--leap-day"], takesValue: true),
    .init(spellings: ["--anniversaries"], takesValue: false),
    .init(spellings: ["--summary"], takesValue: true),
    .init(spellings: ["--message"], takesValue: true),
    .init(spellings: ["--calendar-name"], takesValue: true),
    .init(spellings: ["--strict"], takesValue: false),
    .init(spellings: ["-q", "--quiet"], takesValue: false),
    .init(spellings: ["-h", "--help"], takesValue: false),
    .init(spellings: ["--threads"], takesValue: true),
  ]

  private static let csvOptions: [ArgumentScanner.Option] = [
    .init(spellings: ["--delimiter"], takesValue: true),
    .init(spellings: ["--date-order"], takesValue: true),
    .init(spellings: ["--column"], takesValue: true),
  ]

  /// Parses the arguments after the command name.
  /// - Throws: ``CommandError`` (usage, exit 64) for anything malformed.
  static func parse(_ arguments: [String], format: InputFormat) throws(CommandError)
    -> ConvertOptions
  {
    let usage = HelpText.convertUsage(format)
    let scanner = ArgumentScanner(
      options: commonOptions + (format == .csv ? csvOptions : []), usage: usage)
    let scanned = try scanner.scan(arguments)
    var options = ConvertOptions(format: format)
    options.showHelp = scanned.has("--help")
    if options.showHelp { return options }

    options.inputs = scanned.operands.isEmpty ? ["-"] : scanned.operands
    if options.inputs.filter({ $0 == "-" }).count > 1 {
      throw .usage("standard input ('-') can be read only once", usage)
    }
    options.outputPath = scanned.last("--output")
    if options.outputPath == "" { throw .usage("option '--output' needs a path", usage) }

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
    } catch {
      throw .usage(error.description, usage)
    }
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
    if format == .csv { options.csv = try parseCSVOptions(scanned, usage: usage) }
    return options
  }

  private static func parseCSVOptions(_ scanned: ArgumentScanner.Result, usage: String)
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
