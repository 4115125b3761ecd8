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
  /// `EMAIL` and `TEL`: a card without a UID keeps the first for ``ContactIdentityKey``.
  case email
  case telephone
  case birthday
  /// `ANNIVERSARY` and its vendor forms.
  case anniversary(VCardAnniversaryName)
  /// Apple's grouped `X-ABDATE`, an anniversary only when its group's label says so.
  case appleDate
  /// Android's `X-ANDROID-CUSTOM`: a contact-data row; an anniversary when it is a
  /// `contact_event` of type 1.
  case androidCustom
  case appleLabel
  /// Apple's `X-ALTBDAY;CALSCALE=…`: the birthday in another calendar.
  case alternateBirthday
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
  init(_ name: Span<UInt8>) {
    self.init(in: name, name: 0..<name.count)
  }

  /// Classifies the name at `name` in `line`, ignoring ASCII case. A name of up to eight bytes
  /// (nearly every line's) is loaded as one word, lower-cased in place and compared as one
  /// number.
  @inline(__always)
  init(in line: Span<UInt8>, name: Range<Int>) {
    let count = name.count
    guard count <= 8 else {
      self = Self.long(line.extracting(name))
      return
    }
    let word = ShortBytesKernel.word(in: line, at: name.lowerBound, count: count)
    self = Self.short(VCardBytes.lowercased(word: word), count: count)
  }

  /// A name of `count` bytes, at most eight, given as its lower-case bytes in a little-endian
  /// word (first byte lowest), zero above the name. The constants are the spellings' words
  /// (checked against ``spellings`` by the tests); the count tells `n` from `n` and a NUL.
  @inline(__always)
  private static func short(_ key: UInt64, count: Int) -> VCardPropertyName {
    switch count {
    case 1:
      switch key {
      case 0x6e: .name  // n
      default: .other
      }
    case 2:
      switch key {
      case 0x6e66: .formattedName  // fn
      default: .other
      }
    case 3:
      switch key {
      case 0x64_6975: .uid  // uid
      case 0x67_726f: .organization  // org
      case 0x64_6e65: .end  // end
      case 0x6c_6574: .telephone  // tel
      case 0x79_656b: .binary  // key
      default: .other
      }
    case 4:
      switch key {
      case 0x7961_6462: .birthday  // bday
      case 0x6f67_6f6c: .binary  // logo
      case 0x646e_696b: .kind  // kind
      default: .other
      }
    case 5:
      switch key {
      case 0x6e_6967_6562: .begin  // begin
      case 0x6f_746f_6870: .binary  // photo
      case 0x64_6e75_6f73: .binary  // sound
      case 0x74_6e65_6761: .agent  // agent
      case 0x6c_6961_6d65: .email  // email
      default: .other
      }
    case 6:
      switch key {
      case 0x7265_626d_656d: .member  // member
      default: .other
      }
    case 7:
      switch key {
      case 0x6e_6f69_7372_6576: .version  // version
      case 0x64_6975_6261_2d78: .appleUID  // x-abuid
      default: .other
      }
    case 8:
      switch key {
      case 0x6574_6164_6261_2d78: .appleDate  // x-abdate
      default: .other
      }
    default: .other
    }
  }

  /// A name of more than eight bytes: compared with the spellings as long as it.
  private static func long(_ name: Span<UInt8>) -> VCardPropertyName {
    let count = name.count
    guard count < table.count else { return .other }
    for candidate in table[count] where VCardBytes.equalsIgnoringCase(name, candidate.spelling) {
      return candidate.property
    }
    return .other
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
    case .email: "EMAIL"
    case .telephone: "TEL"
    case .appleLabel: "X-ABLABEL"
    case .alternateBirthday: "X-ALTBDAY"
    case .deathDate: "DEATHDATE"
    case .categories: "CATEGORIES"
    case .kind: "KIND"
    case .member: "MEMBER"
    default: "property"
    }
  }

  /// Every name read, lower-case.
  static let spellings: [(String, VCardPropertyName)] = [
    ("tel", .telephone), ("email", .email), ("adr", .other),
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
    ("x-addressbookserver-member", .member), ("x-altbday", .alternateBirthday),
  ]
  /// The spellings of more than eight bytes by length, so a name is compared only with names as
  /// long as it.
  private static let table: [[(spelling: [UInt8], property: VCardPropertyName)]] = {
    var table = Array(repeating: [([UInt8], VCardPropertyName)](), count: 32)
    for (spelling, property) in spellings where spelling.utf8.count > 8 {
      table[spelling.utf8.count].append((Array(spelling.utf8), property))
    }
    return table
  }()
}
