import BirthdayKit

extension SyncCommand {
  /// What `sync` adds to the conversion options.
  struct SyncOptions {
    var target: String
    var set: String
    var dryRun: Bool
    var json: Bool
    var keepRemoved: Bool
    var force: Bool
    var adopt: Bool
    var keepEdited: Bool
    /// `--max-remove N`: the most removals allowed without --force (instead of "half").
    var maxRemove: Int?
  }

  /// Parses the arguments and runs; returns the exit status.
  static func run(_ frontend: Frontend) throws(CommandError) -> ExitStatus {
    let arguments = frontend.arguments
    var options = try ConvertOptions.parse(arguments, format: nil)
    options.language = options.language ?? Language.fromEnvironment(frontend.environment)
    let target = try validate(arguments)
    let sync = SyncOptions(
      target: ServerAccess.printable(target),
      set: try arguments.value(SyncOption.set) ?? SyncMarker.defaultSet,
      dryRun: arguments.has(SyncOption.dryRun), json: arguments.has(SyncOption.json),
      keepRemoved: arguments.has(SyncOption.keepRemoved), force: arguments.has(SyncOption.force),
      adopt: arguments.has(SyncOption.adopt), keepEdited: arguments.has(SyncOption.keepEdited),
      maxRemove: try arguments.value(SyncOption.maxRemove))
    let given = Set(options.inputs)
    options.inputs = try Frontend.expandFolders(options.inputs)
    // What stays with a person across renames, hashed on the events sync writes (pairing).
    options.csv.readsIdentityKeys = true
    options.writesIdentityKeys = true
    let timestamp = try frontend.timestamp()
    Frontend.printNotes(options.notes, quiet: options.quiet)
    var command = SyncCommand(
      options: options, sync: sync, timestamp: timestamp, frontend: frontend)
    command.singleCardFiles = singleCardFiles(options.inputs.filter { !given.contains($0) })
    return try command.run()
  }

  /// The rules between the options and operands: a target, at least one source, no password
  /// in a URL, no calendar as a source or address book as the target; returns the target.
  static func validate(_ arguments: ArgumentScanner.Result) throws(CommandError) -> String {
    let usage = arguments.usage
    guard let target = try arguments.value(SyncOption.target), !target.isEmpty else {
      throw .usage("sync needs a target: --to FILE.ics or --to FOLDER/", usage)
    }
    if arguments.operands.isEmpty {
      throw .usage("sync needs at least one SOURCE ('-' for standard input)", usage)
    }
    try ServerAccess.refusePasswords(in: [target] + arguments.operands, usage: usage)
    try refuseMixUps(sources: arguments.operands, target: target)
    return target
  }
}
