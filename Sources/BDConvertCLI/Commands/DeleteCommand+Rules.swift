import BirthdayKit

extension DeleteCommand {
  /// The rules between the options: one calendar, `--in-place` with a file and without `-o`,
  /// standard input for one thing, some UIDs, and no calendar to a terminal.
  static func validate(_ arguments: ArgumentScanner.Result) throws(CommandError) {
    let usage = arguments.usage
    guard arguments.operands.count <= 1 else {
      throw .usage("delete takes one calendar file, not \(arguments.operands.count)", usage)
    }
    let path = arguments.operands.first ?? "-"
    let inPlace = arguments.has(O.inPlace)
    if inPlace, let output = arguments.text(O.deleteOutput), output != "-" {
      throw .conflict(O.inPlace.long, "-o", usage: usage)
    }
    if inPlace, path == "-" { throw .usage("'--in-place' needs a FILE, not standard input", usage) }
    if path == "-", arguments.options.contains(where: { $0 == (O.uidsFrom.long, "-") }) {
      throw .usage("standard input cannot be both the calendar and '--uids-from'", usage)
    }
    if !arguments.has(O.uid), !arguments.has(O.uidsFrom) {
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
  }

  /// `bdconvert: nothing to delete (no UID in 'uids.txt')`.
  static func nothingToDelete(_ uidFiles: [String]) -> String {
    let names = uidFiles.map { $0 == "-" ? "standard input" : "'\($0)'" }
    return "bdconvert: nothing to delete (no UID in \(names.joined(separator: " or ")))\n"
  }

  static func readUIDs(_ path: String) throws(CommandError) -> [String] {
    let file = try InputFile.open(path)
    defer { file.close() }
    var reader = LineReader(file.byteSource)
    var uids: [String] = []
    do {
      while let line = try reader.nextLine({ String(decoding: Array(copying: $0), as: UTF8.self) })
      {
        if !line.isEmpty { uids.append(line) }
      }
    } catch {
      throw Frontend.commandError(error)
    }
    return uids
  }
}
