extension VCardCard {
  /// Apple's label for an anniversary date, compared ignoring case.
  private static let anniversaryLabel = Array("_$!<anniversary>!$_".utf8)

  /// One date property's value, read.
  private struct ParsedDate {
    var property: VCardPropertyName
    var line: Int
    var altID: [UInt8]?
    /// The date, or `nil` when the value is not a valid Gregorian date.
    var date: CivilDate?
    /// The unfolded value, for messages.
    var bytes: [UInt8]
    /// The value as written, for messages.
    var text: String { VCardBytes.quoted(bytes) }
  }

  /// The birthday and the anniversaries of the card (INTEROP E 7–11), with a diagnostic for each
  /// invalid value and a notice for each extra birthday.
  func resolveDates(
    version: VCardVersion, diagnostics: inout [Diagnostic]
  ) -> (birthday: CivilDate?, anniversaries: [CivilDate], others: [LabeledDate]) {
    var anniversaryGroups: [[UInt8]] = []
    var otherLabels: [(group: [UInt8], label: String)] = []
    for label in labels {
      let text = VCardText.unescaped(label.unfolded(version)[...], version: version)
      guard let group = label.group else { continue }
      if VCardBytes.equalsIgnoringCase(VCardBytes.trimmed(text), Self.anniversaryLabel) {
        anniversaryGroups.append(group)
      } else if let name = Self.labelText(text) {
        otherLabels.append((group, name))
      }
    }
    var others: [(label: String, date: ParsedDate)] = []
    var birthdays: [ParsedDate] = []
    var anniversaries: [ParsedDate] = []
    for (property, value) in dates {
      switch property {
      case .birthday:
        birthdays.append(parse(value, as: property, version: version))
      case .appleDate:
        guard let group = value.group else { continue }
        if anniversaryGroups.contains(group) {
          anniversaries.append(parse(value, as: property, version: version))
        } else if let label = otherLabels.first(where: { $0.group == group })?.label {
          others.append((label, parse(value, as: property, version: version)))
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
            at: SourceLocation(file: location.file, line: extra.line)))
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

  /// The text of an `X-ABLABEL`: Apple's built-in `_$!<Other>!$_` as `Other`, a custom label as
  /// written; `nil` when blank.
  static func labelText(_ bytes: [UInt8]) -> String? {
    var text = TextSanitizer.singleLine(String(decoding: VCardBytes.trimmed(bytes), as: UTF8.self))
    if text.hasPrefix("_$!<"), text.hasSuffix(">!$_"), text.count > 8 {
      text = String(text.dropFirst(4).dropLast(4))
    }
    return text.isEmpty ? nil : text
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
    let bytes = value.unfolded(version)
    var date: CivilDate?
    if !value.isTruncated, value.parameters.isGregorian, let parsed = DateValueParser.parse(bytes) {
      date = parsed
      if let year = parsed.year, year == 1604 || year == value.parameters.appleOmitYear {
        date = parsed.withoutYear
      }
    }
    return ParsedDate(
      property: property, line: value.line, altID: value.parameters.altID, date: date,
      bytes: bytes)
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

  private func invalid(_ entry: ParsedDate) -> Diagnostic {
    Diagnostic(
      .vCardInvalidDate(property: entry.property.displayName, value: entry.text),
      at: SourceLocation(file: location.file, line: entry.line))
  }
}
