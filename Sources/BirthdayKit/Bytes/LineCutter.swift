/// The one line cutter: where a physical or logical line that starts in a buffer ends, with its
/// line break, for every reader (``LineReader``'s stream, the vCard segments read in place, the
/// common-form fast paths of `list`, `delete` and `sync`, the unfolding of a logical line).
///
/// Two forms of line:
/// - ``Form/lenient``: CR, LF and CRLF each end a line (real exports mix them, and some write
///   `\r\r\n`); the last line may have no line break.
/// - ``Form/commonForm``: the form bdconvert writes, in which every physical line ends in CRLF
///   and is not empty; anything else is ``Cut/notCommonForm``, and the reader that asked goes
///   the lenient way. A line is only whole once its CRLF is.
///
/// With folding, a logical line is a physical line and the continuation lines after it, those
/// that start with a space or a tab (RFC 5545 §3.1, RFC 6350 §3.2).
package enum LineCutter {
  /// Which line breaks end a line.
  package enum Form: Sendable {
    case lenient
    case commonForm
  }

  /// Where a line ends.
  package enum Cut: Equatable, Sendable {
    /// A whole line from the start given: its first physical line's content ends at
    /// `contentEnd`, its last line break at `end` (an empty line break at the end of the input);
    /// `physicalLines` lines in all.
    case line(contentEnd: Int, end: Int, physicalLines: Int)
    /// The bytes end before the line does, or before it is known whether the next byte continues
    /// it (a CR last, or, when folding, a line break last): read more, then cut again with the
    /// same ``Progress``. Also no line at all: nothing left at the end of the input, or, in the
    /// common form, a last line without CRLF.
    case incomplete
    /// In the common form: a lone CR or LF, or an empty line.
    case notCommonForm
  }

  /// How far the cut of one line has got, so that cutting again after more bytes arrive goes on
  /// from there instead of searching the line again.
  package struct Progress: Sendable {
    /// Where the search for the next line break goes on.
    var scan: Int
    /// Where the physical line being cut starts.
    var physicalStart: Int
    var contentEnd = -1
    var physicalLines = 0

    /// The progress of a line that starts at `start`.
    @inline(__always) package init(lineAt start: Int) {
      scan = start
      physicalStart = start
    }

    /// The same progress after the buffer's bytes moved `distance` bytes towards its start.
    @inline(__always) package mutating func shift(by distance: Int) {
      scan -= distance
      physicalStart -= distance
      if contentEnd >= 0 { contentEnd -= distance }
    }
  }

  /// The line that starts at `start` in `bytes[..<end]`; `isEnd` when no byte follows `end`.
  @inline(__always)
  package static func cut(
    _ bytes: Span<UInt8>, from start: Int, to end: Int, isEnd: Bool,
    form: Form, folding: Bool
  ) -> Cut {
    var progress = Progress(lineAt: start)
    return cut(bytes, to: end, isEnd: isEnd, form: form, folding: folding, progress: &progress)
  }

  /// The line whose cut has got as far as `progress` in `bytes[..<end]`.
  @inline(__always)
  package static func cut(
    _ bytes: Span<UInt8>, to end: Int, isEnd: Bool, form: Form, folding: Bool,
    progress: inout Progress
  ) -> Cut {
    while true {
      // At the start of a physical line after a whole one (not when resuming inside one): does
      // it continue the line?
      if progress.physicalLines > 0, progress.scan == progress.physicalStart {
        if !folding { break }
        let next = progress.scan
        if next == end {
          if isEnd { break }
          return .incomplete
        }
        let first = bytes[next]
        if first != 0x20 && first != 0x09 { break }
      }
      guard let terminator = ByteKernel.firstLineBreak(in: bytes, from: progress.scan, to: end)
      else {
        progress.scan = end
        guard form == .lenient, isEnd, progress.physicalStart < end else { return .incomplete }
        // The last line, without a line break.
        if progress.contentEnd < 0 { progress.contentEnd = end }
        progress.physicalLines += 1
        break
      }
      let isCR = bytes[terminator] == 0x0D
      var next = terminator &+ 1
      switch form {
      case .lenient:
        if isCR {
          if next == end, !isEnd {
            progress.scan = terminator  // the next byte may be the LF of a CRLF
            return .incomplete
          }
          if next < end, bytes[next] == 0x0A { next &+= 1 }
        }
      case .commonForm:
        guard isCR, terminator != progress.physicalStart else { return .notCommonForm }
        guard next < end else {
          progress.scan = terminator
          return .incomplete
        }
        guard bytes[next] == 0x0A else { return .notCommonForm }
        next &+= 1
      }
      if progress.contentEnd < 0 { progress.contentEnd = terminator }
      progress.physicalLines += 1
      progress.scan = next
      progress.physicalStart = next
    }
    return .line(
      contentEnd: progress.contentEnd, end: progress.scan, physicalLines: progress.physicalLines)
  }

  /// Calls `body` with each physical line of `bytes` (lenient): its content and its line break
  /// (empty for a last line without one).
  package static func forEachPhysicalLine(
    in bytes: Span<UInt8>,
    _ body: (_ content: Span<UInt8>, _ lineBreak: Span<UInt8>) throws -> Void
  ) rethrows {
    var start = 0
    while start < bytes.count,
      case .line(let contentEnd, let end, _) = cut(
        bytes, from: start, to: bytes.count, isEnd: true, form: .lenient, folding: false)
    {
      try body(
        bytes.extracting(start..<contentEnd), bytes.extracting(contentEnd..<end))
      start = end
    }
  }
}
