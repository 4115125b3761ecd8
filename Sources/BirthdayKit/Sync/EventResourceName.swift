/// The name of the resource that holds one event in a folder (vdir) or on a server (CalDAV):
/// `<UID>.ics`, made safe for any UID.
///
/// The rule, the same for both targets so that a vdir synced to a server by vdirsyncer keeps its
/// names:
/// - ASCII letters, digits, `-`, `_`, `.` and `@` are kept as they are (every UUID, and most
///   `local@domain` UIDs, give their own name);
/// - every other byte of the UID's UTF-8 (`/`, `%`, spaces, control characters, non-ASCII) is
///   written `%XX` with upper-case hex, as in a URL, so no name holds a path separator and two
///   different UIDs never share a name;
/// - a leading `.` is written `%2E`, so no event file is hidden (and `.` or `..` cannot occur);
/// - a name that would be longer than 200 bytes (file systems allow 255) becomes the SHA-1 of the
///   UID in hex: `<40 hex digits>.ics`.
/// The result is a valid file name on every common file system and a valid URL path segment
/// without further escaping.
///
/// ```swift
/// EventResourceName.fileName(forUID: "a/b c")  // "a%2Fb%20c.ics"
/// ```
package enum EventResourceName {
  /// The longest name, extension included, written before falling back to the SHA-1 form.
  package static let maximumLength = 200

  /// The resource name for `uid`.
  package static func fileName(forUID uid: String) -> String {
    var name: [UInt8] = []
    name.reserveCapacity(uid.utf8.count + 4)
    let hex = Array("0123456789ABCDEF".utf8)
    for (index, byte) in uid.utf8.enumerated() {
      if isKept(byte), !(index == 0 && byte == UInt8(ascii: ".")) {
        name.append(byte)
      } else {
        name += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    name += Array(".ics".utf8)
    if name.count > maximumLength || uid.isEmpty {
      let lowerHex = Array("0123456789abcdef".utf8)
      name = SHA1.hash(uid.utf8).flatMap { [lowerHex[Int($0 >> 4)], lowerHex[Int($0 & 0x0F)]] }
      name += Array(".ics".utf8)
    }
    return String(decoding: name, as: UTF8.self)
  }

  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: "."), UInt8(ascii: "@"):
      return true
    default:
      return false
    }
  }
}
