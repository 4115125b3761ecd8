import Foundation

#if canImport(CoreFoundation)
  import CoreFoundation
#endif

extension TextDecoding {
  /// Names whose Foundation conversion is known to be wrong on Linux (Mac Roman gives other
  /// letters): reported as not decodable rather than read as the wrong text.
  private static let unreliable: Set<String> = ["macintosh", "mac", "macroman", "x-mac-roman"]

  /// Decodes `bytes` in the charset named `name` through Foundation's IANA name table, or
  /// `nil` when the name is unknown, the system cannot convert it, or the bytes are not valid
  /// in it.
  ///
  /// Checked on Linux (swift-corelibs-foundation, Swift 6.3) against iconv's output: Shift_JIS,
  /// ISO-2022-JP, GB2312, GBK, GB18030, Big5, Big5-HKSCS, EUC-KR, CP949, KOI8-R, KOI8-U,
  /// ISO-8859-2 to -16, Windows-1250 to -1258, TIS-620, IBM866. EUC-JP is converted here
  /// (Foundation returns nothing for it on Linux). See `CharsetDecodingTests`.
  static func decode(_ bytes: [UInt8], declaredAs name: String) -> String? {
    let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
    if ["euc-jp", "eucjp", "x-euc-jp", "cseucpkdfmtjapanese"].contains(key) {
      return decodeEUCJP(bytes)
    }
    guard !unreliable.contains(key), let encoding = foundationEncoding(named: name) else {
      return nil
    }
    return String(data: Data(bytes), encoding: encoding)
  }

  /// The Foundation encoding of an IANA charset name, if Foundation knows the name.
  private static func foundationEncoding(named name: String) -> String.Encoding? {
    guard
      let cfName = CFStringCreateWithCString(nil, name, CFStringBuiltInEncodings.UTF8.rawValue)
    else { return nil }
    let cfEncoding = CFStringConvertIANACharSetNameToEncoding(cfName)
    guard cfEncoding != kCFStringEncodingInvalidId else { return nil }
    return String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(cfEncoding))
  }

  /// EUC-JP: ASCII, JIS X 0208 as byte pairs A1–FE (decoded as the same characters in
  /// ISO-2022-JP, which Foundation converts), and half-width katakana after 0x8E. JIS X 0212
  /// (after 0x8F) and malformed bytes give `nil`.
  static func decodeEUCJP(_ bytes: [UInt8]) -> String? {
    var result = String.UnicodeScalarView()
    var jis: [UInt8] = []
    func flushJIS() -> Bool {
      guard !jis.isEmpty else { return true }
      let iso2022 = [0x1B, 0x24, 0x42] + jis + [0x1B, 0x28, 0x42]  // ESC $ B … ESC ( B
      guard let text = String(data: Data(iso2022), encoding: .iso2022JP) else { return false }
      result.append(contentsOf: text.unicodeScalars)
      jis.removeAll(keepingCapacity: true)
      return true
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if byte < 0x80 {
        guard flushJIS() else { return nil }
        result.append(Unicode.Scalar(byte))
        index += 1
      } else if byte == 0x8E, (0xA1...0xDF).contains(next) {
        guard flushJIS() else { return nil }
        // Halfwidth katakana, U+FF61...U+FF9F.
        result.append(Unicode.Scalar(UInt16(0xFF61) + UInt16(next - 0xA1)) ?? "\u{FFFD}")
        index += 2
      } else if (0xA1...0xFE).contains(byte), (0xA1...0xFE).contains(next) {
        jis += [byte - 0x80, next - 0x80]
        index += 2
      } else {
        return nil
      }
    }
    guard flushJIS() else { return nil }
    return String(result)
  }
}
