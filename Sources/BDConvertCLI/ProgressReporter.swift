import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Live progress on standard error for long conversions: records read and MB/s.
///
/// Shown only when standard error is a terminal and the run has lasted more than a second
/// (`BDCONVERT_PROGRESS_AFTER` seconds when set: tests use 0), never on standard output, and
/// erased when the run ends, so scripts and logs never see it.
final class ProgressReporter {
  private let enabled: Bool
  private let start: Double
  private let delay: Double
  private var lastShown = 0.0
  private var records = 0
  private var shown = false
  /// Bytes read so far, updated by ``CountingByteSource``.
  var bytesRead = 0

  init(enabled: Bool = StandardStreams.errorIsTerminal) {
    self.enabled = enabled
    self.start = ProgressReporter.now()
    self.delay = getenv("BDCONVERT_PROGRESS_AFTER").flatMap { Double(String(cString: $0)) } ?? 1
  }

  /// Counts one record; checks the clock only every 4096 records to stay off the hot path.
  func recordDone() {
    records += 1
    guard enabled, records & 4095 == 0 else { return }
    show()
  }

  /// Sets the totals (for the parallel path, which reports once per batch).
  func update(records: Int, bytes: Int) {
    self.records = records
    self.bytesRead = bytes
    if enabled { show() }
  }

  private func show() {
    let now = ProgressReporter.now()
    let elapsed = now - start
    guard elapsed > delay, now - lastShown >= 0.25 else { return }
    lastShown = now
    shown = true
    let megabytes = Double(bytesRead) / 1_000_000
    let rate = megabytes / elapsed
    StandardStreams.error(
      "\rbdconvert: \(records) records, \(Int(megabytes)) MB read, \(Int(rate)) MB/s\u{1B}[K")
  }

  /// Erases the progress line, if one was shown, so that a message can take its place; the
  /// next update draws it again.
  func clearLine() {
    if shown { StandardStreams.error("\r\u{1B}[K") }
    shown = false
  }

  /// Erases the progress line, if one was shown.
  func finish() {
    clearLine()
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// A byte source that reports how much it has read to a ``ProgressReporter``.
struct CountingByteSource<Base: ByteSource>: ByteSource {
  var base: Base
  let progress: ProgressReporter

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = try base.read(into: buffer)
    progress.bytesRead += count
    return count
  }
}
