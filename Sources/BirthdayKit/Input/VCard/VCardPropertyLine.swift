/// The first physical line of a property, split into `group.NAME;params:value` positions.
///
/// Only positions are computed: nothing is copied, and the parameters are parsed on demand
/// (``parameters(in:)``) for the few properties the reader keeps.
struct VCardPropertyLine {
  /// The group (`item1` in `item1.X-ABDATE`), if any.
  var group: Range<Int>?
  /// The property name.
  var name: Range<Int>
  /// The index of the `;` that starts the parameters, or the colon when there are none.
  var parametersStart: Int
  /// The index of the colon that ends the parameters, or `nil` when the line has none.
  var colon: Int?

  /// Splits `line`; `nil` when it has no name.
  init?(_ line: Span<UInt8>) {
    guard let bounds = Self.nameBounds(in: line) else { return nil }
    self.init(line, bounds)
  }

  /// Where the group and the name of `line` are (the name ends at the first `:` or `;`, the
  /// first `.` ends a group); `nil` when it has no name.
  @inline(__always)
  static func nameBounds(
    in line: Span<UInt8>
  ) -> (group: Range<Int>?, name: Range<Int>)? {
    var index = 0
    var nameStart = 0
    var group: Range<Int>?
    let count = line.count
    // Letters (most of a name) sort after `.`, `:` and `;`: the scan stops only at bytes up to
    // `;`, and only `.`, `:` and `;` among them mean something.
    while true {
      guard
        let found = ShortBytesKernel.firstIndex(
          notAbove: VCardBytes.semicolon, in: line, from: index, to: count)
      else {
        index = count
        break
      }
      index = found
      let byte = line[found]
      if byte == VCardBytes.colon || byte == VCardBytes.semicolon { break }
      if byte == VCardBytes.period, group == nil {
        group = 0..<index
        nameStart = index + 1
      }
      index += 1
    }
    guard index > nameStart else { return nil }
    return (group, nameStart..<index)
  }

  /// Splits `line`, whose name is at `bounds` (``nameBounds(in:)``).
  init(_ line: Span<UInt8>, _ bounds: (group: Range<Int>?, name: Range<Int>)) {
    var index = bounds.name.upperBound
    self.group = bounds.group
    self.name = bounds.name
    self.parametersStart = index
    if index < line.count, line[index] == VCardBytes.colon {
      self.colon = index
      return
    }
    // The usual parameters (`;TYPE=work`) have no quote: their first colon ends them.
    while index < line.count, line[index] != VCardBytes.colon, line[index] != VCardBytes.quote {
      index += 1
    }
    if index < line.count, line[index] == VCardBytes.colon {
      self.colon = index
      return
    }
    // From the first quote on, colons inside 4.0 quoted values do not count (none came before).
    var inQuotes = false
    var firstColon: Int?
    while index < line.count {
      let byte = line[index]
      if byte == VCardBytes.colon, firstColon == nil { firstColon = index }
      if byte == VCardBytes.quote {
        inQuotes.toggle()
      } else if byte == VCardBytes.colon, !inQuotes {
        self.colon = index
        return
      }
      index += 1
    }
    // An unbalanced quote: fall back to the first colon rather than lose the property.
    self.colon = firstColon
  }

  /// The parsed parameters.
  func parameters(in line: Span<UInt8>) -> VCardParameters {
    guard let colon, parametersStart < colon else { return VCardParameters() }
    return VCardParameters(line, from: parametersStart, to: colon)
  }

  /// ``parameters(in:)``'s ``VCardParameters/isQuotedPrintable``, without parsing the others.
  func isQuotedPrintable(in line: Span<UInt8>) -> Bool {
    guard let colon, parametersStart < colon else { return false }
    return VCardParameters.isQuotedPrintable(line, from: parametersStart, to: colon)
  }

  /// Where the value's bytes on this physical line are (empty at its end when there is no
  /// colon).
  func value(in line: Span<UInt8>) -> Range<Int> {
    guard let colon else { return line.count..<line.count }
    return (colon + 1)..<line.count
  }
}
