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
    singleLine(text).precomposedStringWithCanonicalMapping.lowercased()
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
