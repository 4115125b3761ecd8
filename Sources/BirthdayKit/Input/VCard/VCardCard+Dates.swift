extension VCardCard {
  /// Apple's label for an anniversary date, compared ignoring case.
  private static let anniversaryLabel = Array("_$!<anniversary>!$_".utf8)

  /// One date property's value, read.
  private struct ParsedDate {
    var property: VCardPropertyName
    var line: Int
    /// The value's column.
    var column: Int
    var altID: [UInt8]?
    /// The date, or `nil` when the value is not a valid Gregorian date.
    var date: CivilDate?
    /// The unfolded value, for messages.
    var bytes: ArraySlice<UInt8>
    /// The value as written, for messages.
    var text: String { VCardBytes.quoted(bytes) }
    /// The calendar `CALSCALE=` names, when not the Gregorian one.
    var otherCalendarScale: String?
  }

  /// The birthday and the anniversaries of the card (INTEROP E 7–11), with a diagnostic for each
  /// invalid value and a notice for each extra birthday.
  func resolveDates(
    version: VCardVersion, diagnostics: inout [Diagnostic]
  ) -> (birthday: CivilDate?, anniversaries: [CivilDate], others: [LabeledDate]) {
    // Most cards have one BDAY or no date at all: no lists to build.
    if labels.isEmpty, dates.count <= 1, dates.first?.property ?? .birthday == .birthday {
      guard let kept = dates.first, !isCalendarDate(kept) else { return (nil, [], []) }
      if let date = commonFormDate(kept.value) { return (date, [], []) }
      let entry = parse(kept.value, as: .birthday, version: version)
      if entry.date == nil { diagnostics.append(invalid(entry)) }
      return (entry.date, [], [])
    }
    var anniversaryGroups: [[UInt8]] = []
    var otherLabels: [(group: [UInt8], label: String)] = []
    for label in labels {
      let text = VCardText.unescaped(storage.unfolded(label, version), version: version)
      guard let group = storage.group(of: label).map(Array.init) else { continue }
      if VCardBytes.equalsIgnoringCase(VCardBytes.trimmed(text), Self.anniversaryLabel) {
        anniversaryGroups.append(group)
      } else if let name = Self.labelText(text) {
        otherLabels.append((group, name))
      }
    }
    var others: [(label: String, date: ParsedDate)] = []
    var birthdays: [ParsedDate] = []
    var anniversaries: [ParsedDate] = []
    for kept in dates where !isCalendarDate(kept) {
      let (property, value) = (kept.property, kept.value)
      switch property {
      case .birthday:
        birthdays.append(parse(value, as: property, version: version))
      case .appleDate:
        guard let group = storage.group(of: value).map(Array.init) else { continue }
        if anniversaryGroups.contains(group) {
          anniversaries.append(parse(value, as: property, version: version))
        } else if let label = otherLabels.first(where: { $0.group == group })?.label {
          others.append((label, parse(value, as: property, version: version)))
        }
      case .androidCustom:
        guard let event = Self.androidEvent(Array(storage.unfolded(value, version))) else {
          continue
        }
        let date = parse(event.date[...], of: value, as: property)
        if let label = event.otherLabel {
          others.append((label, date))
        } else {
          anniversaries.append(date)
        }
      default:
        anniversaries.append(parse(value, as: property, version: version))
      }
    }

    let validBirthdays = collapsed(birthdays, diagnostics: &diagnostics)
    if let first = validBirthdays.first {
      for extra in validBirthdays.dropFirst() {
        diagnostics.append(
          Diagnostic(
            .vCardSeveralBirthdays(using: first.text, ignoring: extra.text),
            at: SourceLocation(file: location.file, line: extra.line, column: extra.column)))
      }
    }
    var anniversaryDates: [CivilDate] = []
    for entry in collapsed(anniversaries, diagnostics: &diagnostics) {
      // sabre writes one anniversary as both X-ANNIVERSARY and X-ABDATE: keep it once.
      if let date = entry.date, !anniversaryDates.contains(date) { anniversaryDates.append(date) }
    }
    // Other dates are read only when asked for (--other-dates); an invalid one is not reported.
    let otherDates = others.compactMap { entry in
      entry.date.date.map { LabeledDate(label: entry.label, date: $0) }
    }
    return (validBirthdays.first?.date, anniversaryDates, otherDates)
  }

  /// The date of a value written plainly in a common form (``DateValueParser/parseCommonForm(_:)``):
  /// one physical line, not quoted-printable, no parameters (so Gregorian and no
  /// `X-APPLE-OMIT-YEAR`) and not the year 1604; `nil` for any other value, which ``parse``
  /// reads. Read from the card's bytes without unfolding, copying or a ``ParsedDate``.
  private func commonFormDate(_ value: VCardRawValue) -> CivilDate? {
    guard value.parameters < 0, !value.isQuotedPrintable, value.folds.isEmpty, !value.isTruncated
    else { return nil }
    let date = DateValueParser.parseCommonForm(storage.bytes.span.extracting(value.bytes))
    return date?.year == 1604 ? nil : date
  }

  /// The text of an `X-ABLABEL`: Apple's built-in `_$!<Other>!$_` as `Other`, a custom label as
  /// written; `nil` when blank.
  static func labelText(_ bytes: ArraySlice<UInt8>) -> String? {
    var text = TextSanitizer.singleLine(String(decoding: VCardBytes.trimmed(bytes), as: UTF8.self))
    if text.hasPrefix("_$!<"), text.hasSuffix(">!$_"), text.count > 8 {
      text = String(text.dropFirst(4).dropLast(4))
    }
    return text.isEmpty ? nil : text
  }

  /// Android's event types (`ContactsContract.CommonDataKinds.Event`): 1 is an anniversary,
  /// 2 "Other", 0 a custom label (the fourth field); 3 (birthday) is written as `BDAY` and not
  /// read here.
  private static let androidEventMimeType = Array("vnd.android.cursor.item/contact_event".utf8)

  /// The date of an `X-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;DATE;TYPE;LABEL;…`
  /// value, with the label of an "other" date (`nil` for an anniversary); `nil` for any other
  /// row.
  static func androidEvent(_ bytes: [UInt8]) -> (date: [UInt8], otherLabel: String?)? {
    let parts = bytes.split(
      separator: VCardBytes.semicolon, maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count >= 3, VCardBytes.equalsIgnoringCase(parts[0], Self.androidEventMimeType)
    else { return nil }
    switch VCardBytes.trimmed(parts[2]) {
    case [UInt8(ascii: "1")]: return (Array(parts[1]), nil)
    case [UInt8(ascii: "2")]: return (Array(parts[1]), "Other")
    case [UInt8(ascii: "0")]:
      let label = parts.count > 3 ? labelText(VCardText.unescaped(parts[3], version: .v21)) : nil
      return (Array(parts[1]), label ?? "Other")
    default: return nil
    }
  }

  /// The date of a `DEATHDATE` value, or `nil` when it is text ("unknown") or not a valid date.
  func resolveDeathDate(_ value: VCardRawValue, version: VCardVersion) -> CivilDate? {
    parse(value, as: .deathDate, version: version).date
  }

  /// Reads one date value: any form ``DateValueParser`` accepts, year 1604 or the
  /// `X-APPLE-OMIT-YEAR` year meaning "no year", Gregorian only.
  private func parse(
    _ value: VCardRawValue, as property: VCardPropertyName, version: VCardVersion
  ) -> ParsedDate {
    parse(storage.unfolded(value, version), of: value, as: property)
  }

  /// Reads `bytes`, the date of `value` (all of it, or a part of a compound value).
  private func parse(
    _ bytes: ArraySlice<UInt8>, of value: VCardRawValue, as property: VCardPropertyName
  ) -> ParsedDate {
    var date: CivilDate?
    let parameters = storage.parameters(of: value)
    if !value.isTruncated, parameters.isGregorian, let parsed = DateValueParser.parse(bytes) {
      date = parsed
      if let year = parsed.year, year == 1604 || year == parameters.appleOmitYear {
        date = parsed.withoutYear
      }
    }
    return ParsedDate(
      property: property, line: value.line, column: value.column, altID: parameters.altID,
      date: date, bytes: bytes, otherCalendarScale: parameters.otherCalendarScale)
  }

  /// One entry per date: values sharing an `ALTID` (RFC 6350 §5.4) are one date, the first that
  /// parses. A date none of whose values parse is reported, value by value, and left out.
  private func collapsed(
    _ entries: [ParsedDate], diagnostics: inout [Diagnostic]
  ) -> [ParsedDate] {
    if !entries.contains(where: { $0.altID != nil }) {
      // The common case: every value is its own date.
      for entry in entries where entry.date == nil { diagnostics.append(invalid(entry)) }
      return entries.filter { $0.date != nil }
    }
    var groups: [[ParsedDate]] = []
    var groupIndex: [[UInt8]: Int] = [:]
    for entry in entries {
      guard let altID = entry.altID else {
        groups.append([entry])
        continue
      }
      let key = Array(entry.property.displayName.utf8) + [0] + altID
      if let index = groupIndex[key] {
        groups[index].append(entry)
      } else {
        groupIndex[key] = groups.count
        groups.append([entry])
      }
    }
    var result: [ParsedDate] = []
    for group in groups {
      if let valid = group.first(where: { $0.date != nil }) {
        result.append(valid)
        continue
      }
      for entry in group { diagnostics.append(invalid(entry)) }
    }
    return result
  }

  /// Says what is wrong: the calendar scale, a day or month that does not exist, or the form.
  private func invalid(_ entry: ParsedDate) -> Diagnostic {
    let message: Diagnostic.Message =
      if let scale = entry.otherCalendarScale {
        .vCardUnsupportedCalendarScale(
          property: entry.property.displayName, value: entry.text, scale: scale)
      } else {
        .vCardInvalidDate(
          property: entry.property.displayName, value: entry.text,
          reason: DateProblem.reason(entry.bytes))
      }
    return Diagnostic(
      message, at: SourceLocation(file: location.file, line: entry.line, column: entry.column))
  }
}
