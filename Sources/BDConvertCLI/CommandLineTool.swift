import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `bdconvert` command line: dispatches to a command and turns failures into exit statuses.
///
/// Kept in a library so tests can run commands in-process; the executable only calls ``main(_:environment:)``.
public enum CommandLineTool {
  /// Runs `bdconvert` with `arguments` (without the program name).
  /// - Returns: the process exit status.
  public static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
    do {
      return try run(arguments, environment: environment).rawValue
    } catch {
      StandardStreams.error(error.rendered)
      return error.status.rawValue
    }
  }

  private static func run(_ arguments: [String], environment: [String: String]) throws(CommandError)
    -> ExitStatus
  {
    guard let command = arguments.first else {
      StandardStreams.error(HelpText.toolUsage + "\n")
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help", "help":
      StandardStreams.output(HelpText.tool)
      return .success
    case "--version", "-V":
      StandardStreams.output(HelpText.version + "\n")
      return .success
    case "vcf-to-ics", "csv-to-ics":
      let format: InputFormat = command == "vcf-to-ics" ? .vCard : .csv
      let options = try ConvertOptions.parse(rest, format: format)
      if options.showHelp {
        StandardStreams.output(format == .vCard ? HelpText.vcfToICS : HelpText.csvToICS)
        return .success
      }
      return try ConvertCommand(options: options, timestamp: try timestamp(environment)).run()
    case "delete":
      return try DeleteCommand.run(rest)
    case "list":
      return try ListCommand.run(rest)
    default:
      throw .usage("unknown command '\(command)'", HelpText.toolUsage)
    }
  }

  /// `SOURCE_DATE_EPOCH` when set (reproducible output), else the current time.
  static func timestamp(_ environment: [String: String]) throws(CommandError) -> UTCTimestamp {
    guard let value = environment["SOURCE_DATE_EPOCH"] else {
      return UTCTimestamp(secondsSince1970: Int64(time(nil)))
    }
    // iCalendar years have four digits: the last second of 9999 is the limit.
    guard let seconds = Int64(value), (0...253_402_300_799).contains(seconds) else {
      throw CommandError(
        status: .usage,
        message:
          "SOURCE_DATE_EPOCH must be whole seconds from 0 to 253402300799 (9999-12-31T23:59:59Z), not '\(value)'"
      )
    }
    return UTCTimestamp(secondsSince1970: seconds)
  }
}
