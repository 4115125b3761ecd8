import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `list`: one line (or one JSON object) per event, sorted by next occurrence.
struct ListCommand: Subcommand {
  static var spec: CommandSpec { .list }

  /// Parses the arguments and runs; returns the exit status.
  static func run(
    _ arguments: [String], environment: [String: String] = [:],
    server: (any ServerBackend)? = nil
  ) throws(CommandError) -> ExitStatus {
    guard let scanned = try scanUnlessHelp(arguments) else { return .success }
    let paths = scanned.operands.isEmpty ? ["-"] : scanned.operands
    if paths.filter({ $0 == "-" }).count > 1 {
      throw .usage("standard input ('-') can be read only once", usage)
    }
    let today: CivilDate
    if let text = scanned.last("--today") {
      guard text.utf8.count == 10, let date = ISODateArgument.parse(text) else {
        throw .usage("invalid --today '\(text)': expected YYYY-MM-DD", usage)
      }
      today = date
    } else {
      today = LocalDate.today()
    }
    if let url = scanned.operands.first(where: ServerAccess.isURL) {
      guard scanned.operands.count == 1 else {
        throw .usage("list takes one calendar URL, or files, not both", usage)
      }
      return try listServer(
        url, scanned: scanned, environment: environment, today: today, backend: server)
    }
    var inputs: [InputFile] = []
    defer { for input in inputs { input.close() } }
    for path in paths { inputs.append(try InputFile.open(path)) }
    let progress = ProgressReporter(noun: nil)
    progress.totalBytes = ProgressReporter.totalSize(of: inputs.map(\.descriptor))
    defer { progress.finish() }
    let printer = DiagnosticPrinter(
      strict: false, verbose: scanned.has("--verbose"), progress: progress)
    defer { printer.finish() }
    let json = scanned.has("--json")
    // On a terminal, aligned columns under a header; elsewhere the tab-separated lines.
    var table = !json && StandardStreams.outputIsTerminal ? ListTable() : nil
    var output: [UInt8] = []
    output.reserveCapacity(1 << 17)
    do {
      // Streams: the events arrive in order after the whole input was read and sorted, and
      // are printed in 64 KiB blocks, written from the sorted records' bytes.
      // A regular file (not standard input) may also be read in two halves at once, unless
      // progress is shown: it counts the bytes of one reader.
      let split = !StandardStreams.errorIsTerminal
      try CalendarLister.forEachRecord(
        in: inputs.map { input in
          (CountingByteSource(base: input.byteSource, progress: progress), input.displayName)
        },
        splittable: zip(paths, inputs).map { path, input in
          !split || path == "-" || !input.prefix.isEmpty
            ? nil : FileRandomAccessSource(descriptor: input.descriptor, name: input.displayName)
        },
        today: today, diagnostics: printer.handler
      ) { event in
        progress.finish()
        if table != nil {
          var line: [UInt8] = []
          event.appendTextLine(to: &line)
          table?.add(String(decoding: line, as: UTF8.self))
          return
        }
        if json {
          event.appendJSONLine(to: &output)
        } else {
          event.appendTextLine(to: &output)
        }
        output.append(UInt8(ascii: "\n"))
        if output.count >= 1 << 16 {
          StandardStreams.output(bytes: output)
          output.removeAll(keepingCapacity: true)
        }
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    table?.finish()
    StandardStreams.output(bytes: output)
    return .success
  }

  /// `list URL`: the events of a calendar collection on a server, listed as one calendar.
  private static func listServer(
    _ text: String, scanned: ArgumentScanner.Result, environment: [String: String],
    today: CivilDate, backend: (any ServerBackend)?
  ) throws(CommandError) -> ExitStatus {
    let (access, url) = try ServerAccess.open(
      text, scanned: scanned, environment: environment, usage: usage, backend: backend)
    let printer = DiagnosticPrinter(strict: false, verbose: scanned.has("--verbose"))
    defer { printer.finish() }
    let inputs = try ServerCalendarReader.calendars(
      at: url, name: scanned.last("--calendar-name"), discover: true, access: access,
      diagnostics: printer.handler)
    let json = scanned.has("--json")
    var table = !json && StandardStreams.outputIsTerminal ? ListTable() : nil
    var text = ""
    do {
      try CalendarLister.forEachEvent(in: inputs, today: today, diagnostics: printer.handler) {
        event in
        if table != nil {
          table?.add(event.textLine)
        } else {
          text += (json ? event.jsonLine : event.textLine) + "\n"
        }
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    table?.finish()
    StandardStreams.output(text)
    if scanned.has("--verbose") { StandardStreams.error(access.requestSummary) }
    return .success
  }

}
