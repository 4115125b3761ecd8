/// One kept property's value as it was written: raw bytes, still folded, escaped and encoded.
///
/// Decoding waits for the end of the card because the card's `VERSION` (which may come after
/// the property) decides how to unfold and unescape. The bytes are capped at ``limit`` so that
/// no input can make a card grow without bound.
struct VCardRawValue {
  /// The 1-based line of the property's first physical line.
  var line: Int
  /// The 1-based byte column where the value starts on that line (after the colon).
  var column: Int
  /// The group, lower-cased (`item1`), if any.
  var group: [UInt8]?
  /// The parameters that matter.
  var parameters: VCardParameters
  /// The value's bytes: the first line's value, then each continuation line appended whole.
  var bytes: [UInt8] = []
  /// Where each folded continuation line starts in ``bytes`` (its leading white space).
  var foldOffsets: [Int] = []
  /// True when the value was longer than ``limit`` and the rest was dropped.
  var isTruncated = false
  /// The most bytes kept.
  let limit: Int

  /// Starts a value with the rest of its first physical line.
  init(
    line: Int, column: Int, group: [UInt8]?, parameters: VCardParameters,
    firstLine: UnsafeBufferPointer<UInt8>, limit: Int
  ) {
    self.line = line
    self.column = column
    self.group = group
    self.parameters = parameters
    self.limit = limit
    append(firstLine)
  }

  /// True when the last physical line ended in a quoted-printable soft line break (`=`), so the
  /// next line continues the value whatever it starts with.
  private(set) var endsWithSoftBreak = false

  /// Appends a continuation line; `folded` when it is a folded line (leading white space),
  /// false after a quoted-printable soft line break (whose `=` is removed).
  mutating func appendContinuation(_ line: UnsafeBufferPointer<UInt8>, folded: Bool) {
    if !isTruncated {
      if folded {
        foldOffsets.append(bytes.count)
      } else if bytes.last == VCardBytes.equals {
        bytes.removeLast()
      }
    }
    append(line)
  }

  private mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
    endsWithSoftBreak = parameters.isQuotedPrintable && line.last == VCardBytes.equals
    guard !isTruncated else { return }
    let room = limit - bytes.count
    if line.count > room {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<max(room, 0)]))
      isTruncated = true
    } else {
      bytes.append(contentsOf: line)
    }
  }

  /// The value unfolded per `version` and decoded from quoted-printable when so marked; still
  /// escaped and in the property's charset.
  func unfolded(_ version: VCardVersion) -> [UInt8] {
    var result: [UInt8]
    if foldOffsets.isEmpty || version.keepsFoldingWhitespace {
      result = bytes
    } else {
      // 3.0/4.0: the one white-space character that starts a continuation line goes.
      result = []
      result.reserveCapacity(bytes.count)
      result.append(contentsOf: bytes[..<foldOffsets[0]])
      for (index, offset) in foldOffsets.enumerated() {
        let next = index + 1 < foldOffsets.count ? foldOffsets[index + 1] : bytes.count
        LineUnfolding.appendContinuation(bytes[offset..<max(offset, next)], to: &result)
      }
    }
    return parameters.isQuotedPrintable ? Self.quotedPrintableDecoded(result) : result
  }

  /// Decodes `=XX` sequences; a malformed `=` stays as written.
  static func quotedPrintableDecoded(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == VCardBytes.equals, index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
        continue
      }
      if byte == VCardBytes.equals, index == bytes.count - 1 {
        // A trailing soft line break with nothing after it.
        index += 1
        continue
      }
      result.append(byte)
      index += 1
    }
    return result
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
