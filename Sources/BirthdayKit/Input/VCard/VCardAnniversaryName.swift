/// The property names that hold an anniversary.
enum VCardAnniversaryName: String, Hashable, Sendable {
  case anniversary = "ANNIVERSARY"
  case xAnniversary = "X-ANNIVERSARY"
  case microsoft = "X-MS-ANNIVERSARY"
  case evolution = "X-EVOLUTION-ANNIVERSARY"
  /// KDE KAddressBook (KContacts).
  case kde = "X-KADDRESSBOOK-X-ANNIVERSARY"
}
