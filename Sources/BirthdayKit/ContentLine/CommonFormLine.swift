/// Where the next logical line of a calendar in the common form ends: the form bdconvert writes,
/// in which every physical line ends in CRLF and is not empty, and a continuation starts with a
/// space or a tab.
///
/// The one splitter for the readers that take such calendars in large blocks straight from a read
/// buffer (``ICalendarScanner/nextCommonFormLines(classifying:_:)`` for `list` and `delete`,
/// the sync inventory); each decides what to do with a line that is not in the form.
enum CommonFormLine: Equatable {
  /// A whole logical line: `block[start..<end]`, its last physical line ending in CRLF.
  case line(end: Int, physicalLines: Int)
  /// The block ends before the line does (or before it is known whether the next physical line
  /// continues it): read more, then look again from the same start.
  case incomplete
  /// A lone CR or LF, or an empty line: not the common form.
  case notCommonForm

  /// The logical line that starts at `start` in `block`; `isEnd` when nothing follows the block.
  @inline(__always)
  static func next(in block: UnsafeBufferPointer<UInt8>, from start: Int, isEnd: Bool) -> Self {
    var end = start
    var physicalLines = 0
    while true {
      guard
        let terminator = ByteScan.firstIndex(
          of: 0x0D, 0x0A, 0x0A, in: block, from: end, to: block.count)
      else { return .incomplete }
      if terminator == end || block[terminator] != 0x0D { return .notCommonForm }
      guard terminator + 1 < block.count else { return .incomplete }
      guard block[terminator + 1] == 0x0A else { return .notCommonForm }
      physicalLines += 1
      end = terminator + 2
      if end == block.count {
        return isEnd ? .line(end: end, physicalLines: physicalLines) : .incomplete
      }
      guard block[end] == 0x20 || block[end] == 0x09 else {
        return .line(end: end, physicalLines: physicalLines)
      }
    }
  }
}
