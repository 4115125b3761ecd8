import BirthdayKit

/// `delete`: remove events from a calendar by UID, keeping every other byte.
struct DeleteCommand: Subcommand {
  static var spec: CommandSpec { .delete }

  /// Parses the arguments and runs; returns the exit status.
  static func run(
    _ arguments: [String], environment: [String: String] = [:],
    server: (any ServerBackend)? = nil
  ) throws(CommandError) -> ExitStatus {
    guard let scanned = try scanUnlessHelp(arguments) else { return .success }
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
    let dryRun = scanned.has("--dry-run")
    // The edited calendar scrolling past on a terminal, and the file unchanged, is never what
    // was meant (sed -i users expect the file edited).
    if !dryRun, !inPlace, scanned.last("--output") == nil, !ServerAccess.isURL(path),
      StandardStreams.outputIsTerminal
    {
      throw .usage(
        "not writing the edited calendar to the terminal: "
          + (path == "-" ? "use -o FILE" : "use --in-place to edit \(path), or -o FILE")
          + " ('-o -' writes it to standard output)", usage)
    }
    if dryRun {
      return try DeletionPreview(uids: uids, uidFiles: uidFiles).run(
        path: path, scanned: scanned, environment: environment, server: server, usage: usage)
    }

    if ServerAccess.isURL(path) {
      if inPlace || outputPath != nil {
        throw .usage("'--in-place' and '-o' are for files; a server is changed in place", usage)
      }
      let (access, url) = try ServerAccess.open(
        path, scanned: scanned, environment: environment, usage: usage, backend: server)
      if uids.isEmpty {
        StandardStreams.error(nothingToDelete(uidFiles))
        return .success
      }
      return try ServerDeletion.run(
        uids: uids, url: url, access: access, calendarName: scanned.last("--calendar-name"),
        verbose: scanned.has("--verbose"))
    }
    // One pass when the output can be taken back (a file renamed over the target on success,
    // standard output held back until then); a FIFO or device written through cannot take back
    // bytes, so there the calendar is checked on a first pass. In place, the calendar's lock is
    // taken before it is read: a sync (or another edit) of it finishes first, or waits for this.
    let lock = inPlace && !uids.isEmpty ? try OutputTarget.lockForEditing(path) : nil
    let file = try InputFile.open(path)
    defer { file.close() }
    let output: OutputTarget?
    var held: HeldStandardOutput? = nil
    if uids.isEmpty, inPlace {
      output = nil
    } else if inPlace {
      output = try OutputTarget.file(
        path, allowReplacingInput: true, lock: lock, verbose: scanned.has("--verbose"),
        usage: usage)
    } else if let outputPath {
      output = try OutputTarget.file(
        outputPath, inputs: file.identity.map { [$0] } ?? [], verbose: scanned.has("--verbose"),
        usage: usage)
    } else {
      output = nil
      held = HeldStandardOutput()
    }
    let checkFirst = held == nil && output?.isTentative != true
    let input: CalendarInput
    do {
      input = try CalendarInput.prepare(file, rereadable: checkFirst)
    } catch {
      output?.discard()
      throw error
    }
    let progress = ProgressReporter(
      noun: nil, writesStandardOutput: outputPath == nil && !inPlace)
    progress.totalBytes = input.size.map { checkFirst ? $0 * 2 : $0 }
    defer { progress.finish() }
    if checkFirst {
      do {
        try input.withSource { source in
          try CalendarEditor.validate(
            CountingByteSource(base: AnyByteSource(source), progress: progress),
            fileName: input.file.displayName)
        }
      } catch {
        output?.discard()
        throw CalendarInput.commandError(error)
      }
    }
    // An empty --uids-from list (`list | grep | cut` that matched nothing) is not an error: the
    // calendar is copied unchanged to -o or standard output, and left alone with --in-place.
    if output == nil, held == nil {
      progress.finish()
      StandardStreams.error(nothingToDelete(uidFiles))
      return .success
    }
    let report: DeletionReport
    do {
      report = try input.withSource { source in
        let counted = CountingByteSource(base: AnyByteSource(source), progress: progress)
        if let output {
          var sink = output.sink
          return try CalendarEditor.delete(
            uids: uids, from: counted, fileName: input.file.displayName, to: &sink)
        }
        var sink = held ?? HeldStandardOutput()  // always `held` here
        return try CalendarEditor.delete(
          uids: uids, from: counted, fileName: input.file.displayName, to: &sink)
      }
    } catch {
      output?.discard()
      throw CalendarInput.commandError(error)
    }
    progress.finish()  // before the output reaches a terminal
    try held?.release()
    try output?.commit()
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
  static func nothingToDelete(_ uidFiles: [String]) -> String {
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
