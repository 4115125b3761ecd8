import BirthdayKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every command shares between its arguments and its work: the scanned options, the
/// inputs (folders expanded, standard input once), today and the timestamp, the diagnostic
/// printer, the inputs' formats, and the server. Commands get one from ``run(_:_:_:)``, which also
/// prints `--help` and turns failures into exit statuses.
struct Frontend {
  /// The command being run.
  let command: CommandSpec
  /// Its arguments, scanned against its options.
  let arguments: ArgumentScanner.Result
  /// The process environment.
  let environment: [String: String]
  /// The CalDAV/CardDAV client, in `bdconvert-dav` only.
  let server: (any ServerBackend)?

  /// The usage text printed after a usage error.
  var usage: String { command.usageText }

  /// Scans `invocation`'s arguments for `command`, prints its help when asked, else runs `body`.
  static func run(
    _ command: CommandSpec, _ invocation: Invocation,
    _ body: (Frontend) throws(CommandError) -> ExitStatus
  ) throws(CommandError) -> ExitStatus {
    let arguments = try command.scanner.scan(invocation.arguments)
    if arguments.has(CommonOption.help) {
      StandardStreams.output(HelpFormatter.help(for: command))
      return .success
    }
    return try body(
      Frontend(
        command: command, arguments: arguments, environment: invocation.environment,
        server: invocation.server))
  }

  /// The operands, `fallback` when there are none, each folder replaced by its `.vcf` files
  /// when `expandingFolders`; standard input (`-`) at most once.
  func inputs(default fallback: [String] = ["-"], expandingFolders: Bool = false)
    throws(CommandError) -> [String]
  {
    let given = arguments.operands.isEmpty ? fallback : arguments.operands
    let inputs = expandingFolders ? try Self.expandFolders(given) : given
    return try Self.checkedInputs(inputs, usage: usage)
  }

  /// `inputs` when standard input is among them once at most.
  static func checkedInputs(_ inputs: [String], usage: String) throws(CommandError) -> [String] {
    if inputs.lazy.filter({ $0 == "-" }).count > 1 { throw .standardInputTwice(usage: usage) }
    return inputs
  }

  /// The operands, `["-"]` when there are none, standard input once at most.
  static func inputs(_ arguments: ArgumentScanner.Result, default fallback: [String])
    throws(CommandError) -> [String]
  {
    try checkedInputs(
      arguments.operands.isEmpty ? fallback : arguments.operands, usage: arguments.usage)
  }

  /// The date `option` (`--today`) gives, else today on this machine.
  func today(_ option: Option<CivilDate>) throws(CommandError) -> CivilDate {
    try arguments.value(option) ?? LocalDate.today()
  }

  /// `SOURCE_DATE_EPOCH` when set (reproducible output), else the current time.
  func timestamp() throws(CommandError) -> UTCTimestamp {
    try Self.timestamp(environment)
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

  /// The printer for this command's diagnostics: every one with `--verbose`, else 20 of a kind.
  func printer(
    strict: Bool = false, keepsDiagnostics: Bool = false, verbose: Bool,
    progress: ProgressReporter? = nil
  ) -> DiagnosticPrinter {
    DiagnosticPrinter(
      strict: strict, keepsDiagnostics: keepsDiagnostics, verbose: verbose, progress: progress)
  }

  /// Opens the server at `url` with this command's connection options.
  func openServer(_ url: String) throws(CommandError) -> (access: ServerAccess, url: URL) {
    try ServerAccess.open(
      url, scanned: arguments, environment: environment, usage: usage, backend: server)
  }

  /// Notes for standard error (what `--for` changed), unless `quiet`.
  static func printNotes(_ notes: [String], quiet: Bool) {
    guard !quiet else { return }
    for note in notes {
      StandardStreams.error(DiagnosticStyle.current.render(note, at: nil, .note) + "\n")
    }
  }

  /// Sources with every folder replaced by its `.vcf`/`.vcard` files, sorted by name.
  static func expandFolders(_ inputs: [String]) throws(CommandError) -> [String] {
    var expanded: [String] = []
    for input in inputs {
      var info = stat()
      guard input != "-", stat(input, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
        expanded.append(input)
        continue
      }
      let entries: [String]
      do {
        entries = try SystemCallBuffers.entryNames(inFolder: input)
      } catch {
        throw .cannot("open", "'\(input)'", status: .noInput)
      }
      let names = entries.filter { name in
        let lowered = name.lowercased()
        return !name.hasPrefix(".") && (lowered.hasSuffix(".vcf") || lowered.hasSuffix(".vcard"))
      }
      guard !names.isEmpty else {
        throw CommandError(
          status: .noInput, message: "'\(input)' holds no .vcf files")
      }
      let folder = input.hasSuffix("/") ? input : input + "/"
      expanded += names.sorted().map { folder + $0 }
    }
    return expanded
  }
}
