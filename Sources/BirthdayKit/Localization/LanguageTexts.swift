/// The words of one language for the events bdconvert writes: one value per language, in
/// `Catalog/` (one file each, every string with a comment on its meaning).
///
/// Texts are event text templates (`{name}`, `{label}`, see ``EventTextTemplate``) or the
/// catalog's own placeholders, filled before a text becomes a template: `{title}` and `{when}`
/// in ``before``, `{days}` in ``inDays``. Every text must be grammatical for any name, so the
/// name is never inflected: a colon ("Geburtstag: Anna"), a possessive particle that does not
/// change with the name (Chinese 的, Japanese の, Korean 의), or a construction that takes the
/// name as it is ("In Erinnerung an Anna"). `docs/languages.md` says which form each language
/// uses and why.
package struct LanguageTexts: Sendable {
  /// The title of a birthday event.
  package var birthdayTitle: String
  /// The title of an anniversary event.
  package var anniversaryTitle: String
  /// The title of a day of remembrance (`--memorials`).
  package var memorialTitle: String
  /// The title of an other date (`--other-dates`), `{label}` its label.
  package var otherTitle: String
  /// The reminder on the day of a birthday.
  package var birthdayToday: String
  /// The reminder on the day of an anniversary.
  package var anniversaryToday: String
  /// The reminder on a day of remembrance.
  package var memorialToday: String
  /// The reminder on the day of an other date.
  package var otherToday: String
  /// A reminder before the day: `{title}` the event's title, `{when}` ``tomorrow`` or
  /// ``inDays``.
  package var before: String
  /// When the day is tomorrow.
  package var tomorrow: String
  /// When the day is `{days}` days away (2 or more).
  package var inDays: PluralText
  /// What comes before the date of birth in the event's description.
  package var born: String
  /// What comes before the date an anniversary or other date counts from.
  package var since: String
  /// What comes before the date of death in a memorial's description.
  package var died: String
  /// The names of the other calendars, in the description of a date kept in one:
  /// Chinese (lunisolar), Korean (lunisolar), Hebrew, Hijri (Islamic), Persian (Solar Hijri).
  package var chineseCalendar: String
  package var koreanCalendar: String
  package var hebrewCalendar: String
  package var islamicCalendar: String
  package var persianCalendar: String
  /// `upcoming`'s words (its human output; its JSON is the same in every language): when the
  /// day is today (``tomorrow`` and ``inDays`` say the rest),
  package var today: String
  /// the headings of its table on a terminal (DATE DAY WHEN NAME AGE KIND in English),
  package var dateHeading: String
  package var dayHeading: String
  package var whenHeading: String
  package var nameHeading: String
  package var ageHeading: String
  package var kindHeading: String
  /// and the kinds of day in its KIND column (an other date shows its label instead).
  package var birthdayKind: String
  package var anniversaryKind: String
  package var memorialKind: String
  package var otherKind: String

  /// Every text with the placeholders it must have, for the catalog's test and review: the
  /// name in every title and reminder, the label in the other dates', `{title}` and `{when}`
  /// in ``before``.
  package var placeholderRequirements: [(field: String, text: String, placeholders: [String])] {
    [
      ("birthdayTitle", birthdayTitle, ["{name}"]),
      ("anniversaryTitle", anniversaryTitle, ["{name}"]),
      ("memorialTitle", memorialTitle, ["{name}"]),
      ("otherTitle", otherTitle, ["{label}", "{name}"]),
      ("birthdayToday", birthdayToday, ["{name}"]),
      ("anniversaryToday", anniversaryToday, ["{name}"]),
      ("memorialToday", memorialToday, ["{name}"]),
      ("otherToday", otherToday, ["{label}", "{name}"]),
      ("before", before, ["{title}", "{when}"]),
      ("tomorrow", tomorrow, []),
      ("inDays.other", inDays.forms[.other] ?? "", ["{days}"]),
      ("born", born, []),
      ("since", since, []),
      ("died", died, []),
      ("chineseCalendar", chineseCalendar, []),
      ("koreanCalendar", koreanCalendar, []),
      ("hebrewCalendar", hebrewCalendar, []),
      ("islamicCalendar", islamicCalendar, []),
      ("persianCalendar", persianCalendar, []),
      ("today", today, []),
      ("dateHeading", dateHeading, []),
      ("dayHeading", dayHeading, []),
      ("whenHeading", whenHeading, []),
      ("nameHeading", nameHeading, []),
      ("ageHeading", ageHeading, []),
      ("kindHeading", kindHeading, []),
      ("birthdayKind", birthdayKind, []),
      ("anniversaryKind", anniversaryKind, []),
      ("memorialKind", memorialKind, []),
      ("otherKind", otherKind, []),
    ]
  }
}
