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

  /// ``split(_:)-(Content)`` of a span.
  package static func split(_ content: Span<UInt8>) -> (nameEnd: Int, valueStart: Int)? {
    var index = 0
    while index < content.count, content[index] != UInt8(ascii: ";"),
      content[index] != UInt8(ascii: ":")
    {
      index += 1
    }
    let nameEnd = index
    var quoted = false
    while index < content.count {
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

  /// ``parameter(_:in:nameEnd:valueStart:)-(_,Span<UInt8>,_,_)`` in an array.
  package static func parameter(
    _ parameterName: String, in content: [UInt8], nameEnd: Int, valueStart: Int
  ) -> Range<Int>? {
    parameter(parameterName, in: content.span, nameEnd: nameEnd, valueStart: valueStart)
  }

  /// Where the first value of parameter `parameterName` (upper-case ASCII) is in `content`,
  /// quotes removed; `nil` when the line has no such parameter. `nameEnd` and `valueStart` are
  /// what ``split(_:)-(Span<UInt8>)`` found.
  package static func parameter(
    _ parameterName: String, in content: Span<UInt8>, nameEnd: Int, valueStart: Int
  ) -> Range<Int>? {
    var index = nameEnd
    let limit = valueStart - 1
    while index < limit, content[index] == UInt8(ascii: ";") {
      index += 1
      let nameStart = index
      while index < limit, content[index] != UInt8(ascii: "=") { index += 1 }
      // The length first: it rejects most parameters without comparing through the String.
      let found =
        index - nameStart == parameterName.utf8.count
        && parameterName.utf8.enumerated().allSatisfy {
          asciiUppercased(content[nameStart + $0.offset]) == $0.element
        }
      index += 1
      var first: Range<Int>?
      while index < limit {
        var valueEnd: Int
        if content[index] == UInt8(ascii: "\"") {
          let valueBegin = index + 1
          valueEnd = valueBegin
          while valueEnd < limit, content[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
          if first == nil { first = valueBegin..<valueEnd }
          index = min(valueEnd + 1, limit)
        } else {
          valueEnd = index
          while valueEnd < limit, content[valueEnd] != UInt8(ascii: ","),
            content[valueEnd] != UInt8(ascii: ";")
          {
            valueEnd += 1
          }
          if first == nil { first = index..<valueEnd }
          index = valueEnd
        }
        if index < limit, content[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        break
      }
      if found { return first ?? index..<index }
    }
    return nil
  }
}

/// ASCII upper case of `byte`; other bytes unchanged.
@inline(__always)
func asciiUppercased(_ byte: UInt8) -> UInt8 {
  (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) ? byte - 32 : byte
}

/// Whether the first `count` bytes of `bytes`, ASCII upper-cased, are `upperCaseName` (the
/// length is compared first, so most names are rejected without reading a byte).
@inline(__always)
func isUppercasedName(_ bytes: Span<UInt8>, count: Int, _ upperCaseName: StaticString) -> Bool {
  guard count == upperCaseName.utf8CodeUnitCount else { return false }
  let expected = upperCaseName.utf8Start
  for index in 0..<count where asciiUppercased(bytes[index]) != expected[index] {
    return false
  }
  return true
}

/// ``isUppercasedName(_:count:_:)-(Span<UInt8>,_,_)`` on a collection of bytes.
@inline(__always)
func isUppercasedName<Bytes: RandomAccessCollection<UInt8>>(
  _ bytes: Bytes, count: Int, _ upperCaseName: StaticString
) -> Bool where Bytes.Index == Int {
  guard count == upperCaseName.utf8CodeUnitCount else { return false }
  let expected = upperCaseName.utf8Start
  for index in 0..<count where asciiUppercased(bytes[bytes.startIndex + index]) != expected[index] {
    return false
  }
  return true
}
