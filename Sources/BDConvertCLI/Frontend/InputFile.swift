import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input opened for reading: a file, or standard input for `-`.
struct InputFile {
  /// The name used in diagnostics: the path as given, or `<stdin>`.
  let displayName: String
  /// The open descriptor.
  let descriptor: Int32
  /// Device and inode, to refuse `-o` onto an input.
  let identity: FileIdentity?
  /// Bytes already read from a pipe to detect the format, served first by ``byteSource``.
  var prefix: [UInt8] = []
  /// Whether reading ``prefix`` met the end of the input. A terminal's end (Ctrl-D) is said
  /// once: reading again would wait for more.
  var prefixReachedEnd = false

  /// Opens `path` (`-` for standard input).
  /// - Throws: ``CommandError`` with status 66 when it cannot be opened or is a folder.
  static func open(_ path: String) throws(CommandError) -> InputFile {
    if path == "-" {
      if StandardStreams.inputIsTerminal {
        StandardStreams.error("bdconvert: reading from standard input (Ctrl-D to end)\n")
      }
      return InputFile(displayName: "<stdin>", descriptor: 0, identity: FileIdentity(descriptor: 0))
    }
    #if canImport(Glibc)
      let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      let descriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
    guard descriptor >= 0 else {
      throw .cannot("open", "'\(path)'", status: .noInput)
    }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #else
        _ = Darwin.close(descriptor)
      #endif
      throw CommandError(status: .noInput, message: "cannot read '\(path)': it is a folder")
    }
    return InputFile(
      displayName: path, descriptor: descriptor, identity: FileIdentity(descriptor: descriptor))
  }

  /// A byte source over the descriptor.
  var byteSource: InputFileByteSource {
    InputFileByteSource(
      prefix: prefix, reachedEnd: prefixReachedEnd,
      base: FileDescriptorByteSource(descriptor: descriptor, name: displayName))
  }

  /// Closes the descriptor (not standard input).
  func close() {
    if descriptor > 2 {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #else
        _ = Darwin.close(descriptor)
      #endif
    }
  }
}

/// Device and inode of a file: two paths name the same file when these are equal.
struct FileIdentity: Hashable {
  let device: UInt64
  let inode: UInt64
  let isRegularFile: Bool

  init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  private init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    isRegularFile = info.st_mode & S_IFMT == S_IFREG
  }
}
