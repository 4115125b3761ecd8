/// A date worth a yearly calendar event: the core model every reader feeds and the writer reads.
public struct Celebration: Hashable, Sendable {
  /// The event's UID: stable across runs, unique per person and kind (see ``EventIdentity``).
  public var uid: String
  /// Whose day it is.
  public var name: PersonName
  /// Birthday or anniversary.
  public var kind: CelebrationKind
  /// The date, with the year when known.
  public var date: CivilDate
  /// Where the record came from, for diagnostics.
  public var location: SourceLocation?
  /// `uid` as a UUID when it is one (always for bdconvert's own UIDs): 16 bytes for duplicate
  /// detection instead of a string.
  let uuid: NameBasedUUID?

  /// Creates a celebration.
  public init(
    uid: String, name: PersonName, kind: CelebrationKind, date: CivilDate,
    location: SourceLocation? = nil
  ) {
    self.uid = uid
    self.name = name
    self.kind = kind
    self.date = date
    self.location = location
    self.uuid = NameBasedUUID(uid)
  }

  init(
    uuid: NameBasedUUID, name: PersonName, kind: CelebrationKind, date: CivilDate,
    location: SourceLocation?
  ) {
    self.uid = uuid.description
    self.uuid = uuid
    self.name = name
    self.kind = kind
    self.date = date
    self.location = location
  }
}
