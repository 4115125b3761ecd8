/// Sees the events a ``BirthdayCalendarConverter`` writes, as it writes them: `sync` learns the
/// wanted events' keys and digests from it instead of reading the converted calendar back.
///
/// The converter does not know what a summary is (sync's is a ``RenderedEventSummary``): it
/// carries it as a ``RenderedEventNote`` from the thread that rendered the events to the one
/// that writes them. ``summarizeNote(_:)`` and ``writtenNote(_:length:)`` are requirements with
/// default implementations, so that each conformance gets them specialised for its own summary
/// and the converter calls them without a cast.
package protocol RenderedEventObserver: AnyObject, Sendable {
  /// What the observer makes of one celebration's events.
  associatedtype Summary: RenderedEventNoteConvertible
  /// What the observer needs of the events of one celebration (a yearly event and its
  /// overrides), from their bytes as written; `nil` when it cannot tell. Called on the thread
  /// that rendered them, a worker when the input is read on several threads.
  func summarize(_ events: Span<UInt8>) -> Summary?
  /// The next celebration's events in the calendar: what ``summarize(_:)`` gave for them, and
  /// their length in bytes. Called in calendar order, on the thread that writes the calendar.
  func written(_ summary: Summary?, length: Int) throws
  /// ``summarize(_:)`` as a note.
  func summarizeNote(_ events: Span<UInt8>) -> RenderedEventNote?
  /// ``written(_:length:)`` with what ``summarizeNote(_:)`` gave.
  func writtenNote(_ note: RenderedEventNote?, length: Int) throws
}

extension RenderedEventObserver {
  package func summarizeNote(_ events: Span<UInt8>) -> RenderedEventNote? {
    summarize(events)?.note
  }

  package func writtenNote(_ note: RenderedEventNote?, length: Int) throws {
    try written(note.map { Summary(note: $0) }, length: length)
  }

  /// Summarizes `events` and says they were written, on the thread that writes the calendar.
  func summarizeWritten(_ events: Span<UInt8>) throws {
    try written(summarize(events), length: events.count)
  }
}

/// An observer, with what the converter needs to hand it the events it writes in sequence.
struct ObservedEvents {
  let observer: any RenderedEventObserver
  let renderer: EventRenderer
  let scratch = OutputBuffer(capacity: 1 << 12)

  /// Writes `celebration`'s events as `writer.write(_:)` would, and tells the observer.
  func write<Sink: ByteSink>(_ celebration: Celebration, to writer: inout ICalendarWriter<Sink>)
    throws
  {
    scratch.removeAll()
    renderer.append(celebration, to: scratch)
    try scratch.withSpan { events in
      try observer.summarizeWritten(events)
      try writer.writeRendered(events)
    }
  }
}

extension BirthdayCalendarConverter {
  /// Tells `observer` about every event written from now on.
  package mutating func observeEvents(_ observer: any RenderedEventObserver) {
    observed = ObservedEvents(observer: observer, renderer: EventRenderer(options: writerOptions))
  }
}
