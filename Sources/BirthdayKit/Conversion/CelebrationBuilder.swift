/// Turns a ``Contact`` into the ``Celebration``s it is worth, with the same rules for every input
/// format.
///
/// A contact yields its birthday, and its anniversaries when `includeAnniversaries` is set. A
/// contact with a date but no usable name yields nothing and a diagnostic; a contact without any
/// date yields nothing silently (most address-book entries have no birthday).
public struct CelebrationBuilder: Sendable {
  /// Whether anniversaries become events (`--anniversaries`).
  public var includeAnniversaries: Bool

  /// Creates a builder.
  public init(includeAnniversaries: Bool = false) {
    self.includeAnniversaries = includeAnniversaries
  }

  /// The celebrations of `contact`, birthday first, in the order found.
  /// - Parameter report: receives a diagnostic when a dated contact has no name.
  public func celebrations(
    of contact: Contact, record: RecordKind = .card, report: DiagnosticHandler
  ) -> [Celebration] {
    var dates: [(CelebrationKind, CivilDate)] = []
    if let birthday = contact.birthday { dates.append((.birthday, birthday)) }
    if includeAnniversaries {
      dates += contact.anniversaries.map { (.anniversary, $0) }
    }
    guard !dates.isEmpty else { return [] }
    guard let name = contact.name else {
      report(
        Diagnostic(
          .recordWithoutName(record, kind: dates[0].0, date: dates[0].1), at: contact.location))
      return []
    }
    return dates.map { kind, date in
      Celebration(
        uuid: EventIdentity.uuid(
          kind: kind, sourceIdentifier: contact.sourceIdentifier, name: name, date: date),
        name: name, kind: kind, date: date, location: contact.location)
    }
  }
}
