/// The bytes and parameters of one card's kept values (``VCardRawValue``), in buffers that keep
/// their capacity from card to card: a value costs no allocation of its own and nothing to
/// release.
///
/// Only the value being read grows, always at the end of the buffer.
struct VCardValueStorage {
  /// The values' bytes (and their groups), one after another.
  private(set) var bytes: [UInt8] = []
  /// The offsets in ``bytes`` where folded continuation lines start.
  private var foldOffsets: [Int] = []
  /// The parameters of the values that have any.
  private var parameterSets: [VCardParameters] = []

  /// Forgets every value, keeping the capacity.
  mutating func removeAll() {
    // A card is reset when it ends and when the next begins: the second time there is nothing.
    if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
    if !foldOffsets.isEmpty { foldOffsets.removeAll(keepingCapacity: true) }
    if !parameterSets.isEmpty { parameterSets.removeAll(keepingCapacity: true) }
  }

  /// The parameters of `value`.
  func parameters(of value: VCardRawValue) -> VCardParameters {
    value.parameters < 0 ? VCardParameters() : parameterSets[value.parameters]
  }

  /// Starts a value with `firstLine` of `line` (the rest of its first physical line); its group
  /// is at `group` in `line`, if it has one.
  mutating func start(
    line number: Int, column: Int, in line: Span<UInt8>, group: Range<Int>?,
    parameters: VCardParameters, firstLine: Range<Int>, limit: Int
  ) -> VCardRawValue {
    var groupRange: Range<Int>?
    if let group {
      let start = bytes.count
      for index in group { bytes.append(VCardBytes.lowercased(line[index])) }
      groupRange = start..<bytes.count
    }
    var parameterIndex = -1
    if !parameters.isDefault {
      parameterIndex = parameterSets.count
      parameterSets.append(parameters)
    }
    var value = VCardRawValue(
      line: number, column: column, group: groupRange, parameters: parameterIndex,
      isQuotedPrintable: parameters.isQuotedPrintable,
      bytes: bytes.count..<bytes.count, folds: foldOffsets.count..<foldOffsets.count,
      limit: limit)
    append(line.extracting(firstLine), to: &value)
    return value
  }

  /// Appends a continuation line to `value`, the last value started; `folded` when it is a
  /// folded line (leading white space), false after a quoted-printable soft line break (whose
  /// `=` is removed).
  mutating func appendContinuation(
    _ line: Span<UInt8>, folded: Bool, to value: inout VCardRawValue
  ) {
    if !value.isTruncated {
      if folded {
        foldOffsets.append(bytes.count)
        value.folds = value.folds.lowerBound..<foldOffsets.count
      } else if !value.bytes.isEmpty, bytes[value.bytes.upperBound - 1] == VCardBytes.equals {
        bytes.removeLast()
        value.bytes = value.bytes.lowerBound..<bytes.count
      }
    }
    append(line, to: &value)
  }

  private mutating func append(_ line: Span<UInt8>, to value: inout VCardRawValue) {
    value.endsWithSoftBreak =
      value.isQuotedPrintable && VCardBytes.endsWith(line, VCardBytes.equals)
    guard !value.isTruncated else { return }
    let room = value.limit - value.bytes.count
    if line.count > room {
      ByteKernel.append(line.extracting(first: max(room, 0)), to: &bytes)
      value.isTruncated = true
    } else {
      ByteKernel.append(line, to: &bytes)
    }
    value.bytes = value.bytes.lowerBound..<bytes.count
  }

  /// The group of `value`, lower-cased, if it has one.
  func group(of value: VCardRawValue) -> ArraySlice<UInt8>? {
    value.group.map { bytes[$0] }
  }

  /// The value unfolded per `version` and decoded from quoted-printable when so marked; still
  /// escaped and in the property's charset.
  func unfolded(_ value: VCardRawValue, _ version: VCardVersion) -> ArraySlice<UInt8> {
    let written = bytes[value.bytes]
    if value.folds.isEmpty || version.keepsFoldingWhitespace {
      return value.isQuotedPrintable ? Self.quotedPrintableDecoded(written) : written
    }
    // 3.0/4.0: the one white-space character that starts a continuation line goes.
    var result: [UInt8] = []
    result.reserveCapacity(written.count)
    result.append(contentsOf: bytes[value.bytes.lowerBound..<foldOffsets[value.folds.lowerBound]])
    for index in value.folds {
      let offset = foldOffsets[index]
      let next =
        index + 1 < value.folds.upperBound ? foldOffsets[index + 1] : value.bytes.upperBound
      LineUnfolding.appendContinuation(bytes[offset..<max(offset, next)], to: &result)
    }
    return value.isQuotedPrintable ? Self.quotedPrintableDecoded(result[...]) : result[...]
  }

  /// Decodes `=XX` sequences; a malformed `=` stays as written.
  static func quotedPrintableDecoded(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      if byte == VCardBytes.equals, index + 2 < end,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
        continue
      }
      if byte == VCardBytes.equals, index == end - 1 {
        // A trailing soft line break with nothing after it.
        index += 1
        continue
      }
      result.append(byte)
      index += 1
    }
    return result[...]
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
