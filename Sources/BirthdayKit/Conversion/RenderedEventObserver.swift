/// Sees the events a ``BirthdayCalendarConverter`` writes, as it writes them: `sync` learns the
/// wanted events' keys and digests from it instead of reading the converted calendar back.
package protocol RenderedEventObserver: AnyObject, Sendable {
  /// What the observer needs of the events of one celebration (a yearly event and its
  /// overrides), from their bytes as written; `nil` when it cannot tell. Called on the thread
  /// that rendered them, a worker when the input is read on several threads.
  func summarize(_ events: UnsafeBufferPointer<UInt8>) -> RenderedEventSummary?
  /// The next celebration's events in the calendar: what ``summarize(_:)`` gave for them, and
  /// their length in bytes. Called in calendar order, on the thread that writes the calendar.
  func written(_ summary: RenderedEventSummary?, length: Int) throws
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
    try scratch.withUnsafeBytes { events in
      try observer.written(observer.summarize(events), length: events.count)
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
