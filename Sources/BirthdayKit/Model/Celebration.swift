/// A date worth a yearly calendar event: the core model every reader feeds and the writer reads.
public struct Celebration: Hashable, Sendable {
  /// The event's UID: stable across runs, unique per person and kind (see ``EventIdentity``).
  public var uid: String {
    get {
      if let explicitUID { return explicitUID }
      guard let uuid else { preconditionFailure("a celebration has a UID or a UUID") }
      return uuid.description
    }
    set {
      uuid = NameBasedUUID(newValue)
      explicitUID = uuid?.description == newValue ? nil : newValue
    }
  }
  /// Whose day it is.
  public var name: PersonName
  /// Birthday or anniversary.
  public var kind: CelebrationKind
  /// The date, with the year when known.
  public var date: CivilDate
  /// Where the record came from, for diagnostics.
  public var location: SourceLocation?
  /// The label of an ``CelebrationKind/other`` date ("Graduation"), else `nil`.
  package var label: String?
  /// `uid` as a UUID when it is one (always for bdconvert's own UIDs): 16 bytes for duplicate
  /// detection instead of a string.
  private(set) var uuid: NameBasedUUID?
  /// `uid` when it is not the canonical form of `uuid`. bdconvert's own UIDs leave it `nil`, so
  /// no string is made per event: the writer prints the UUID's bytes directly.
  private var explicitUID: String?
  /// The contact's ``Contact/identityKey``, which `sync` writes (hashed) on the event.
  var identityKey: ContactIdentityKey? = nil
  /// For one occurrence of a date kept in another calendar (Chinese, Hebrew…), that date and the
  /// year celebrated; `nil` for a Gregorian date, which repeats yearly.
  package var calendarOccurrence: CalendarOccurrence? = nil

  /// The UUID whose canonical text is `uid`, if there is one.
  var canonicalUUID: NameBasedUUID? { explicitUID == nil ? uuid : nil }

  // No initializer here: the implicit member-wise one (every stored field, in order) is what the
  // two below call. An explicit one assigning every field made the compiler build the
  // celebration, copy it and destroy the original (as for `Contact`).
}

extension Celebration {
  /// Creates a celebration.
  public init(
    uid: String, name: PersonName, kind: CelebrationKind, date: CivilDate,
    location: SourceLocation? = nil, label: String? = nil
  ) {
    let uuid = NameBasedUUID(uid)
    self.init(
      name: name, kind: kind, date: date, location: location, label: label, uuid: uuid,
      explicitUID: uuid?.description == uid ? nil : uid)
  }

  init(
    uuid: NameBasedUUID, name: PersonName, kind: CelebrationKind, date: CivilDate,
    location: SourceLocation?, label: String? = nil, identityKey: ContactIdentityKey? = nil
  ) {
    self.init(
      name: name, kind: kind, date: date, location: location, label: label, uuid: uuid,
      explicitUID: nil, identityKey: identityKey)
  }
}
