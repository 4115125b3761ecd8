/// The name of the person a celebration belongs to.
///
/// `formatted` is what calendars show; `given` and `family` are kept when the source has them
/// (vCard `N`, CSV first/last name columns) so that templates can say "Wish Jane Doe…".
/// All three are single-line, control-character-free text (see ``PersonName/init(formatted:given:family:)``).
public struct PersonName: Hashable, Sendable {
  /// The display name, never empty.
  public let formatted: String
  /// The given (first) name, if known.
  public let given: String?
  /// The family (last) name, if known.
  public let family: String?
  /// Whether a name-based UID is made from the parts given name first rather than from
  /// `formatted`: a CJK name built from its parts is shown family name first (李小龍) but keeps
  /// the UID it had when it was shown given name first ("小龍 李"), so that `sync` does not
  /// replace the events of those contacts. A flag, not that text: every copy of a name (of a
  /// contact, of a celebration) would retain and release one more string.
  private let identityIsGivenFirst: Bool

  /// Creates a name from untrusted text.
  ///
  /// Every part is cleaned with ``TextSanitizer/singleLine(_:)``: line breaks and other control
  /// characters become spaces, bidirectional overrides are dropped, runs of white space collapse.
  /// When `formatted` is empty after cleaning, it is built from `given` and `family`.
  /// Returns `nil` when no part holds any text.
  public init?(formatted: String?, given: String? = nil, family: String? = nil) {
    let given = given.flatMap(TextSanitizer.nonEmptySingleLine)
    let family = family.flatMap(TextSanitizer.nonEmptySingleLine)
    // The parts are joined only when needed (they are clean already).
    var identityIsGivenFirst = false
    let display =
      formatted.flatMap(TextSanitizer.nonEmptySingleLine)
      ?? {
        switch (given, family) {
        // 李 and 小龍 are 李小龍: CJK names are written family name first, with no space.
        case (let given?, let family?):
          guard Self.isCJK(family) && Self.isCJK(given) else { return Self.joined(given, family) }
          identityIsGivenFirst = true
          return Self.familyFirst(given, family)
        case (let part?, nil), (nil, let part?): return part
        case (nil, nil): return nil
        }
      }()
    guard let display else { return nil }
    self.formatted = display
    self.given = given
    self.family = family
    self.identityIsGivenFirst = identityIsGivenFirst
  }

  /// A name whose parts are already clean: each one that is given is non-empty and left as it
  /// is by ``TextSanitizer/singleLine(_:)`` (a reader checked its bytes with
  /// ``TextSanitizer/isSingleLine(_:)``). The same name as
  /// ``init(formatted:given:family:)`` without cleaning the parts again.
  init(singleLineFormatted formatted: String, given: String?, family: String?) {
    self.formatted = formatted
    self.given = given
    self.family = family
    self.identityIsGivenFirst = false
  }

  /// `given + " " + family`, written in one go: `+` would append twice, growing the string
  /// each time.
  private static func joined(_ given: String, _ family: String) -> String {
    var given = given
    var family = family
    return given.withUTF8 { first in
      family.withUTF8 { last in
        String(unsafeUninitializedCapacity: first.count + 1 + last.count) { buffer in
          _ = buffer.initialize(fromContentsOf: first)
          buffer[first.count] = 0x20
          _ = buffer[(first.count + 1)...].initialize(fromContentsOf: last)
          return buffer.count
        }
      }
    }
  }

  /// A key for identity: case-folded, Unicode-normalized, white space collapsed.
  ///
  /// Two exports of the same person ("Jane  Doe" and "jane doe") give the same key, so they get the
  /// same event UID.
  package var identityKey: String {
    TextSanitizer.identityKey(identitySource)
  }

  /// The text the identity key and a name-based UID are made from.
  package var identitySource: String {
    guard identityIsGivenFirst, let given, let family else { return formatted }
    return Self.joined(given, family)
  }
}
