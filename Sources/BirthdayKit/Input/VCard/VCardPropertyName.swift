/// The vCard properties the reader acts on; every other property is skipped without decoding.
enum VCardPropertyName: Hashable, Sendable {
  case begin
  case end
  case version
  case formattedName
  case name
  case organization
  case uid
  case birthday
  /// `ANNIVERSARY` and its vendor forms; the payload is the upper-case name for messages.
  case anniversary(String)
  /// Apple's grouped `X-ABDATE`, an anniversary only when its group's label says so.
  case appleDate
  case appleLabel
  /// vCard 2.1 `AGENT`, whose value may be a nested card.
  case agent
  /// `PHOTO`, `LOGO`, `SOUND`, `KEY`: large base64 values that are skipped unread.
  case binary
  case other

  /// Classifies a property name (without its group), ignoring ASCII case.
  init(_ name: UnsafeBufferPointer<UInt8>) {
    for (spelling, property) in VCardPropertyName.table
    where VCardBytes.equalsIgnoringCase(name, spelling) {
      self = property
      return
    }
    self = .other
  }

  /// The upper-case name used in diagnostics.
  var displayName: String {
    switch self {
    case .birthday: "BDAY"
    case .anniversary(let name): name
    case .appleDate: "X-ABDATE"
    case .formattedName: "FN"
    case .name: "N"
    case .organization: "ORG"
    case .uid: "UID"
    case .appleLabel: "X-ABLABEL"
    default: "property"
    }
  }

  private static let spellings: [(String, VCardPropertyName)] = [
    ("tel", .other), ("email", .other), ("adr", .other),
    ("fn", .formattedName), ("n", .name), ("bday", .birthday), ("uid", .uid),
    ("org", .organization), ("version", .version), ("begin", .begin), ("end", .end),
    ("x-abdate", .appleDate), ("x-ablabel", .appleLabel),
    ("anniversary", .anniversary("ANNIVERSARY")), ("x-anniversary", .anniversary("X-ANNIVERSARY")),
    ("x-ms-anniversary", .anniversary("X-MS-ANNIVERSARY")),
    ("x-evolution-anniversary", .anniversary("X-EVOLUTION-ANNIVERSARY")),
    ("photo", .binary), ("logo", .binary), ("sound", .binary), ("key", .binary),
    ("agent", .agent),
  ]
  private static let table: [([UInt8], VCardPropertyName)] = spellings.map {
    (Array($0.0.utf8), $0.1)
  }
}
