/// The shape of an iCalendar content line, `NAME;PARAM=value:value` (RFC 5545 §3.1), shared by
/// ``ICalendarReader`` and ``CalendarStructureCheck``.
package enum ContentLineSyntax {
  /// Where the name ends (at the first `;` or `:`) and where the value starts (after the first
  /// `:` outside double quotes); `nil` when there is no such colon.
  package static func split<Content: RandomAccessCollection<UInt8>>(_ content: Content) -> (
    nameEnd: Int, valueStart: Int
  )? where Content.Index == Int {
    var index = content.startIndex
    while index < content.endIndex, content[index] != UInt8(ascii: ";"),
      content[index] != UInt8(ascii: ":")
    {
      index += 1
    }
    let nameEnd = index
    var quoted = false
    while index < content.endIndex {
      let byte = content[index]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == UInt8(ascii: ":"), !quoted {
        return (nameEnd, index + 1)
      }
      index += 1
    }
    return nil
  }
}

/// ASCII upper case of `byte`; other bytes unchanged.
@inline(__always)
func asciiUppercased(_ byte: UInt8) -> UInt8 {
  (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) ? byte - 32 : byte
}
