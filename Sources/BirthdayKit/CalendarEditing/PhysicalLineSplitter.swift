/// Splits a ``ByteSource`` into physical lines that keep their own terminator.
///
/// Unlike ``LineReader``, which drops line breaks, every line is returned with its exact bytes
/// (CRLF, bare LF, bare CR, or nothing at the end of the input), so that concatenating the lines
/// gives back the input byte for byte. Used by ``ICalendarReader`` to edit files losslessly.
final class PhysicalLineSplitter<Source: ByteSource> {
  private var source: Source
  private let storage: UnsafeMutableBufferPointer<UInt8>
  private var start = 0
  private var end = 0
  private var reachedEnd = false

  /// The 1-based number of the line last returned (0 before the first).
  private(set) var lineNumber = 0

  init(_ source: Source, chunkSize: Int = 1 << 16) {
    self.source = source
    self.storage = .allocate(capacity: max(chunkSize, 16))
  }

  deinit { storage.deallocate() }

  /// The next line with its terminator, and the length of its content without the terminator;
  /// `nil` at the end of the input.
  func next() throws -> (bytes: [UInt8], contentCount: Int)? {
    var line: [UInt8] = []
    while true {
      if start == end {
        try refill()
        if start == end {
          guard !line.isEmpty else { return nil }
          lineNumber += 1
          return (line, line.count)
        }
      }
      var index = start
      while index < end {
        let byte = storage[index]
        if byte == 0x0A || byte == 0x0D { break }
        index += 1
      }
      if index == end {
        line.append(contentsOf: UnsafeBufferPointer(rebasing: storage[start..<end]))
        start = end
        continue
      }
      let terminator = storage[index]
      line.append(contentsOf: UnsafeBufferPointer(rebasing: storage[start...index]))
      start = index + 1
      let contentCount = line.count - 1
      if terminator == 0x0D {
        if start == end { try refill() }
        if start < end, storage[start] == 0x0A {
          line.append(0x0A)
          start += 1
        }
      }
      lineNumber += 1
      return (line, contentCount)
    }
  }

  private func refill() throws {
    guard !reachedEnd else { return }
    start = 0
    end = 0
    let count = try source.read(into: UnsafeMutableRawBufferPointer(storage))
    if count == 0 { reachedEnd = true }
    end = count
  }
}
