/// What an observer keeps of one celebration's rendered events, as the converter carries it from
/// the thread that rendered them to the one that writes them: five words whose meaning only the
/// observer knows (sync's ``RenderedEventSummary``). A value of a fixed type, so that carrying it
/// allocates no box and takes no cast per event.
package struct RenderedEventNote: Sendable, BitwiseCopyable {
  package var words: (UInt64, UInt64, UInt64, UInt64, UInt64)

  package init(_ words: (UInt64, UInt64, UInt64, UInt64, UInt64)) {
    self.words = words
  }
}

/// A summary an observer can hand the converter as a ``RenderedEventNote`` and take back.
package protocol RenderedEventNoteConvertible: Sendable {
  init(note: RenderedEventNote)
  var note: RenderedEventNote { get }
}
