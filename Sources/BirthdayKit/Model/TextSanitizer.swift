import Foundation

/// Cleans untrusted text (names, labels, template values) before it reaches a calendar.
///
/// Escaping alone keeps a value inside its property; sanitizing also keeps what calendar apps show
/// honest: no control characters, no bidirectional overrides that reorder
/// what is displayed, no line breaks inside a name.
public enum TextSanitizer {
  /// Returns `text` on one line: line breaks (CR, LF, U+0085, U+2028, U+2029), TAB and other C0/C1
  /// control characters become spaces, bidirectional overrides and isolates (U+202A–U+202E,
  /// U+2066–U+2069) are dropped, runs of spaces collapse and the ends are trimmed.
  public static func singleLine(_ text: String) -> String {
    var text = text
    // Most names are printable ASCII with single inner spaces: nothing to change.
    let isClean = text.withUTF8 { bytes in
      guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else {
        return bytes.isEmpty
      }
      var previous: UInt8 = 0
      for byte in bytes {
        guard byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20) else { return false }
        previous = byte
      }
      return true
    }
    if isClean { return text }
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

  /// ``singleLine(_:)``, or `nil` when nothing is left.
  public static func nonEmptySingleLine(_ text: String) -> String? {
    let line = singleLine(text)
    return line.isEmpty ? nil : line
  }

  /// A comparison key: NFC-normalized, lower-cased, on one line.
  public static func identityKey(_ text: String) -> String {
    var text = text
    // ASCII is already NFC, so the common case avoids Foundation's normalization.
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

  /// Returns multi-line text with every line break normalized to LF and every other control
  /// character removed, bidirectional overrides dropped. Used for DESCRIPTION-like
  /// values where a line break is legitimate and is then escaped as `\n`.
  public static func multiLine(_ text: String) -> String {
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
