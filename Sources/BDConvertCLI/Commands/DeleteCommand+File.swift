import BirthdayKit

extension DeleteCommand {
  /// `delete` on a calendar file or standard input.
  ///
  /// One pass when the output can be taken back (a file renamed over the target on success,
  /// standard output held back until then); a FIFO or device written through cannot take back
  /// bytes, so there the calendar is checked on a first pass. In place, the calendar's lock is
  /// taken before it is read: a sync (or another edit) of it finishes first, or waits for this.
  struct FileDeletion {
    let request: Request
    let usage: String

    /// Where the edited calendar goes: a file (the calendar itself in place), standard output
    /// held back, or nowhere (nothing to delete in place).
    private struct Destination {
      var output: OutputTarget?
      var held: HeldStandardOutput?

      func discard() { output?.discard() }
    }

    /// Deletes; returns the exit status.
    func run() throws(CommandError) -> ExitStatus {
      let (uids, inPlace) = (request.uids, request.inPlace)
      let lock = inPlace && !uids.isEmpty ? try OutputTarget.lockForEditing(request.path) : nil
      let file = try InputFile.open(request.path)
      defer { file.close() }
      let destination = try destination(for: file, lock: lock)
      let checkFirst = destination.held == nil && destination.output?.isTentative != true
      let input: CalendarInput
      do {
        input = try CalendarInput.prepare(file, rereadable: checkFirst)
      } catch {
        destination.discard()
        throw error
      }
      let progress = ProgressReporter(
        noun: nil, writesStandardOutput: request.outputPath == nil && !inPlace)
      progress.totalBytes = input.size.map { checkFirst ? $0 * 2 : $0 }
      defer { progress.finish() }
      if checkFirst { try check(input, progress: progress, destination: destination) }
      // An empty --uids-from list (`list | grep | cut` that matched nothing) is not an error:
      // the calendar is copied unchanged to -o or standard output, and left alone in place.
      if destination.output == nil, destination.held == nil {
        progress.finish()
        StandardStreams.error(nothingToDelete(request.uidFiles))
        return .success
      }
      let report = try delete(from: input, progress: progress, into: destination)
      progress.finish()  // before the output reaches a terminal
      try destination.held?.release()
      try destination.output?.commit()
      for uid in report.notFound {
        StandardStreams.error(
          DiagnosticStyle.current.render(
            "UID '\(uid)' not found in the calendar", at: nil, .warning) + "\n")
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

    private func destination(for file: InputFile, lock: SyncLock?) throws(CommandError)
      -> Destination
    {
      if request.inPlace {
        guard !request.uids.isEmpty else { return Destination() }
        return Destination(
          output: try OutputTarget.file(
            request.path, allowReplacingInput: true, lock: lock, verbose: request.verbose,
            usage: usage))
      }
      if let outputPath = request.outputPath {
        return Destination(
          output: try OutputTarget.file(
            outputPath, inputs: file.identity.map { [$0] } ?? [], verbose: request.verbose,
            usage: usage))
      }
      return Destination(held: HeldStandardOutput())
    }

    /// The first pass: the whole calendar is well formed before a byte is written.
    private func check(_ input: CalendarInput, progress: ProgressReporter, destination: Destination)
      throws(CommandError)
    {
      do {
        try input.withSource { source in
          try CalendarEditor.validate(
            CountingByteSource(base: AnyByteSource(source), progress: progress),
            fileName: input.file.displayName)
        }
      } catch {
        destination.discard()
        throw Frontend.commandError(error)
      }
    }

    private func delete(
      from input: CalendarInput, progress: ProgressReporter, into destination: Destination
    ) throws(CommandError) -> DeletionReport {
      do {
        return try input.withSource { source in
          let counted = CountingByteSource(base: AnyByteSource(source), progress: progress)
          let name = input.file.displayName
          if let output = destination.output {
            var sink = output.sink
            return try CalendarEditor.delete(
              uids: request.uids, from: counted, fileName: name, to: &sink)
          }
          var sink = destination.held ?? HeldStandardOutput()  // always `held` here
          return try CalendarEditor.delete(
            uids: request.uids, from: counted, fileName: name, to: &sink)
        }
      } catch {
        destination.discard()
        throw Frontend.commandError(error)
      }
    }
  }
}
