/// How bdconvert names its events: a UUIDv5 in bdconvert's own namespace.
///
/// The UUID's name is, in order of preference:
/// - `uid:<kind>:<source identifier>` when the contact has one (vCard `UID`, a CSV `id` column);
/// - `name:<kind>:<identity key of the name>:<MM-DD>` otherwise.
///
/// Hashing keeps names, e-mail addresses and host names out of the calendar in clear (RFC 7986
/// §5.3) while the same contact always gets the same UID, whichever file or export it came from.
package enum EventIdentity {
  /// bdconvert's namespace UUID (random, fixed forever: changing it changes every UID).
  package static let namespace: NameBasedUUID = {
    guard let uuid = NameBasedUUID("3f1c2a9e-7b4d-4e8a-9c61-5d2f0b8e6a17") else {
      preconditionFailure("the namespace is written as a valid UUID")
    }
    return uuid
  }()

  /// The UID for one celebration of a contact.
  package static func uid(
    kind: CelebrationKind, sourceIdentifier: String?, name: PersonName, date: CivilDate
  ) -> String {
    uuid(kind: kind, sourceIdentifier: sourceIdentifier, name: name, date: date).description
  }

  /// The UID as a ``NameBasedUUID``: the UUID of ``uuidName(kind:sourceIdentifier:name:date:)``,
  /// hashed piece by piece so that no string is built for it.
  package static func uuid(
    kind: CelebrationKind, sourceIdentifier: String?, name: PersonName, date: CivilDate,
    label: String? = nil
  ) -> NameBasedUUID {
    if let identifier = sourceIdentifier.map(TextSanitizer.singleLine), !identifier.isEmpty {
      return NameBasedUUID(namespace: namespace) { sha in
        sha.update(Self.prefix(kind, uid: true))
        if kind == .other { Self.update(&sha, label: label) }
        var identifier = identifier
        identifier.withUTF8 { sha.update($0.span) }
      }
    }
    return NameBasedUUID(namespace: namespace) { sha in
      sha.update(Self.prefix(kind, uid: false))
      if kind == .other { Self.update(&sha, label: label) }
      TextSanitizer.withIdentityKeyBytes(of: name.formatted) { sha.update($0) }
      let monthDay: InlineArray<6, UInt8> = [
        UInt8(ascii: ":"), UInt8(ascii: "0") + UInt8(date.month / 10),
        UInt8(ascii: "0") + UInt8(date.month % 10), UInt8(ascii: "-"),
        UInt8(ascii: "0") + UInt8(date.day / 10), UInt8(ascii: "0") + UInt8(date.day % 10),
      ]
      sha.update(monthDay.span)
    }
  }

  /// The name hashed into the UID (exposed for tests and documentation).
  ///
  /// An other date's label (case folded) follows the kind: `name:other:graduation:jane doe:06-30`.
  package static func uuidName(
    kind: CelebrationKind, sourceIdentifier: String?, name: PersonName, date: CivilDate,
    label: String? = nil
  ) -> String {
    let kindPart = kind == .other ? "other:\((label ?? "").lowercased()):" : "\(kind.rawValue):"
    if let identifier = sourceIdentifier.map(TextSanitizer.singleLine), !identifier.isEmpty {
      return "uid:\(kindPart)\(identifier)"
    }
    return
      "name:\(kindPart)\(name.identityKey):\(twoDigits(date.month))-\(twoDigits(date.day))"
  }
}

extension EventIdentity {
  /// What the hash starts with: the kind, and whether a source UID or the name follows. The
  /// words of the first kinds never change (they would change every UID).
  fileprivate static func prefix(_ kind: CelebrationKind, uid: Bool) -> StaticString {
    switch (kind, uid) {
    case (.birthday, true): "uid:birthday:"
    case (.anniversary, true): "uid:anniversary:"
    case (.memorial, true): "uid:memorial:"
    case (.other, true): "uid:other:"
    case (.birthday, false): "name:birthday:"
    case (.anniversary, false): "name:anniversary:"
    case (.memorial, false): "name:memorial:"
    case (.other, false): "name:other:"
    }
  }

  /// An other date's label, case folded, then a separator: two labels of one person differ.
  fileprivate static func update(_ message: inout UUIDNameMessage, label: String?) {
    var folded = (label ?? "").lowercased()
    folded.withUTF8 { message.update($0.span) }
    message.update(":")
  }
}
