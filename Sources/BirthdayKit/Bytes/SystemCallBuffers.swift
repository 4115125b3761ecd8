#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls of the command line and of sync that take or fill raw memory, behind
/// signatures that do not: a folder's entry names copied out of `dirent`, spans written whole to
/// a descriptor, reads into a range of an array, and the one C string a signal handler reads.
package enum SystemCallBuffers {
  /// A failed call: its `errno`.
  package struct Failure: Error, Hashable, Sendable {
    /// `errno` of the failed call.
    package let code: Int32

    /// `strerror` of ``code``.
    package var reason: String { String(cString: strerror(code)) }
  }

  /// The entry names of the folder at `path` (`.` and `..` included) in `readdir`'s order.
  /// - Throws: ``Failure`` with `opendir`'s `errno` (`ENOENT`, `ENOTDIR`, `EACCES`, …).
  package static func entryNames(inFolder path: String) throws(Failure) -> [String] {
    guard let folder = opendir(path) else { throw Failure(code: errno) }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      names.append(
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        })
    }
    return names
  }

  /// Writes all of `bytes` to `descriptor`, again after `EINTR`.
  /// - Throws: ``Failure`` with `write`'s `errno`.
  package static func writeAll(_ bytes: Span<UInt8>, to descriptor: Int32) throws(Failure) {
    let code = bytes.withUnsafeBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return 0 }
      var offset = 0
      while offset < buffer.count {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return 0
    }
    if code != 0 { throw Failure(code: code) }
  }

  /// Writes all of the UTF-8 of `text` to `descriptor` (as the span form does).
  package static func writeAll(_ text: String, to descriptor: Int32) throws(Failure) {
    var text = text
    let code = text.withUTF8 { buffer -> Int32 in
      do throws(Failure) {
        try writeAll(buffer.span, to: descriptor)
        return 0
      } catch {
        return error.code
      }
    }
    if code != 0 { throw Failure(code: code) }
  }

  /// Reads into `bytes[range]` from `descriptor`: at `offset` with `pread` (the descriptor's
  /// offset stays), or from its current offset with `read` when `offset` is `nil` (a pipe).
  /// Again after `EINTR`. Returns how many bytes were read, 0 at the end.
  /// - Throws: ``Failure`` with the call's `errno`.
  package static func read(
    _ descriptor: Int32, at offset: Int?, into bytes: inout [UInt8], in range: Range<Int>
  ) throws(Failure) -> Int {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside array")
    let count = bytes.withUnsafeMutableBytes { raw -> Int in
      let buffer = UnsafeMutableRawBufferPointer(rebasing: raw[range])
      while true {
        let got: Int
        if let offset {
          got = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
        } else {
          #if canImport(Glibc)
            got = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
          #else
            got = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
          #endif
        }
        if got >= 0 || errno != EINTR { return got }
      }
    }
    if count < 0 { throw Failure(code: errno) }
    return count
  }

  /// The path ``unlinkSignalPath()`` removes: a C string allocated before any signal, because a
  /// signal handler may not allocate.
  nonisolated(unsafe) private static var signalPath: UnsafeMutablePointer<CChar>?

  /// Keeps a C copy of `path` (or none) for ``unlinkSignalPath()``, freeing the previous one.
  /// The caller serializes the calls; a signal handler may run between any two.
  package static func setSignalPath(_ path: String?) {
    let previous = signalPath
    signalPath = path.map { strdup($0) }
    free(previous)
  }

  /// Removes the file at the path of ``setSignalPath(_:)``, if any. Async-signal-safe: it calls
  /// only `unlink`.
  package static func unlinkSignalPath() {
    if let path = signalPath { unlink(path) }
  }
}
