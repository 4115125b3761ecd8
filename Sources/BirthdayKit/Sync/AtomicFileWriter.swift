#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see the old or the new content, never a mix: a temporary file
/// in the same folder (hidden, `.NAME.bdconvert-XXXXXX`), flushed to disk with `fsync`, then
/// renamed over the final name. ``discard()`` (or an error) removes the temporary file.
public final class AtomicFileWriter: ByteSink {
  /// The final path.
  public let path: String
  private let temporary: String
  private let descriptor: Int32
  private let hooks: TemporaryPathHooks
  private var buffer: [UInt8] = []
  private var finished = false

  /// Creates the temporary file for `path`, with `path`'s permissions when it exists (else
  /// 0666 minus the umask).
  /// - Throws: ``SyncTargetError`` (`cannotWrite`).
  public init(path: String, hooks: TemporaryPathHooks = .none) throws {
    self.path = path
    self.hooks = hooks
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((directory + "/." + name + ".bdconvert-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { $0.baseAddress.map(mkstemp) ?? -1 }
    guard created >= 0 else {
      throw SyncTargetError(
        .cannotWrite, "cannot create '\(path)': \(String(cString: strerror(errno)))")
    }
    temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    descriptor = created
    hooks.created(temporary)
    var info = stat()
    let mode: mode_t
    if stat(path, &info) == 0 {
      mode = info.st_mode & 0o7777
    } else {
      let mask = umask(0o022)
      umask(mask)
      mode = 0o666 & ~mask
    }
    _ = fchmod(descriptor, mode)
    buffer.reserveCapacity(1 << 16)
  }

  deinit { discard() }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes all of `bytes`.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  private func flush() throws {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes -> Int in
        guard let base = bytes.baseAddress else { return 0 }
        #if canImport(Glibc)
          return Glibc.write(descriptor, base + offset, bytes.count - offset)
        #else
          return Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        discard()
        throw SyncTargetError(
          .cannotWrite, "cannot write '\(path)': \(String(cString: strerror(code)))")
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, syncs and renames the temporary file over ``path``.
  /// - Throws: ``SyncTargetError`` (`cannotWrite`); the old file is then untouched.
  public func commit() throws {
    guard !finished else { return }
    try flush()
    finished = true
    defer { hooks.finished() }
    if fsync(descriptor) != 0 || close(descriptor) != 0 || rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw SyncTargetError(
        .cannotWrite, "cannot write '\(path)': \(String(cString: strerror(code)))")
    }
  }

  /// Removes the temporary file; the old file stays as it was.
  public func discard() {
    guard !finished else { return }
    finished = true
    close(descriptor)
    unlink(temporary)
    hooks.finished()
  }
}
