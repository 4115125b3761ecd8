/// A growable byte buffer for the output hot path: an append is one capacity check and a copy.
///
/// Named apart from swift-nio's value type `ByteBuffer`: this one is a reference. An event is
/// about forty appends. `[UInt8]` pays a uniqueness check and often a generic path on
/// each; this buffer owns plain memory instead. It is a class on purpose: it has one owner at a
/// time (a writer, or a conversion thread handing its segment over), never copies implicitly, and
/// its memory is freed with it.
package final class OutputBuffer: @unchecked Sendable {
  // Audited, the one unchecked box of BirthdayKit: the buffer is Sendable so that a conversion
  // batch's output can go to a worker thread and come back, and it has one owner at a time by
  // construction: ``ConversionPipeline`` hands it to one job and touches it again only after
  // that job's ``PendingJob/wait()`` returned (the semaphore orders the memory), and every other
  // buffer stays on the thread that made it. No lock: an event is about forty appends.
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written. Internal: a class's stored property seen outside the module
  /// gets a dynamic exclusivity check at every append (``size`` is the other modules' view).
  private(set) var count = 0

  package init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// The content, copied.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

  package var isEmpty: Bool { count == 0 }

  /// ``count``, for the other modules.
  package var size: Int { count }

  /// The last byte, if any.
  var last: UInt8? { count > 0 ? storage[count - 1] : nil }

  /// Forgets the content, keeping the memory.
  package func removeAll() { count = 0 }

  /// Drops the content after the first `newCount` bytes.
  func truncate(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count)
    count = newCount
  }

  /// Makes room for `additional` more bytes.
  @inline(__always)
  func reserve(_ additional: Int) {
    if count + additional > capacity { grow(to: count + additional) }
  }

  private func grow(to minimum: Int) {
    var size = capacity * 2
    while size < minimum { size *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
    larger.update(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity = size
  }

  @inline(__always)
  package func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// Appends CR LF.
  @inline(__always)
  func appendLineBreak() {
    reserve(2)
    storage[count] = 0x0D
    storage[count + 1] = 0x0A
    count += 2
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (storage + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends the bytes of `span`.
  @inline(__always)
  package func append(_ span: Span<UInt8>) {
    span.withUnsafeBufferPointer { append($0) }
  }

  @inline(__always)
  package func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends the UTF-8 of `text` (without copying a native string).
  package func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends the first `count` bytes of `words`, each word's lowest byte first: one capacity
  /// check and one store a word, for a short text put together in registers.
  @inline(__always)
  func append<let wordCount: Int>(lowBytesOf words: InlineArray<wordCount, UInt64>, count: Int) {
    precondition(count >= 0 && count <= wordCount * 8, "more bytes than the words hold")
    reserve(wordCount * 8)
    let target = UnsafeMutableRawPointer(storage + self.count)
    for index in 0..<wordCount {
      target.storeBytes(of: words[index].littleEndian, toByteOffset: index * 8, as: UInt64.self)
    }
    self.count += count
  }

  /// The content as UTF-8 text (not checked: for bytes written as UTF-8).
  package var utf8String: String {
    String(unsafeUninitializedCapacity: count) { buffer in
      guard let target = buffer.baseAddress else { return 0 }
      target.update(from: storage, count: count)
      return count
    }
  }

  /// Appends `value` (0...99) as two digits.
  @inline(__always)
  package func appendTwoDigits(_ value: Int) {
    reserve(2)
    storage[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
    storage[count + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    count += 2
  }

  /// Appends `value` in decimal with at least `width` digits (zero-padded); `value` ≥ 0.
  func appendDecimal(_ value: Int, width: Int) {
    if width == 4, value >= 0, value < 10000 {
      appendTwoDigits(value / 100)
      appendTwoDigits(value % 100)
      return
    }
    var digits: [UInt8] = []
    var rest = value
    repeat {
      digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0 || digits.count < width
    append(Array(digits.reversed()))
  }

  /// Calls `body` with the content.
  package func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: storage, count: count).span)
  }

  /// Calls `body` with the content from `start` on, to change in place.
  package func withMutableSpan<Result>(
    from start: Int, _ body: (inout MutableSpan<UInt8>) throws -> Result
  ) rethrows -> Result {
    precondition(start >= 0 && start <= count)
    var span = UnsafeMutableBufferPointer(start: storage + start, count: count - start).mutableSpan
    return try body(&span)
  }

  /// Appends a copy of the content's bytes in `range` (a line written once and repeated).
  func appendCopy(of range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    reserve(range.count)  // so that the bytes copied stay where they are
    append(UnsafeBufferPointer(start: storage + range.lowerBound, count: range.count))
  }

  /// The content from `start` on, copied.
  func bytes(from start: Int) -> [UInt8] {
    precondition(start >= 0 && start <= count)
    return Array(UnsafeBufferPointer(start: storage + start, count: count - start))
  }
}
