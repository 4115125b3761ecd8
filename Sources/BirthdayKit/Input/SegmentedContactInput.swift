/// A contact file in one input format, as the conversion driver
/// (``BirthdayCalendarConverter/convert(_:threads:progress:)``) reads it: cut into segments on
/// the calling thread, each segment read on its own on a worker thread, and whatever cannot be
/// read that way read in sequence on the calling thread.
///
/// The driver knows no format: a format says, as a returned ``SegmentEnd``, when a segment
/// read alone does not give what a sequential read gives (a CSV row that needs the file's date
/// order, a vCard cut that was not between cards), and the driver reads it in sequence instead.
/// Output is then the same for any number of threads.
package protocol SegmentedContactInput: SendableMetatype {
  /// A piece of the input and what a worker needs to read it, as known when it was cut. A
  /// value: it crosses to a worker thread.
  associatedtype Segment: Sendable

  /// What one record is called in counts and messages.
  var recordKind: RecordKind { get }

  /// Cuts the next segment, on the calling thread; `nil` at the end, or when the rest must be
  /// read in sequence (``readRest(report:body:)``).
  mutating func nextSegment(report: DiagnosticHandler) throws -> Segment?

  /// Reads one segment alone, on a worker thread: gives its contacts to `body` and its
  /// diagnostics to `report`, in input order, and says whether that is what a sequential read
  /// gives.
  static func read(
    _ segment: Segment, report: @escaping DiagnosticHandler, body: (Contact) -> Void
  ) -> SegmentEnd

  /// Whether a segment read alone may be committed now: `false` while the calling thread holds
  /// records back for something a later record decides (then each segment is read in sequence).
  var acceptsSegmentsReadAlone: Bool { get }

  /// Whether a diagnostic of a segment read alone is still to be given when the segment is
  /// committed (a notice given once per file may already have been given); notes it as given.
  mutating func keeps(_ diagnostic: Diagnostic) -> Bool

  /// Notes that `segment`, read alone, was committed.
  mutating func committed(_ segment: Segment)

  /// What to add to the line numbers of what `segment`, read alone, reported, when it is
  /// committed: a format whose workers number lines from the segment's start (so that the
  /// calling thread need not count them) says here how many lines came before it.
  func lineOffset(of segment: Segment) -> Int

  /// Reads `segment` on the calling thread, in sequence with what was read before.
  mutating func readInSequence(
    _ segment: Segment, report: DiagnosticHandler, body: (Contact) throws -> Void) throws

  /// Reads, on the calling thread, all that no segment read alone or in sequence covered, and
  /// ends the input (throwing what only the whole file can tell).
  mutating func readRest(report: @escaping DiagnosticHandler, body: (Contact) throws -> Void)
    throws

  /// The bytes of the input read so far, for progress reports.
  var bytesRead: Int { get }
}

extension SegmentedContactInput {
  package mutating func keeps(_ diagnostic: Diagnostic) -> Bool { true }
  package var acceptsSegmentsReadAlone: Bool { true }
  package func lineOffset(of segment: Segment) -> Int { 0 }
}

/// How reading a segment alone ended (``SegmentedContactInput/read(_:report:body:)``).
package enum SegmentEnd: Sendable {
  /// Read whole: its contacts and diagnostics are what a sequential read gives.
  case complete
  /// A record needs something only earlier records decide (a CSV file's date order, not known
  /// when the segment was cut): the segment is read again on the calling thread, in sequence.
  case needsSequentialRead
  /// The segment was not cut where a sequential read is between records: it and everything
  /// after it are read in sequence.
  case notCutBetweenRecords
  /// Reading failed as reading the file in sequence fails at this point.
  case failed(any Error)
}
