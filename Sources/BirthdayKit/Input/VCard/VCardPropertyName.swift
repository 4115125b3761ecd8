/// The vCard properties the reader acts on; every other property is skipped without decoding.
enum VCardPropertyName: Hashable, Sendable {
  case begin
  case end
  case version
  case formattedName
  case name
  case organization
  case uid
  /// Apple's `X-ABUID`: the contact's stable id in Apple's address book, used when there is no
  /// `UID`.
  case appleUID
  case birthday
  /// `ANNIVERSARY` and its vendor forms.
  case anniversary(VCardAnniversaryName)
  /// Apple's grouped `X-ABDATE`, an anniversary only when its group's label says so.
  case appleDate
  /// Android's `X-ANDROID-CUSTOM`: a contact-data row; an anniversary when it is a
  /// `contact_event` of type 1.
  case androidCustom
  case appleLabel
  /// vCard 4 `DEATHDATE` (RFC 6474).
  case deathDate
  /// `CATEGORIES`: the contact's groups.
  case categories
  /// What the card describes: Apple's `X-ADDRESSBOOKSERVER-KIND` or vCard 4 `KIND` (`group`).
  case kind
  /// A member of a group card: Apple's `X-ADDRESSBOOKSERVER-MEMBER` or vCard 4 `MEMBER`.
  case member
  /// vCard 2.1 `AGENT`, whose value may be a nested card.
  case agent
  /// `PHOTO`, `LOGO`, `SOUND`, `KEY`: large base64 values that are skipped unread.
  case binary
  case other

  /// Classifies a property name (without its group), ignoring ASCII case.
  init(_ name: UnsafeBufferPointer<UInt8>) {
    let count = name.count
    if count < VCardPropertyName.table.count {
      let candidates = VCardPropertyName.table[count]
      if count <= 8 {
        // Names of up to eight bytes (nearly every line's) compare as one word each.
        let key = Self.key(name)
        for index in candidates.indices where candidates[index].key == key {
          self = candidates[index].property
          return
        }
      } else {
        for index in candidates.indices
        where VCardBytes.equalsIgnoringCase(name, candidates[index].spelling) {
          self = candidates[index].property
          return
        }
      }
    }
    self = .other
  }

  /// The bytes lower-cased (ASCII) in one word: for names of the same length up to eight bytes,
  /// equal words are equal names ignoring case.
  @inline(__always)
  private static func key<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var key: UInt64 = 0
    for byte in bytes { key = key << 8 | UInt64(VCardBytes.lowercased(byte)) }
    return key
  }

  /// The upper-case name used in diagnostics.
  var displayName: String {
    switch self {
    case .birthday: "BDAY"
    case .anniversary(let name): name.rawValue
    case .appleDate: "X-ABDATE"
    case .androidCustom: "X-ANDROID-CUSTOM"
    case .formattedName: "FN"
    case .name: "N"
    case .organization: "ORG"
    case .uid: "UID"
    case .appleUID: "X-ABUID"
    case .appleLabel: "X-ABLABEL"
    case .deathDate: "DEATHDATE"
    case .categories: "CATEGORIES"
    case .kind: "KIND"
    case .member: "MEMBER"
    default: "property"
    }
  }

  /// Every name read, lower-case.
  static let spellings: [(String, VCardPropertyName)] = [
    ("tel", .other), ("email", .other), ("adr", .other),
    ("fn", .formattedName), ("n", .name), ("bday", .birthday), ("uid", .uid),
    ("org", .organization), ("version", .version), ("begin", .begin), ("end", .end),
    ("x-abdate", .appleDate), ("x-ablabel", .appleLabel), ("x-abuid", .appleUID),
    ("anniversary", .anniversary(.anniversary)), ("x-anniversary", .anniversary(.xAnniversary)),
    ("x-ms-anniversary", .anniversary(.microsoft)),
    ("x-evolution-anniversary", .anniversary(.evolution)),
    ("x-kaddressbook-x-anniversary", .anniversary(.kde)), ("x-android-custom", .androidCustom),
    ("photo", .binary), ("logo", .binary), ("sound", .binary), ("key", .binary),
    ("agent", .agent), ("deathdate", .deathDate), ("categories", .categories),
    ("kind", .kind), ("x-addressbookserver-kind", .kind), ("member", .member),
    ("x-addressbookserver-member", .member),
  ]
  /// The spellings by length, so a name is compared only with names as long as it.
  private static let table: [[(spelling: [UInt8], key: UInt64, property: VCardPropertyName)]] = {
    var table = Array(repeating: [([UInt8], UInt64, VCardPropertyName)](), count: 32)
    for (spelling, property) in spellings {
      table[spelling.utf8.count].append((Array(spelling.utf8), key(spelling.utf8), property))
    }
    return table
  }()
}
