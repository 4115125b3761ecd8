import BirthdayKit

/// `delete`: remove events from a calendar by UID, keeping every other byte.
struct DeleteCommand {
  /// The command's description: options, help, usage.
  static var spec: CommandSpec { .delete }
  static var usage: String { spec.usageText }

  /// Parses the arguments and runs; returns the exit status.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws(CommandError)
    -> ExitStatus
  {
    let scanned = try spec.scanner.scan(arguments)
    if scanned.has("--help") {
      StandardStreams.output(HelpFormatter.help(for: spec))
      return .success
    }
    guard scanned.operands.count <= 1 else {
      throw .usage("delete takes one calendar file, not \(scanned.operands.count)", usage)
    }
    let path = scanned.operands.first ?? "-"
    let inPlace = scanned.has("--in-place")
    let outputPath = scanned.last("--output").flatMap { $0 == "-" ? nil : $0 }  // `-o -`: stdout
    if inPlace, outputPath != nil {
      throw .usage("'--in-place' cannot be combined with '-o'", usage)
    }
    if inPlace, path == "-" { throw .usage("'--in-place' needs a FILE, not standard input", usage) }
    let uidFiles = scanned.values("--uids-from")
    if path == "-", uidFiles.contains("-") {
      throw .usage("standard input cannot be both the calendar and '--uids-from'", usage)
    }
    var uids = scanned.values("--uid")
    for uidFile in uidFiles { uids += try readUIDs(uidFile) }
    if uids.isEmpty, uidFiles.isEmpty {
      throw .usage("no UID given: use --uid or --uids-from", usage)
    }

    if ServerAccess.isURL(path) {
      if inPlace || outputPath != nil {
        throw .usage("'--in-place' and '-o' are for files; a server is changed in place", usage)
      }
      let (access, url) = try ServerAccess.open(
        path, scanned: scanned, environment: environment, usage: usage)
      if uids.isEmpty {
        StandardStreams.error(nothingToDelete(uidFiles))
        return .success
      }
      return try ServerDeletion.run(
        uids: uids, url: url, access: access, calendarName: scanned.last("--calendar-name"),
        verbose: scanned.has("--verbose"))
    }
    let input = try CalendarInput.open(path)
    defer { input.file.close() }
    // The calendar is read twice: checked, then copied without the events.
    let progress = ProgressReporter(
      noun: nil, writesStandardOutput: outputPath == nil && !inPlace)
    progress.totalBytes = input.size.map { $0 * 2 }
    defer { progress.finish() }
    // Validate first: nothing is written for a malformed calendar, not even on standard output.
    do {
      try input.withSource { source in
        try CalendarEditor.validate(
          CountingByteSource(base: AnyByteSource(source), progress: progress),
          fileName: input.file.displayName)
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    // An empty --uids-from list (`list | grep | cut` that matched nothing) is not an error: the
    // calendar is copied unchanged to -o or standard output, and left alone with --in-place.
    if uids.isEmpty, inPlace {
      progress.finish()
      StandardStreams.error(nothingToDelete(uidFiles))
      return .success
    }
    let output: OutputTarget
    if inPlace {
      output = try OutputTarget.file(path, allowReplacingInput: true, usage: usage)
    } else if let outputPath {
      output = try OutputTarget.file(
        outputPath, inputs: input.file.identity.map { [$0] } ?? [], usage: usage)
    } else {
      output = OutputTarget.standardOutput()
    }
    let report: DeletionReport
    do {
      var sink = output.sink
      report = try input.withSource { source in
        try CalendarEditor.delete(
          uids: uids,
          from: CountingByteSource(base: AnyByteSource(source), progress: progress),
          fileName: input.file.displayName, to: &sink)
      }
    } catch {
      output.discard()
      throw CalendarInput.commandError(error)
    }
    try output.commit()
    progress.finish()
    for uid in report.notFound {
      StandardStreams.error(
        DiagnosticStyle.current.render("UID '\(uid)' not found in the calendar", at: nil, .warning)
          + "\n")
    }
    if uids.isEmpty {
      StandardStreams.error(nothingToDelete(uidFiles))
    } else {
      // An event is everything with one UID: the master and its RECURRENCE-ID overrides.
      let events = report.removed.filter { $0.count > 0 }.count
      StandardStreams.error("bdconvert: removed \(events) event\(events == 1 ? "" : "s")\n")
    }
    return .success
  }

  /// `bdconvert: nothing to delete (no UID in 'uids.txt')`.
  private static func nothingToDelete(_ uidFiles: [String]) -> String {
    let names = uidFiles.map { $0 == "-" ? "standard input" : "'\($0)'" }
    return "bdconvert: nothing to delete (no UID in \(names.joined(separator: " or ")))\n"
  }

  private static func readUIDs(_ path: String) throws(CommandError) -> [String] {
    let file = try InputFile.open(path)
    defer { file.close() }
    var reader = LineReader(file.byteSource)
    var uids: [String] = []
    do {
      while let line = try reader.nextLine({ String(decoding: $0, as: UTF8.self) }) {
        if !line.isEmpty { uids.append(line) }
      }
    } catch {
      throw CalendarInput.commandError(error)
    }
    return uids
  }
}
