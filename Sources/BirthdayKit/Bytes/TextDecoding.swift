/// Decodes the byte encodings address books are saved in: UTF-8, UTF-16, ISO-8859-1 and
/// Windows-1252 here, without Foundation; other declared charsets through Foundation
/// (`TextDecoding+Charsets.swift`).
package enum TextDecoding {
  /// A character set named by a vCard `CHARSET=` parameter or detected in a CSV file.
  package enum Charset: Hashable, Sendable {
    case utf8
    case isoLatin1
    case windows1252
    case utf16LittleEndian
    case utf16BigEndian
    /// Any other name, as written (`SHIFT_JIS`, `EUC-JP`, `GB18030`, `Big5`, `KOI8-R`,
    /// `ISO-8859-2`, …): decoded through Foundation where it can be, see ``decode(_:as:)``.
    case other(String)

    /// Recognizes a `CHARSET=` value, case-insensitively (`UTF-8`, `ISO-8859-1`, `latin1`,
    /// `Windows-1252`, `cp1252`, `UTF-16LE`, …). `US-ASCII` reads as UTF-8. Any other name of
    /// at most 40 characters is ``other(_:)``; `nil` for an empty or longer one.
    package init?(name: String) {
      switch name.lowercased().replacingOccurrences(of: "_", with: "-") {
      case "utf-8", "utf8", "us-ascii", "ascii": self = .utf8
      case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso-latin-1": self = .isoLatin1
      case "windows-1252", "cp1252", "win-1252", "x-cp1252", "ansi": self = .windows1252
      case "utf-16le", "utf16le": self = .utf16LittleEndian
      case "utf-16be", "utf16be", "utf-16", "utf16": self = .utf16BigEndian
      default:
        let name = TextSanitizer.singleLine(name)
        guard !name.isEmpty, name.count <= 40 else { return nil }
        self = .other(name)
      }
    }
  }

  /// Decodes `bytes` in `charset`; `nil` when they are not valid in it (every byte is valid in
  /// ISO-8859-1 and Windows-1252), or for an ``Charset/other(_:)`` charset that cannot be decoded
  /// on this system.
  package static func decode<Bytes: Collection>(_ bytes: Bytes, as charset: Charset) -> String?
  where Bytes.Element == UInt8 {
    switch charset {
    case .utf8:
      return String(validating: bytes, as: UTF8.self)
    case .isoLatin1:
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    case .windows1252:
      return String(String.UnicodeScalarView(bytes.map(windows1252Scalar)))
    case .utf16LittleEndian, .utf16BigEndian:
      guard bytes.count % 2 == 0 else { return nil }
      let array = Array(bytes)
      var units: [UInt16] = []
      units.reserveCapacity(array.count / 2)
      for index in stride(from: 0, to: array.count, by: 2) {
        let (low, high) =
          charset == .utf16LittleEndian
          ? (array[index], array[index + 1]) : (array[index + 1], array[index])
        units.append(UInt16(high) << 8 | UInt16(low))
      }
      return String(validating: units, as: UTF16.self)
    case .other(let name):
      return decode(Array(bytes), declaredAs: name)
    }
  }

  /// The UTF-16 byte order of input starting with `start`, and the length of its byte order
  /// mark (0 when there is none); `nil` when the input is not UTF-16.
  ///
  /// Without a mark, UTF-16 is recognised by the NUL byte of each of its first two characters,
  /// which ASCII text in UTF-16 has and 8-bit text never has: `B\0E\0` is little-endian,
  /// `\0B\0E` big-endian.
  package static func utf16ByteOrder<Bytes: Collection>(ofStart start: Bytes) -> (
    charset: Charset, byteOrderMarkLength: Int
  )? where Bytes.Element == UInt8 {
    let head = Array(start.prefix(4))
    if head.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
    if head.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
    guard head.count == 4 else { return nil }
    if head[0] != 0, head[1] == 0, head[2] != 0, head[3] == 0 { return (.utf16LittleEndian, 0) }
    if head[0] == 0, head[1] != 0, head[2] == 0, head[3] != 0 { return (.utf16BigEndian, 0) }
    return nil
  }

  /// Decodes UTF-8, falling back to Windows-1252 when the bytes are not valid UTF-8.
  /// - Returns: the text, and whether the fallback was used (callers warn about it).
  package static func decodeUTF8OrWindows1252<Bytes: Collection>(_ bytes: Bytes) -> (
    text: String, usedFallback: Bool
  ) where Bytes.Element == UInt8 {
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> String? in
      // Decoded once: `String(decoding:)` checks the bytes as it copies them and repairs what is
      // not UTF-8, so the bytes were UTF-8 exactly when the text is the same bytes. (Checking
      // for ASCII first, or `String(validating:)` on a buffer, goes over them again, the
      // latter through a slow generic path.)
      var text = String(decoding: buffer, as: UTF8.self)
      return text.withUTF8 { ByteKernel.equal($0.span, buffer.span) } ? text : nil
    }
    if let text = contiguous ?? String(validating: bytes, as: UTF8.self) { return (text, false) }
    return (String(String.UnicodeScalarView(bytes.map(windows1252Scalar))), true)
  }

  /// The text of `bytes` when they are valid UTF-8, else `nil`.
  package static func validUTF8String(_ bytes: Span<UInt8>) -> String? {
    do {
      return String(copying: try UTF8Span(validating: bytes))
    } catch {
      return nil
    }
  }

  /// ``decodeUTF8OrWindows1252(_:)-(Bytes)`` of a span.
  package static func decodeUTF8OrWindows1252(_ bytes: Span<UInt8>) -> (
    text: String, usedFallback: Bool
  ) {
    if let text = validUTF8String(bytes) { return (text, false) }
    var scalars = String.UnicodeScalarView()
    for index in bytes.indices { scalars.append(windows1252Scalar(bytes[index])) }
    return (String(scalars), true)
  }

  /// Windows-1252 differs from ISO-8859-1 only in 0x80–0x9F; its five undefined bytes map to
  /// the C1 controls of the same value (as the WHATWG encoding standard does).
  static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
    guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
    let table: [UInt32] = [
      0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
      0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
      0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
      0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
    return Unicode.Scalar(table[Int(byte) - 0x80]) ?? Unicode.Scalar(byte)
  }
}
