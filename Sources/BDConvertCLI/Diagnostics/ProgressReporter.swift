import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Live progress on standard error for long runs: how much was read, how fast, and, when the
/// size of the input is known, the percentage and the time left.
///
/// Shown only when standard error is a terminal and the run has lasted more than a second
/// (`BDCONVERT_PROGRESS_AFTER` seconds when set: tests use 0), never on standard output, and
/// erased when the run ends, so scripts and logs never see it. Messages printed meanwhile erase
/// it first (``clearLine()``), so that no message is glued onto it.
///
/// `bdconvert: 45% (86 of 190 MB), 123456 records, 150 MB/s, 1 s left`
final class ProgressReporter {
  private let enabled: Bool
  private let start: Double
  private let delay: Double
  /// What is counted (`records`), or `nil` to show bytes only (`list`, `delete`).
  private let noun: String?
  private var lastShown = 0.0
  private var records = 0
  private var shown = false
  /// Bytes and records of the inputs before the current one (``update(records:bytes:)`` counts
  /// within one input).
  private var bytesBefore = 0
  private var recordsBefore = 0
  private var bytesAtLastCheck = 0
  /// The size of all the input, when known: the percentage and the time left are shown.
  var totalBytes: Int?
  /// Bytes read so far, updated by ``CountingByteSource``.
  var bytesRead = 0

  /// - Parameters:
  ///   - noun: what ``recordDone()`` counts, `nil` for bytes only.
  ///   - writesStandardOutput: the command writes to standard output while progress is shown;
  ///     then there is no progress when standard output is the same terminal.
  init(
    noun: String? = "records", writesStandardOutput: Bool = false,
    enabled: Bool = StandardStreams.errorIsTerminal
  ) {
    self.noun = noun
    self.enabled = enabled && !(writesStandardOutput && StandardStreams.outputIsTerminal)
    self.start = ProgressReporter.now()
    self.delay = getenv("BDCONVERT_PROGRESS_AFTER").flatMap { Double(String(cString: $0)) } ?? 1
  }

  /// The size of the open files together, or `nil` when one is not a regular file.
  static func totalSize(of descriptors: [Int32]) -> Int? {
    var total = 0
    for descriptor in descriptors {
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      total += Int(info.st_size)
    }
    return total
  }

  /// Marks the start of the next input: ``update(records:bytes:)`` counts from here.
  func startInput() {
    bytesBefore = bytesRead
    recordsBefore = records
  }

  /// Counts one record; checks the clock only every 4096 records to stay off the hot path.
  func recordDone() {
    records += 1
    guard enabled, records & 4095 == 0 else { return }
    show()
  }

  /// Counts bytes read; checks the clock only every 4 MiB.
  func advance(by count: Int) {
    bytesRead += count
    guard enabled, bytesRead - bytesAtLastCheck >= 4 << 20 else { return }
    bytesAtLastCheck = bytesRead
    show()
  }

  /// Sets the totals within the current input (for the parallel path, which reports once per
  /// batch).
  func update(records: Int, bytes: Int) {
    self.records = recordsBefore + records
    self.bytesRead = bytesBefore + bytes
    if enabled { show() }
  }

  private func show() {
    let now = ProgressReporter.now()
    let elapsed = now - start
    guard elapsed > delay, now - lastShown >= 0.25 else { return }
    lastShown = now
    shown = true
    StandardStreams.error(
      "\r"
        + Self.line(
          bytes: bytesRead, total: totalBytes, records: noun.map { (records, $0) }, elapsed: elapsed
        )
        + "\u{1B}[K")
  }

  /// The text of the progress line.
  static func line(bytes: Int, total: Int?, records: (Int, String)?, elapsed: Double) -> String {
    let megabytes = Double(bytes) / 1_000_000
    var parts: [String] = []
    if let total, total > 0 {
      let fraction = min(Double(bytes) / Double(total), 1)
      parts.append(
        "\(Int(fraction * 100))% (\(Int(megabytes)) of \(Int(Double(total) / 1_000_000)) MB)")
      if let (count, noun) = records { parts.append("\(count) \(noun)") }
      parts.append("\(Int(megabytes / max(elapsed, 0.001))) MB/s")
      if fraction > 0 {
        parts.append(duration(elapsed * (1 - fraction) / fraction) + " left")
      }
    } else {
      if let (count, noun) = records { parts.append("\(count) \(noun)") }
      parts.append("\(Int(megabytes)) MB read")
      parts.append("\(Int(megabytes / max(elapsed, 0.001))) MB/s")
    }
    return "bdconvert: " + parts.joined(separator: ", ")
  }

  /// `42 s`, `3 min 5 s`, `2 h 10 min`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    return "\(whole / 3600) h \(whole % 3600 / 60) min"
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

  mutating func read(into span: inout MutableSpan<UInt8>) throws -> Int {
    let count = try base.read(into: &span)
    progress.advance(by: count)
    return count
  }
}
