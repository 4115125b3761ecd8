/// The mark that says an event was written by `bdconvert sync` for one sync set:
/// `X-BDCONVERT-SET:NAME` in each of its components.
///
/// An `X-` property because RFC 5545 §3.8.8.2 requires every client and server to keep
/// properties it does not know (khal, Radicale and the large CalDAV servers do), so the mark
/// survives editing in a calendar app and a round trip through a server. Events without it, or
/// with another set's name, are never changed.
package enum SyncMarker {
  /// `X-BDCONVERT-SET`.
  package static let propertyName = "X-BDCONVERT-SET"

  /// `X-BDCONVERT-DIGEST`: what the event said when sync last wrote it (its ``EventDigest``, 32
  /// hex digits), so that a later sync can tell an event edited in a calendar app since then.
  /// Written only on events of one component (a master without overrides).
  package static let digestPropertyName = "X-BDCONVERT-DIGEST"

  /// The set used without `--set`.
  package static let defaultSet = "birthdays"

  /// Whether `name` can name a set: 1 to 64 ASCII letters, digits, `-`, `_` or `.`; nothing that
  /// would need escaping in a property value.
  package static func isValidSetName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
          UInt8(ascii: "."):
          return true
        default:
          return false
        }
      }
  }

  /// The set named by `component`'s marker, or `nil` when it has none.
  package static func set(of component: CalendarComponent) -> [UInt8]? {
    component.property(propertyName).map { line in
      var value = Array(line.value)
      while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
      return value
    }
  }

  /// `component`'s bytes with the marker of `set` and, for a replacement, `SEQUENCE` and
  /// `LAST-MODIFIED` after its `DTSTAMP` (after `UID` without one); the lines it already had for
  /// these are left out.
  /// - Parameters:
  ///   - sequence: the new `SEQUENCE`; 0 writes none (the default, RFC 5545 §3.8.7.4).
  ///   - lastModified: the `LAST-MODIFIED` time, or `nil` for none.
  package static func stamped(
    _ component: CalendarComponent, set: String, sequence: Int, lastModified: UTCTimestamp?
  ) -> [UInt8] {
    let added = addedLines(set: set, sequence: sequence, lastModified: lastModified)
    let anchor =
      component.lines.firstIndex { $0.depth == 2 && $0.kind == .property && $0.isNamed("DTSTAMP") }
      ?? component.lines.firstIndex { $0.depth == 2 && $0.kind == .property && $0.isNamed("UID") }
      ?? 0
    var bytes: [UInt8] = []
    for (index, line) in component.lines.enumerated() {
      let replaced =
        line.depth == 2 && line.kind == .property
        && (line.isNamed("SEQUENCE") || line.isNamed("LAST-MODIFIED") || line.isNamed(propertyName)
          || line.isNamed("X-BDCONVERT-DIGEST"))
      if !replaced { bytes += line.raw }
      if index == anchor { bytes += added }
    }
    return bytes
  }

  /// The lines ``stamped(_:set:sequence:lastModified:)`` adds.
  static func addedLines(
    set: String, sequence: Int, lastModified: UTCTimestamp?, digest: EventDigest? = nil
  ) -> [UInt8] {
    var added: [UInt8] = []
    if sequence > 0 { added += Array("SEQUENCE:\(sequence)\r\n".utf8) }
    if let lastModified { added += Array("LAST-MODIFIED:\(lastModified)\r\n".utf8) }
    added += Array("\(propertyName):\(set)\r\n".utf8)
    if let digest { added += Array("\(digestPropertyName):\(digest.hexText)\r\n".utf8) }
    return added
  }
}
