import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `list`: one line (or one JSON object) per event, sorted by next occurrence.
enum ListCommand {
  typealias O = CalendarOption

  /// Lists the calendars the operands name (standard input without any); returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let paths = try frontend.inputs()
    let today = try frontend.today(O.listToday)
    let operands = frontend.arguments.operands
    if let url = operands.first(where: ServerAccess.isURL) {
      guard operands.count == 1 else {
        throw .usage("list takes one calendar URL, or files, not both", frontend.usage)
      }
      return try listServer(url, frontend, today: today)
    }
    return try listFiles(paths, frontend, today: today)
  }

  /// `list FILE...`: the calendars as one, streamed in order of next occurrence.
  private static func listFiles(_ paths: [String], _ frontend: Frontend, today: CivilDate)
    throws(CommandError) -> ExitStatus
  {
    let threads = try frontend.arguments.value(O.listThreads) ?? ConvertOptions.defaultThreads
    var inputs: [InputFile] = []
    defer { for input in inputs { input.close() } }
    for path in paths { inputs.append(try InputFile.open(path)) }
    let progress = ProgressReporter(noun: nil)
    progress.totalBytes = ProgressReporter.totalSize(of: inputs.map(\.descriptor))
    defer { progress.finish() }
    let printer = frontend.printer(
      verbose: frontend.arguments.has(CommonOption.verboseWarnings), progress: progress)
    defer { printer.finish() }
    let json = frontend.arguments.has(O.listJSON)
    // On a terminal, aligned columns under a header; elsewhere the tab-separated lines.
    var table = !json && StandardStreams.outputIsTerminal ? ListTable() : nil
    let output = OutputBuffer(capacity: 1 << 17)
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
        threads: threads, today: today, diagnostics: printer.handler
      ) { event, record in
        progress.finish()
        if table != nil {
          let line = OutputBuffer()
          event.appendTextLine(from: record, to: line)
          table?.add(line.utf8String)
          return
        }
        if json {
          event.appendJSONLine(from: record, to: output)
        } else {
          event.appendTextLine(from: record, to: output)
        }
        output.append(UInt8(ascii: "\n"))
        if output.size >= 1 << 16 {
          StandardStreams.output(bytes: output.bytes)
          output.removeAll()
        }
      }
    } catch {
      throw Frontend.commandError(error)
    }
    table?.finish()
    StandardStreams.output(bytes: output.bytes)
    return .success
  }
}
