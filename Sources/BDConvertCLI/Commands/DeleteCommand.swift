import BirthdayKit

/// `delete`: remove events from a calendar by UID, keeping every other byte.
enum DeleteCommand {
  typealias O = CalendarOption

  /// What `delete` was asked to do.
  struct Request {
    var path: String
    var uids: [String]
    var uidFiles: [String]
    var inPlace: Bool
    /// `-o PATH`; `nil` for standard output (also `-o -`).
    var outputPath: String?
    var verbose: Bool
  }

  /// Removes the UIDs given from the calendar (a file, standard input or a server calendar);
  /// returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let request = try parse(frontend)
    if frontend.arguments.has(O.deleteDryRun) {
      return try DeletionPreview(uids: request.uids, uidFiles: request.uidFiles).run(
        path: request.path, frontend)
    }
    if ServerAccess.isURL(request.path) {
      if request.inPlace || request.outputPath != nil {
        throw .usage(
          "'--in-place' and '-o' are for files; a server is changed in place", frontend.usage)
      }
      let (access, url) = try frontend.openServer(request.path)
      if request.uids.isEmpty {
        StandardStreams.error(nothingToDelete(request.uidFiles))
        return .success
      }
      return try ServerDeletion.run(
        uids: request.uids, url: url, access: access,
        calendarName: try frontend.arguments.value(ServerOption.calendarName),
        verbose: request.verbose)
    }
    return try deleteFromFile(request, usage: frontend.usage)
  }

  /// The request, after the rules between the options: one calendar, `--in-place` with a file
  /// and without `-o`, standard input for one thing, some UIDs, and no calendar to a terminal.
  private static func parse(_ frontend: Frontend) throws(CommandError) -> Request {
    let (arguments, usage) = (frontend.arguments, frontend.usage)
    guard arguments.operands.count <= 1 else {
      throw .usage("delete takes one calendar file, not \(arguments.operands.count)", usage)
    }
    let path = arguments.operands.first ?? "-"
    let inPlace = arguments.has(O.inPlace)
    let outputPath = try arguments.value(O.deleteOutput).flatMap { $0 == "-" ? nil : $0 }
    if inPlace, outputPath != nil { throw .conflict(O.inPlace.long, "-o", usage: usage) }
    if inPlace, path == "-" { throw .usage("'--in-place' needs a FILE, not standard input", usage) }
    let uidFiles = try arguments.values(O.uidsFrom)
    if path == "-", uidFiles.contains("-") {
      throw .usage("standard input cannot be both the calendar and '--uids-from'", usage)
    }
    var uids = try arguments.values(O.uid)
    for uidFile in uidFiles { uids += try readUIDs(uidFile) }
    if uids.isEmpty, uidFiles.isEmpty {
      throw .usage("no UID given: use --uid or --uids-from", usage)
    }
    // The edited calendar scrolling past on a terminal, and the file unchanged, is never what
    // was meant (sed -i users expect the file edited).
    if !arguments.has(O.deleteDryRun), !inPlace, !arguments.has(O.deleteOutput),
      !ServerAccess.isURL(path), StandardStreams.outputIsTerminal
    {
      throw .usage(
        "not writing the edited calendar to the terminal: "
          + (path == "-" ? "use -o FILE" : "use --in-place to edit \(path), or -o FILE")
          + " ('-o -' writes it to standard output)", usage)
    }
    return Request(
      path: path, uids: uids, uidFiles: uidFiles, inPlace: inPlace, outputPath: outputPath,
      verbose: arguments.has(O.deleteVerbose))
  }

  /// Deletes from a calendar file or standard input.
  private static func deleteFromFile(_ request: Request, usage: String) throws(CommandError)
    -> ExitStatus
  {
    let (path, uids, inPlace, outputPath) = (
      request.path, request.uids, request.inPlace, request.outputPath
    )
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
        path, allowReplacingInput: true, lock: lock, verbose: request.verbose, usage: usage)
    } else if let outputPath {
      output = try OutputTarget.file(
        outputPath, inputs: file.identity.map { [$0] } ?? [], verbose: request.verbose,
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
      StandardStreams.error(nothingToDelete(request.uidFiles))
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
      StandardStreams.error(nothingToDelete(request.uidFiles))
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
