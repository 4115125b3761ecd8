/// Turns a ``Contact`` into the ``Celebration``s it is worth, with the same rules for every input
/// format.
///
/// A contact yields its birthday, and its anniversaries when `includeAnniversaries` is set. A
/// contact with a date but no usable name yields nothing and a diagnostic; a contact without any
/// date yields nothing silently (most address-book entries have no birthday). Someone who has
/// died (`DEATHDATE`) gets no birthday or anniversary, only with `memorials` a remembrance event
/// on the date of death; contacts outside the chosen groups, or excluded, yield nothing.
package struct CelebrationBuilder: Sendable {
  /// Whether anniversaries become events (`--anniversaries`).
  package var includeAnniversaries: Bool
  /// Whether the deceased get a yearly remembrance event on the date of death (`--memorials`).
  package var memorials = false
  /// Whether other labelled dates become events, titled with their label (`--other-dates`).
  package var otherDates = false
  /// Only contacts in one of these groups (`--group`), compared ignoring case; empty for all.
  package var groups: [String] = [] {
    didSet { groupKeys = Set(groups.map { $0.lowercased() }) }
  }
  /// Groups that list their members on a group card (Apple's group vCards, vCard 4
  /// `KIND:group`): the group names of each member, by member UID. Filled from a first read of
  /// the address book with ``addGroupCard(_:)``, since a group card may follow its members.
  package private(set) var groupsByMember: [String: [String]] = [:]
  /// Contacts whose name or UID matches one of these patterns (`--exclude`) yield nothing.
  package var exclusions: [ExclusionPattern] = []
  private var groupKeys: Set<String> = []
  /// The Gregorian years in which dates kept in other calendars become events (`--years`).
  package var calendarYears = CelebrationBuilder.defaultCalendarYears(
    from: UTCTimestamp.now.date.year ?? 2026)
  /// Which Adar of a Hebrew leap year celebrates a date in Adar of a common year
  /// (`--hebrew-adar`).
  package var hebrewAdar = HebrewAdarRule.adar2
  /// The name of the file or server resource that holds the contact at a location, when it
  /// holds that contact alone (a vdir's `.vcf`, a CardDAV resource), else `nil`: `sync` keys a
  /// contact without a UID by it first (``ContactIdentityKey/Kind/resource``).
  package var resourceName: (@Sendable (SourceLocation) -> String?)?

  /// Why a contact with a date yields no event although nothing is wrong with it.
  package enum LeftOut: Sendable {
    /// Deceased, without `memorials` (or without a date of death).
    case deceased
    /// Not in the chosen groups, or excluded.
    case notChosen
  }

  /// Creates a builder.
  package init(includeAnniversaries: Bool = false) {
    self.includeAnniversaries = includeAnniversaries
  }

  /// Records the members of a group card (``Contact/isGroup``) under the card's name; other
  /// contacts are ignored.
  package mutating func addGroupCard(_ contact: Contact) {
    guard contact.isGroup, let name = contact.name?.formatted else { return }
    for member in contact.memberIdentifiers {
      groupsByMember[Self.memberKey(member), default: []].append(name)
    }
  }

  /// A member reference and a UID compare without `urn:uuid:` and ignoring case.
  static func memberKey(_ identifier: String) -> String {
    let lowered = identifier.lowercased()
    return lowered.hasPrefix("urn:uuid:") ? String(lowered.dropFirst(9)) : lowered
  }

  /// Why `contact` is left out, or `nil` when it is not.
  package func leftOutReason(of contact: Contact) -> LeftOut? {
    if contact.isGroup { return nil }  // a group card has no dates of its own
    if !groupKeys.isEmpty, !isInChosenGroup(contact) { return .notChosen }
    if !exclusions.isEmpty {
      let name = contact.name?.formatted
      if exclusions.contains(where: { pattern in
        name.map(pattern.matches) == true || contact.sourceIdentifier.map(pattern.matches) == true
      }) {
        return .notChosen
      }
    }
    if contact.isDeceased, !memorials || contact.deathDate == nil { return .deceased }
    return nil
  }

  private func isInChosenGroup(_ contact: Contact) -> Bool {
    if contact.groups.contains(where: { groupKeys.contains($0.lowercased()) }) { return true }
    guard !groupsByMember.isEmpty, let identifier = contact.sourceIdentifier,
      let names = groupsByMember[Self.memberKey(identifier)]
    else { return false }
    return names.contains { groupKeys.contains($0.lowercased()) }
  }

  /// The key written on a contact's events: its file's or resource's name when it has no UID and
  /// a file of its own, else what its record carries.
  func identityKey(of contact: Contact) -> ContactIdentityKey? {
    guard let resourceName, contact.sourceIdentifier == nil,
      let name = resourceName(contact.location)
    else { return contact.identityKey }
    return ContactIdentityKey(kind: .resource, value: name)
  }

  /// The celebrations of `contact`, birthday first, in the order found.
  /// - Parameter report: receives a diagnostic when a dated contact has no name.
  package func celebrations(
    of contact: Contact, record: RecordKind = .card, report: DiagnosticHandler
  ) -> [Celebration] {
    var found: [Celebration] = []
    // Each celebration is moved into the array: through ``forEachCelebration``'s borrowed
    // argument it was copied, retaining every string in it.
    forEachOwnedCelebration(of: contact, record: record, report: report) { celebration in
      found.append(celebration)
    }
    return found
  }

  /// Calls `body` with each of ``celebrations(of:record:report:)`` in turn, without an array
  /// (one allocation and a copy of each celebration less per contact on the parallel path).
  /// None is made for a contact left out (``leftOutReason(of:)``); a diagnostic goes to
  /// `report` before any celebration.
  func forEachCelebration(
    of contact: Contact, record: RecordKind = .card, report: DiagnosticHandler,
    _ body: (Celebration) -> Void
  ) {
    forEachOwnedCelebration(of: contact, record: record, report: report) { body($0) }
  }

  /// ``forEachCelebration(of:record:report:_:)`` handing each celebration over to `body`.
  private func forEachOwnedCelebration(
    of contact: Contact, record: RecordKind, report: DiagnosticHandler,
    _ body: (consuming Celebration) -> Void
  ) {
    if leftOutReason(of: contact) != nil { return }
    // Most contacts have a birthday and no other date: their one event is made directly. The
    // general path below built two arrays of tuples and copied the optional strings in them
    // through the runtime's generic value functions, for every contact.
    if !contact.isDeceased, let birthday = contact.birthday, !contact.hasCalendarDates,
      !includeAnniversaries || contact.anniversaries.isEmpty,
      !otherDates || contact.otherDates.isEmpty
    {
      guard let name = contact.name else {
        report(
          Diagnostic(
            .recordWithoutName(record, kind: .birthday, date: birthday), at: contact.location))
        return
      }
      body(
        Celebration(
          uuid: EventIdentity.uuid(
            kind: .birthday, sourceIdentifier: contact.sourceIdentifier, name: name,
            date: birthday),
          name: name, kind: .birthday, date: birthday, location: contact.location,
          identityKey: identityKey(of: contact)))
      return
    }
    var dates: [(CelebrationKind, CivilDate, String?)] = []
    if contact.isDeceased, let death = contact.deathDate {
      dates.append((.memorial, death, nil))
    } else {
      if let birthday = contact.birthday { dates.append((.birthday, birthday, nil)) }
      if includeAnniversaries {
        dates += contact.anniversaries.map { (.anniversary, $0, nil) }
      }
      if otherDates {
        dates += contact.otherDates.map { (.other, $0.date, $0.label) }
      }
    }
    guard !dates.isEmpty else {
      if !contact.isDeceased, contact.hasCalendarDates {
        forEachCalendarCelebration(of: contact, record: record, report: report) { body($0) }
      }
      return
    }
    guard let name = contact.name else {
      report(
        Diagnostic(
          .recordWithoutName(record, kind: dates[0].0, date: dates[0].1), at: contact.location))
      return
    }
    for (kind, date, label) in dates {
      body(
        Celebration(
          uuid: EventIdentity.uuid(
            kind: kind, sourceIdentifier: contact.sourceIdentifier, name: name, date: date,
            label: label),
          name: name, kind: kind, date: date, location: contact.location, label: label,
          identityKey: identityKey(of: contact)))
    }
    if !contact.isDeceased, contact.hasCalendarDates {
      forEachCalendarCelebration(of: contact, record: record, report: report) { body($0) }
    }
  }
}
