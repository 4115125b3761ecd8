/// One kept property's value as it was written: raw bytes, still folded, escaped and encoded.
///
/// Decoding waits for the end of the card because the card's `VERSION` (which may come after
/// the property) decides how to unfold and unescape. The bytes and the parameters live in the
/// card's ``VCardValueStorage`` (buffers reused from card to card), so a value is positions only:
/// nothing to allocate, retain or release. The bytes are capped at ``limit`` so that no input can
/// make a card grow without bound.
struct VCardRawValue {
  /// The 1-based line of the property's first physical line.
  var line: Int
  /// The 1-based byte column where the value starts on that line (after the colon).
  var column: Int
  /// Where the group, lower-cased (`item1`), is in the storage, if there is one.
  var group: Range<Int>?
  /// Where the parameters that matter are in the storage, or -1 when the property has none.
  var parameters: Int
  /// `ENCODING=QUOTED-PRINTABLE` (or the 2.1 token) is among the parameters.
  var isQuotedPrintable: Bool
  /// Where the value's bytes are in the storage: the first line's value, then each
  /// continuation line appended whole.
  var bytes: Range<Int>
  /// Where the offsets of the value's folded continuation lines (their leading white space, in
  /// the storage) are in the storage's fold offsets.
  var folds: Range<Int>
  /// True when the value was longer than ``limit`` and the rest was dropped.
  var isTruncated = false
  /// The most bytes kept.
  let limit: Int
  /// True when the last physical line ended in a quoted-printable soft line break (`=`), so the
  /// next line continues the value whatever it starts with.
  var endsWithSoftBreak = false
}
