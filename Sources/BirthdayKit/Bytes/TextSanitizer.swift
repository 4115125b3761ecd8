import Foundation

/// Cleans untrusted text (names, labels, template values) before it reaches a calendar.
///
/// Escaping alone keeps a value inside its property; sanitizing also keeps what calendar apps show
/// honest: no control characters, no bidirectional overrides that reorder
/// what is displayed, no line breaks inside a name.
package enum TextSanitizer {
  /// Returns `text` on one line: line breaks (CR, LF, U+0085, U+2028, U+2029), TAB and other C0/C1
  /// control characters become spaces, bidirectional overrides and isolates (U+202A–U+202E,
  /// U+2066–U+2069) are dropped, runs of spaces collapse and the ends are trimmed.
  package static func singleLine(_ text: String) -> String {
    var text = text
    if text.withUTF8(isSingleLine) { return text }
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if isDroppedFormatting(scalar) { continue }
      if isSpaceLike(scalar) {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace {
        result.append(" ")
        pendingSpace = false
      }
      result.append(scalar)
    }
    return String(result)
  }

  @inline(__always)
  /// True when ``singleLine(_:)`` leaves the UTF-8 text `bytes` as it is (most names):
  /// printable text with single inner spaces. Multi-byte sequences that could be a control, a
  /// line or paragraph separator, a special space, a bidirectional control or a BOM make it
  /// false (conservatively, by their first bytes), as do leading or trailing spaces.
  package static func isSingleLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else {
      return bytes.isEmpty
    }
    var index = 0
    guard cleanASCIIPrefix(bytes, end: &index) else { return false }
    var previous: UInt8 = index > 0 ? bytes[index - 1] : 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        guard byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20) else {
          return false
        }
      } else if index + 1 < bytes.count {
        let next = bytes[index + 1]
        switch byte {
        case 0xC2 where next <= 0xA0: return false  // C1 controls, NEL, NBSP
        case 0xE1 where next == 0x9A: return false  // U+1680 ogham space
        case 0xE2 where next == 0x80 || next == 0x81: return false  // U+2000–U+206F
        case 0xE3 where next == 0x80: return false  // U+3000 ideographic space
        case 0xEF where next == 0xBB: return false  // U+FEFF
        default: break
        }
      }
      previous = byte
      index += 1
    }
    return true
  }

  /// ``isSingleLine(_:)-(UnsafeBufferPointer<UInt8>)`` on a span.
  package static func isSingleLine(_ bytes: Span<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer(isSingleLine)
  }

  /// Sets `end` to where the printable ASCII at the start of `bytes` stops (the rest is for a
  /// byte loop); `false` when two spaces in a row are in it, which ``singleLine(_:)`` changes.
  private static func cleanASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>, end: inout Int) -> Bool
  {
    // A byte at or above 0x80, below 0x20 or DEL ends the fast part.
    end =
      ByteKernel.firstIndex(
        of: ControlBytes().or(NonASCIIBytes()).or(OneByte(0x7F)), in: bytes, from: 0,
        to: bytes.count) ?? bytes.count
    let stop = end
    var single = true
    ByteKernel.forEachIndex(of: 0x20, in: bytes, from: 0, to: stop) { index in
      single = index + 1 == stop || bytes[index + 1] != 0x20
      return single
    }
    return single
  }

  /// ``singleLine(_:)``, or `nil` when nothing is left.
  package static func nonEmptySingleLine(_ text: String) -> String? {
    let line = singleLine(text)
    return line.isEmpty ? nil : line
  }

  /// A comparison key: NFC-normalized, lower-cased, on one line.
  package static func identityKey(_ text: String) -> String {
    var text = text
    // ASCII is already NFC, so the common case avoids Foundation's normalization.
    if let key = composedKey(text) { return key }
    let asciiKey: String? = text.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      var lastWasSpace = true
      var key: [UInt8] = []
      key.reserveCapacity(bytes.count)
      for byte in bytes {
        if byte == 0x20 {
          if !lastWasSpace { key.append(byte) }
          lastWasSpace = true
        } else {
          key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
          lastWasSpace = false
        }
      }
      if key.last == 0x20 { key.removeLast() }
      return String(decoding: key, as: UTF8.self)
    }
    return asciiKey ?? singleLine(text).precomposedStringWithCanonicalMapping.lowercased()
  }

  /// Calls `body` with the UTF-8 of ``identityKey(_:)`` in one or more pieces, without building
  /// strings for text that is already on one line and in ASCII or Latin-1 (most names).
  ///
  /// Those scalars are NFC as they are, and lower-casing them is an offset: A–Z by 0x20, and
  /// U+00C0–U+00DE (not U+00D7) by 0x20 in the second byte of their UTF-8.
  static func withIdentityKeyBytes(
    of text: String, _ body: (Span<UInt8>) -> Void
  ) {
    var text = text
    let handled = text.withUTF8 { bytes -> Bool in
      guard isCleanLatin1(bytes) else { return false }
      var chunk: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
      )
      withUnsafeMutableBytes(of: &chunk) { raw in
        let lowered = raw.bindMemory(to: UInt8.self)
        var offset = 0
        var afterC3 = false
        while offset < bytes.count {
          let length = min(lowered.count, bytes.count - offset)
          var start = 0
          if !afterC3, let source = bytes.baseAddress, let target = lowered.baseAddress {
            // ASCII eight bytes at a time: A–Z gain 0x20 (the high bit of each such byte, moved
            // to 0x20). Sums cannot carry between bytes below 0x80.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while start + 8 <= length {
              let word = UnsafeRawPointer(source + offset + start).loadUnaligned(as: UInt64.self)
              guard word & highs == 0 else { break }
              let upper = (word &+ ones &* (0x80 - 0x41)) & ~(word &+ ones &* (0x80 - 0x5B)) & highs
              UnsafeMutableRawPointer(target + start).storeBytes(
                of: word | upper >> 2, as: UInt64.self)
              start += 8
            }
          }
          for index in start..<length {
            var byte = bytes[offset + index]
            if afterC3 {
              if byte <= 0x9E && byte != 0x97 { byte |= 0x20 }
            } else if byte >= 0x41 && byte <= 0x5A {
              byte |= 0x20
            }
            afterC3 = byte == 0xC3
            lowered[index] = byte
          }
          body(UnsafeBufferPointer(rebasing: lowered[..<length]).span)
          offset += length
        }
      }
      return true
    }
    if !handled {
      var key = identityKey(text)
      key.withUTF8 { body($0.span) }
    }
  }

  /// Whether `bytes` is printable ASCII and Latin-1 (U+00A1–U+00FF) with single inner spaces and
  /// none at the ends: text that ``singleLine(_:)`` and NFC leave as it is.
  private static func isCleanLatin1(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else {
      return false
    }
    var index = 0
    guard cleanASCIIPrefix(bytes, end: &index) else { return false }
    var previous: UInt8 = index > 0 ? bytes[index - 1] : 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0xC2 || byte == 0xC3 {
        guard index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        guard next & 0xC0 == 0x80, byte == 0xC3 || next >= 0xA1 else { return false }
        index += 2
        previous = next
        continue
      }
      guard byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20) else { return false }
      previous = byte
      index += 1
    }
    return true
  }

  /// The key without Foundation for text whose scalars are all in ranges where every character
  /// is already in NFC and none combines (Latin-1 and Latin Extended, Greek letters without
  /// U+0374, U+037E and U+0387, which NFC replaces, Cyrillic, the Arabic letters without their
  /// marks, kana, CJK ideographs, Hangul syllables): there NFC changes nothing. `nil` sends
  /// other text to the full normalization.
  ///
  /// Lower-cased scalar by scalar, as `String.lowercased()` does, but only the scalars that
  /// change: `lowercased()` appends every scalar's mapping as a string, which costs far more
  /// per name.
  private static func composedKey(_ text: String) -> String? {
    let line = singleLine(text)
    var changes = false
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x0000..<0x0300, 0x0386, 0x0388...0x03FF, 0x0400...0x0482, 0x048A...0x052F,
        0x0621...0x064A, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
        if !changes {
          if scalar.value < 0x80 {
            changes = scalar.value &- 0x41 < 26
          } else if let lower = simpleLowercase(scalar.value) {
            changes = lower != scalar
          } else {
            changes = scalar.properties.changesWhenLowercased
          }
        }
      default:
        return nil
      }
    }
    guard changes else { return line }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(line.utf8.count + 8)
    for scalar in line.unicodeScalars {
      if scalar.value < 0x80 {
        let byte = UInt8(truncatingIfNeeded: scalar.value)
        bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
      } else if let lower = simpleLowercase(scalar.value) {
        UTF8.encode(lower) { bytes.append($0) }
      } else if scalar.properties.changesWhenLowercased {
        bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
      } else {
        UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The lower case of a scalar in the blocks that names mostly use beyond Latin-1, by offset:
  /// Greek, Cyrillic, kana, CJK ideographs, Hangul syllables and the Arabic letters (the last four
  /// have no case). `nil` for any other scalar: its Unicode properties tell (asking them for
  /// every letter is slow).
  private static func simpleLowercase(_ value: UInt32) -> Unicode.Scalar? {
    let lower: UInt32
    switch value {
    case 0x0391...0x03A1, 0x03A3...0x03AB, 0x0410...0x042F: lower = value + 0x20
    case 0x0400...0x040F: lower = value + 0x50
    case 0x0386: lower = 0x03AC
    case 0x0388...0x038A: lower = value + 0x25
    case 0x038C: lower = 0x03CC
    case 0x038E...0x038F: lower = value + 0x3F
    case 0x03AC...0x03CE, 0x0430...0x045F, 0x0621...0x064A, 0x3041...0x3096, 0x30A1...0x30FA,
      0x4E00...0x9FFF, 0xAC00...0xD7A3:
      lower = value
    default: return nil
    }
    return Unicode.Scalar(lower)
  }

  /// Returns multi-line text with every line break normalized to LF and every other control
  /// character removed, bidirectional overrides dropped. Used for DESCRIPTION-like
  /// values where a line break is legitimate and is then escaped as `\n`.
  package static func multiLine(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      if isDroppedFormatting(scalar) { continue }
      switch scalar.value {
      case 0x0A:
        if !previousWasCR { result.append("\n") }
      case 0x0D, 0x85, 0x2028, 0x2029:
        result.append("\n")
      case 0x09:
        result.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0:
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static func isSpaceLike(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x20, 0x7F...0xA0, 0x2028, 0x2029, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  private static func isDroppedFormatting(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
      return true
    default:
      return false
    }
  }
}
