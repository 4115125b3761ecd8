#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--output-dir DIR`: where each input's calendar goes.
enum BatchOutput {
  /// `contacts.ics` for `some/where/contacts.vcf`: the input's file name with `.ics` in place of
  /// its extension.
  static func calendarName(for input: String) -> String {
    let name = input.split(separator: "/").last.map(String.init) ?? input
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + ".ics" }
    return name[..<dot] + ".ics"
  }

  /// `DIR/NAME.ics`.
  static func path(in directory: String, for input: String) -> String {
    (directory.hasSuffix("/") ? directory : directory + "/") + calendarName(for: input)
  }

  /// Creates `directory` and its missing parents.
  /// - Throws: ``CommandError`` 73 when it cannot be created or is not a folder.
  static func createDirectory(_ directory: String) throws(CommandError) {
    var path = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
      path += component + "/"
      if mkdir(path, 0o777) != 0, errno != EEXIST {
        throw .cannot("create folder", "'\(directory)'", status: .cannotCreate)
      }
    }
    var info = stat()
    guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw CommandError(
        status: .cannotCreate, message: "cannot write into '\(directory)': it is not a folder")
    }
  }
}
