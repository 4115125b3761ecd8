/// One address-book entry as a reader found it, before conversion to events.
///
/// Readers of every format (vCard, CSV) produce `Contact`s; ``CelebrationBuilder`` decides what
/// becomes an event, so vCard and CSV inputs follow exactly the same rules.
public struct Contact: Hashable, Sendable {
  /// The identifier the source gives the contact (vCard `UID`, a CSV `id` column), if any.
  public var sourceIdentifier: String?
  /// The contact's name, or `nil` when the record has none that can be shown.
  public var name: PersonName?
  /// The date of birth, if the record has a valid one.
  public var birthday: CivilDate?
  /// Anniversary dates, in the order found.
  public var anniversaries: [CivilDate]
  /// Where the record starts (the `BEGIN:VCARD` line, or the CSV row's first physical line).
  public var location: SourceLocation
  /// Whether the person has died (vCard 4 `DEATHDATE`, even one that is not a date).
  public var isDeceased: Bool
  /// The date of death, when `DEATHDATE` is a valid date.
  public var deathDate: CivilDate?
  /// The groups the contact is in: vCard `CATEGORIES`, Google's `Labels` and `Group
  /// Membership`, Outlook's `Categories`.
  package var groups: [String]
  /// Whether the card describes a group, not a person (vCard 4 `KIND:group`, Apple's
  /// `X-ADDRESSBOOKSERVER-KIND:group`); its members are ``memberIdentifiers``.
  package var isGroup: Bool
  /// The UIDs (often `urn:uuid:…`) of a group card's members, as written.
  package var memberIdentifiers: [String]
  /// Other dates with their labels ("Graduation"): Apple `X-ABDATE` with a label other than
  /// anniversary, Google CSV `Event N - Label` other than `Anniversary`.
  package var otherDates: [LabeledDate]
  /// What the export carries that stays with the person across renames (an e-mail address, a
  /// phone number, an entry id), when `sync` asked the reader for it.
  package var identityKey: ContactIdentityKey? = nil
  /// A birthday kept in another calendar: Apple's `X-ALTBDAY`, `BDAY` with a `CALSCALE`, a CSV
  /// birthday read with `--date-calendar` or a lunar-birthday column.
  package var calendarBirthday: CalendarDate? = nil
  /// Anniversaries kept in another calendar (`ANNIVERSARY` with a `CALSCALE`).
  package var calendarAnniversaries: [CalendarDate] = []

  // No initializer here: the implicit member-wise one (every field, in this order) is the vCard
  // reader's. An explicit one with every field made the compiler build the contact, copy it and
  // destroy the original for every card; the others, below, call it.
}

extension Contact {
  /// Creates a contact.
  public init(
    sourceIdentifier: String? = nil, name: PersonName?, birthday: CivilDate?,
    anniversaries: [CivilDate] = [], location: SourceLocation
  ) {
    self.init(
      sourceIdentifier: sourceIdentifier, name: name, birthday: birthday,
      anniversaries: anniversaries, location: location, groups: [], otherDates: [])
  }

  /// A contact with its groups and other dates, built in one expression: a reader that set them
  /// after ``init(sourceIdentifier:name:birthday:anniversaries:location:)`` got a copy of the
  /// whole contact and a destroyed original on return.
  init(
    sourceIdentifier: String?, name: PersonName?, birthday: CivilDate?,
    anniversaries: [CivilDate], location: SourceLocation, groups: [String],
    otherDates: [LabeledDate]
  ) {
    self.init(
      sourceIdentifier: sourceIdentifier, name: name, birthday: birthday,
      anniversaries: anniversaries, location: location, isDeceased: false, deathDate: nil,
      groups: groups, isGroup: false, memberIdentifiers: [], otherDates: otherDates)
  }
}
