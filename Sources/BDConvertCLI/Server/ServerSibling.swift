import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bdconvert-dav`, the sibling executable that runs the commands which talk to a server (as git
/// runs `git-remote-https`): `bdconvert` links no network or XML library, so that it starts in a
/// few milliseconds, and replaces itself with the sibling when an invocation names a server.
public enum ServerSibling {
  /// The sibling's file name.
  public static let name = "bdconvert-dav"

  /// The commands that take a server URL (as an operand, or `sync --to`).
  static let commands: Set<String> = ["sync", "list", "delete", "upcoming"]

  /// Whether `arguments` (without the program name; the config file's options included) run a
  /// command on a server. Help never does; arguments that do not scan are left to the command,
  /// which reports them as the sibling would.
  public static func isNeeded(for arguments: [String], environment: [String: String]) -> Bool {
    guard let name = arguments.first, commands.contains(name),
      let command = CommandCatalog.command(named: name),
      let expanded = try? ConfigFile.expand(arguments, environment: environment),
      let scanned = try? command.scanner.scan(Array(expanded.dropFirst())),
      !scanned.has(CommonOption.help)
    else { return false }
    return scanned.operands.contains(where: ServerAccess.isURL)
      || scanned.text(SyncOption.target).map(ServerAccess.isURL) == true
  }

  /// Where the sibling is: next to this executable, symbolic links resolved (so that a link in
  /// `/usr/local/bin` finds the sibling where the link points).
  static func path() -> String {
    let executable: String
    #if os(Linux)
      executable = "/proc/self/exe"
    #else
      executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    #endif
    var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let real =
      realpath(executable, &resolved) != nil
      ? String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : executable
    let folder = real.lastIndex(of: "/").map { String(real[..<$0]) } ?? "."
    return folder + "/" + name
  }

  /// Replaces this process with the sibling, with the same arguments (the program name
  /// included) and environment: standard input and output, the exit status and signals are
  /// then the sibling's.
  /// - Returns: only when the sibling cannot be run: 69 (EX_UNAVAILABLE), after a message
  ///   naming the path looked for and how to get it.
  public static func execute() -> Int32 {
    let path = path()
    execv(path, CommandLine.unsafeArgv)
    let reason = systemErrorText(errno)
    let error = CommandError(
      status: .unavailable,
      message:
        "this command talks to a server, which \(name) does, but '\(path)' cannot be run "
        + "(\(reason)); install \(name) next to bdconvert (the release tarball and "
        + "Scripts/install ship both; 'swift build' builds both)")
    StandardStreams.error(error.rendered)
    return error.status.rawValue
  }
}
