/// Which celebrations become events: one rule for `convert`, `sync` and `upcoming`, so that they
/// agree on what a set of address books holds.
///
/// - A celebration whose UID was already taken is a duplicate; the earlier one is kept (sources
///   count in the order given, records in file order).
/// - With several sources (``acrossSources``), one person in two of them is one event even when
///   one record has a UID and the other none (their UIDs differ): the same kind (and label), the
///   same name (its identity key: case, accents and spacing folded) and the same date, in
///   another file, is the same person, merged without a word, as is the same UID with the same
///   date (a backup). The same name or the same UID with another date in another file is merged
///   too, with a warning that names both dates and both places: the source given first wins.
///
/// Within one file, records of the same name with different UIDs stay apart (two people may
/// share a name, and a birthday).
///
/// Memory: the UIDs taken (about 23 bytes each); with several sources, three small records per
/// event more, for the messages that name the first one.
package struct CelebrationSelection {
  /// Where a celebration was first seen and its date, for a message naming both.
  private struct Seen {
    var date: CivilDate
    var file: Int32
    var line: Int32
  }

  // UUIDs go in a compact table; other UIDs (from library callers) in a set of strings.
  private var uuids = UUIDSet()
  private var otherUIDs = Set<String>()
  /// Whether people are matched across sources (more than one source).
  package let acrossSources: Bool
  private var files: [String] = []
  private var fileIndex: [String: Int32] = [:]
  private var byUID: [NameBasedUUID: Seen] = [:]
  private var byPerson: [NameBasedUUID: Seen] = [:]
  private var byName: [NameBasedUUID: Seen] = [:]

  /// A selection; `acrossSources` when more than one source is read.
  package init(acrossSources: Bool = false) {
    self.acrossSources = acrossSources
  }

  /// Whether `uuid` is taken for the first time (the converter's path for one source).
  mutating func isFirstUse(of uuid: NameBasedUUID) -> Bool {
    uuids.insert(uuid)
  }

  /// Whether `uid` (not a UUID) is taken for the first time.
  mutating func isFirstUse(ofOther uid: String) -> Bool {
    otherUIDs.insert(uid).inserted
  }

  /// What becomes of `celebration`.
  package enum Verdict {
    /// It is the first: it becomes an event.
    case first
    /// The same person as an earlier one: no event, nothing to say.
    case samePerson
    /// A duplicate: no event, and this says why.
    case duplicate(Diagnostic)
  }

  /// Decides whether `celebration` becomes an event.
  package mutating func admit(_ celebration: Celebration) -> Verdict {
    guard acrossSources else {
      let isFirst =
        celebration.uuid.map { uuids.insert($0) } ?? otherUIDs.insert(celebration.uid).inserted
      return isFirst ? .first : .duplicate(Self.duplicateUID(celebration))
    }
    let seen = Seen(
      date: celebration.date, file: file(of: celebration),
      line: Int32(clamping: celebration.location?.line ?? 0))
    let uid =
      celebration.uuid ?? NameBasedUUID(namespace: EventIdentity.namespace, name: celebration.uid)
    let person = EventIdentity.uuid(
      kind: celebration.kind, sourceIdentifier: nil, name: celebration.name,
      date: celebration.date, label: celebration.label)
    let name = Self.nameKey(celebration)
    if let first = byUID[uid] {
      // In one file, as with one source; a copy in another file (a backup) says something only
      // when its date differs.
      if first.file == seen.file { return .duplicate(Self.duplicateUID(celebration)) }
      if first.date == seen.date { return .samePerson }
      return .duplicate(duplicate(celebration, first: first, why: "the same UID"))
    }
    if let first = byPerson[person], first.file != seen.file {
      if first.date == seen.date || first.date.year == nil || seen.date.year == nil {
        return .samePerson
      }
      return .duplicate(duplicate(celebration, first: first, why: "the same name"))
    }
    if let first = byName[name], first.file != seen.file, first.date != seen.date {
      return .duplicate(duplicate(celebration, first: first, why: "the same name"))
    }
    byUID[uid] = seen
    if byPerson[person] == nil { byPerson[person] = seen }
    if byName[name] == nil { byName[name] = seen }
    return .first
  }

  private mutating func file(of celebration: Celebration) -> Int32 {
    let name = celebration.location?.file ?? ""
    if let index = fileIndex[name] { return index }
    let index = Int32(files.count)
    files.append(name)
    fileIndex[name] = index
    return index
  }

  /// The key of a name whatever the date: kind, label and the name's identity key.
  private static func nameKey(_ celebration: Celebration) -> NameBasedUUID {
    NameBasedUUID(
      namespace: EventIdentity.namespace,
      name: "person:\(celebration.kind.rawValue):\((celebration.label ?? "").lowercased()):"
        + celebration.name.identityKey)
  }

  /// The message for a second celebration of one UID (one source).
  static func duplicateUID(_ celebration: Celebration) -> Diagnostic {
    Diagnostic(.duplicateUID, isConversionFailure: false, at: celebration.location) {
      Diagnostic.Message.duplicateUID(
        celebration.uid, name: celebration.name.formatted, kind: celebration.kind
      ).text
    }
  }

  /// The message for a celebration that an earlier one of another place already gave: both
  /// dates, both places, and which one is kept.
  private func duplicate(_ celebration: Celebration, first: Seen, why: String) -> Diagnostic {
    let place = "\(files[Int(first.file)]):\(first.line)"
    let name = celebration.name.formatted
    let kind = celebration.kind
    let firstDate = first.date
    let date = celebration.date
    let file = celebration.location?.file ?? ""
    return Diagnostic(.duplicateUID, isConversionFailure: false, at: celebration.location) {
      Diagnostic.Message.samePerson(
        name: name, kind: kind, why: why, date: date, file: file, firstDate: firstDate,
        firstPlace: place
      ).text
    }
  }
}
