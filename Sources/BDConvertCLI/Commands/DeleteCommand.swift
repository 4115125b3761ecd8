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
    let request = try parse(frontend.arguments)
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
    return try FileDeletion(request: request, usage: frontend.usage).run()
  }

  /// What the arguments ask, after ``validate(_:)``; reads the `--uids-from` files.
  private static func parse(_ arguments: ArgumentScanner.Result) throws(CommandError) -> Request {
    try validate(arguments)
    let uidFiles = try arguments.values(O.uidsFrom)
    var uids = try arguments.values(O.uid)
    for uidFile in uidFiles { uids += try readUIDs(uidFile) }
    return Request(
      path: arguments.operands.first ?? "-", uids: uids, uidFiles: uidFiles,
      inPlace: arguments.has(O.inPlace),
      outputPath: try arguments.value(O.deleteOutput).flatMap { $0 == "-" ? nil : $0 },
      verbose: arguments.has(O.deleteVerbose))
  }
}
