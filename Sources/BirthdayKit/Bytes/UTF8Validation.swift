/// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
/// U+10FFFF), the bytes `String(decoding:as:)` keeps unchanged.
package func isValidUTF8(_ bytes: Span<UInt8>) -> Bool {
  var index = 0
  let count = bytes.count
  while index < count {
    // ASCII runs (most text is) are valid as they are: on to the next byte that is not.
    let lead = bytes[index]
    if lead < 0x80 {
      guard let next = ByteKernel.firstIndex(of: NonASCIIBytes(), in: bytes, from: index, to: count)
      else { return true }
      index = next
      continue
    }
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return false
    }
    guard count - index >= length, (low...high).contains(bytes[index + 1]) else { return false }
    for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { return false }
    index += length
  }
  return true
}

/// ``isValidUTF8(_:)-(Span<UInt8>)`` for the calendar editor's raw buffers.
package func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
  isValidUTF8(bytes.assumingMemoryBound(to: UInt8.self).span)
}
