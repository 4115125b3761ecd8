import Foundation

/// What an export carries that stays with a person when the name or a date changes: the name of
/// the contact's own file (a `.vcf` of a vdir folder given as a source, a CardDAV resource), else
/// the first e-mail address, else a phone number, else the export's own id of the entry
/// (Outlook's entry id, Google's photo/resource address). A vCard's `UID`, or Apple's `X-ABUID`
/// when it has none, makes the event's UID itself, which needs no key. `sync` writes it, hashed, on the events it writes
/// (``propertyName``), and pairs a removed event with an added one of the same key: a contact
/// without a UID, renamed and re-dated at once, is then one update (see ``SyncPairing``).
///
/// Only a hash is written: a calendar is often shared, and the address book's details must not
/// leak into it. The hash also covers the event's kind, so that a person's birthday and
/// anniversary keep keys of their own.
package struct ContactIdentityKey: Hashable, Sendable {
  /// Where the key comes from, which the plan names when it pairs by it.
  package enum Kind: UInt8, Sendable, CaseIterable {
    case resource, email, phone, entry

    /// The prefix of the property value.
    var prefix: String {
      switch self {
      case .resource: "file"
      case .email: "email"
      case .phone: "tel"
      case .entry: "id"
      }
    }

    /// How the plan says why two events were paired.
    var reason: String {
      switch self {
      case .resource: "same vCard file"
      case .email: "same e-mail address"
      case .phone: "same phone number"
      case .entry: "same contact id"
      }
    }
  }

  /// The property sync writes on its events: the kind's prefix, `-`, 20 hex digits of a SHA-1.
  static let propertyName = "X-BDCONVERT-KEY"

  package var kind: Kind
  /// The normalised value: a file or resource name as written, an e-mail address lower-cased, a
  /// phone number's digits, an id as written.
  package var value: String

  /// A key from raw cell or property values, tried in this order: the first e-mail address
  /// (several in one cell are separated by `:::`, `;` or `,`), the first phone number with at
  /// least five digits, the entry id. `nil` when none gives one.
  package static func first(emails: [String], phones: [String], entries: [String] = [])
    -> ContactIdentityKey?
  {
    for cell in emails {
      for part in cell.split(whereSeparator: { $0 == ":" || $0 == ";" || $0 == "," }) {
        let address = part.trimmingCharacters(in: .whitespaces).lowercased()
        if address.contains("@") { return ContactIdentityKey(kind: .email, value: address) }
      }
    }
    for cell in phones {
      for part in cell.split(whereSeparator: { $0 == ":" || $0 == ";" || $0 == "," }) {
        let digits = String(part.filter { $0.isASCII && $0.isNumber })
        if digits.count >= 5 { return ContactIdentityKey(kind: .phone, value: digits) }
      }
    }
    for cell in entries {
      let value = cell.trimmingCharacters(in: .whitespaces)
      if !value.isEmpty { return ContactIdentityKey(kind: .entry, value: value) }
    }
    return nil
  }

  /// The value of ``propertyName`` on an event of `kind`.
  func propertyValue(for kind: CelebrationKind) -> String {
    var sha = SHA1()
    sha.update(Array("\(kind.rawValue)\u{0}\(self.kind.prefix)\u{0}\(value)".utf8))
    let hex = sha.finalize().prefix(10).map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    return "\(self.kind.prefix)-\(hex)"
  }

  /// The kind named by a property value's prefix, or `nil`.
  static func kind(ofPropertyValue value: some StringProtocol) -> Kind? {
    guard let dash = value.firstIndex(of: "-") else { return nil }
    let prefix = value[..<dash]
    return Kind.allCases.first { $0.prefix == prefix }
  }
}
