/// The properties of one card kept while it is read, and their conversion to a ``Contact``.
///
/// Only the properties a ``Contact`` needs are kept, raw (see ``VCardRawValue``); they are
/// decoded in ``contact(report:)`` once the card's `VERSION` is known, wherever it appeared.
struct VCardCard {
  /// The most date properties (`BDAY`, anniversaries, `X-ABDATE`) and labels kept per card.
  static let maximumDates = 64
  /// The most bytes kept of a name, `ORG` or `UID` value.
  static let textLimit = 16 * 1024
  /// The most bytes kept of a date value (anything longer is not a date).
  static let dateLimit = 256

  /// Where the card's `BEGIN:VCARD` is.
  private(set) var location: SourceLocation
  /// The bytes of the kept values.
  private(set) var storage = VCardValueStorage()
  /// The kept property being read (it may continue on the next lines), and its name.
  private(set) var pending: VCardRawValue?
  private var pendingName: VCardPropertyName = .other
  /// The first `VERSION` seen.
  var version: VCardVersion?
  var formattedName: VCardRawValue?
  var name: VCardRawValue?
  var organization: VCardRawValue?
  var uid: VCardRawValue?
  var appleUID: VCardRawValue?
  /// The first `EMAIL` and `TEL`, for a card without a UID (``ContactIdentityKey``).
  var email: VCardRawValue?
  var telephone: VCardRawValue?
  /// The first `DEATHDATE`.
  var deathDate: VCardRawValue?
  /// `CATEGORIES` values (each a comma-separated list), at most ``maximumDates``.
  private(set) var categories: [VCardRawValue] = []
  /// The first `KIND` (Apple's `X-ADDRESSBOOKSERVER-KIND`).
  var kind: VCardRawValue?
  /// `MEMBER` values of a group card, at most ``maximumMembers``.
  private(set) var members: [VCardRawValue] = []
  /// The most members kept of one group card.
  static let maximumMembers = 100_000
  /// `BDAY`, anniversary and grouped `X-ABDATE` values, in input order.
  private(set) var dates: [KeptDate] = []
  /// A kept date property. (A struct, not a tuple: an array of tuples of this size was copied
  /// and destroyed through the runtime's generic tuple functions.)
  struct KeptDate {
    var property: VCardPropertyName
    var value: VCardRawValue
  }
  /// Grouped `X-ABLABEL` values.
  private(set) var labels: [VCardRawValue] = []
  /// The line of the first date or label dropped over ``maximumDates``.
  private var firstDroppedLine: Int?

  init(location: SourceLocation) {
    self.location = location
  }

  /// Forgets the card, for the next one at `location`; the buffers keep their capacity.
  mutating func reset(location: SourceLocation) {
    self.location = location
    version = nil
    formattedName = nil
    name = nil
    organization = nil
    uid = nil
    appleUID = nil
    email = nil
    telephone = nil
    deathDate = nil
    kind = nil
    // (Most cards have none of these: emptying an empty array is not free.)
    if !categories.isEmpty { categories.removeAll(keepingCapacity: true) }
    if !members.isEmpty { members.removeAll(keepingCapacity: true) }
    if !dates.isEmpty { dates.removeAll(keepingCapacity: true) }
    if !labels.isEmpty { labels.removeAll(keepingCapacity: true) }
    firstDroppedLine = nil
    storage.removeAll()
    pending = nil
  }

  /// Moves a card just reset (``reset(location:)``) to `location`: the same as resetting it
  /// again there, without emptying what is already empty.
  mutating func relocate(_ location: SourceLocation) {
    self.location = location
  }

  /// Starts reading a value of `property` (one that ``wants(_:)``) from its first line.
  mutating func startPending(
    _ property: VCardPropertyName, line number: Int, column: Int, in line: Span<UInt8>,
    group: Range<Int>?, parameters: VCardParameters, firstLine: Range<Int>, limit: Int
  ) {
    finishPending()
    pendingName = property
    pending = storage.start(
      line: number, column: column, in: line, group: group, parameters: parameters,
      firstLine: firstLine, limit: limit)
  }

  /// Appends a continuation line to the pending value (see
  /// ``VCardValueStorage/appendContinuation(_:folded:to:)``).
  mutating func continuePending(_ line: Span<UInt8>, folded: Bool) {
    guard var value = pending else { return }
    storage.appendContinuation(line, folded: folded, to: &value)
    pending = value
  }

  /// Keeps the pending value, if any.
  mutating func finishPending() {
    guard let value = pending.take() else { return }
    keep(value, as: pendingName)
  }

  /// True when a value of `property` would be kept (names: only the first of each).
  @inline(__always)  // called for most lines: not inlined, the whole card was copied to call it
  func wants(_ property: VCardPropertyName) -> Bool {
    switch property {
    case .formattedName: formattedName == nil
    case .name: name == nil
    case .organization: organization == nil
    case .uid: uid == nil
    case .appleUID: appleUID == nil
    case .email: email == nil
    case .telephone: telephone == nil
    case .deathDate: deathDate == nil
    case .categories: categories.count < Self.maximumDates
    case .kind: kind == nil
    case .member: members.count < Self.maximumMembers
    case .birthday, .anniversary, .appleDate, .appleLabel, .androidCustom, .alternateBirthday:
      true
    default: false
    }
  }

  /// Keeps a finished value of `property`.
  private mutating func keep(_ value: VCardRawValue, as property: VCardPropertyName) {
    switch property {
    case .formattedName: formattedName = value
    case .name: name = value
    case .organization: organization = value
    case .uid: uid = value
    case .appleUID: appleUID = value
    case .email: email = value
    case .telephone: telephone = value
    case .deathDate: deathDate = value
    case .categories:
      guard categories.count < Self.maximumDates else { return noteDropped(value) }
      categories.append(value)
    case .kind: kind = value
    case .member: members.append(value)
    case .appleLabel:
      guard labels.count < Self.maximumDates else { return noteDropped(value) }
      labels.append(value)
    case .birthday, .anniversary, .appleDate, .androidCustom, .alternateBirthday:
      guard dates.count < Self.maximumDates else { return noteDropped(value) }
      dates.append(KeptDate(property: property, value: value))
    default: break
    }
  }

  private mutating func noteDropped(_ value: VCardRawValue) {
    if firstDroppedLine == nil { firstDroppedLine = value.line }
  }

  /// Decodes the kept values into a contact, reporting invalid dates and charset fallbacks in
  /// line order.
  func contact(report: DiagnosticHandler) -> Contact {
    var diagnostics: [Diagnostic] = []
    let version = self.version ?? .lenient

    let personName = personName(version: version, diagnostics: &diagnostics)
    let identifier = sourceIdentifier(version: version, diagnostics: &diagnostics)

    let (birthday, anniversaries, others) = resolveDates(
      version: version, diagnostics: &diagnostics)
    let calendarDates = resolveCalendarDates(version: version, diagnostics: &diagnostics)

    if let firstDroppedLine {
      diagnostics.append(
        Diagnostic(
          .vCardTooManyDates(maximum: Self.maximumDates),
          at: SourceLocation(file: location.file, line: firstDroppedLine)))
    }
    // Everything is computed before the contact is made: mutating it in branches made the
    // compiler copy the whole contact at each.
    var deathDay: CivilDate?
    if let deathDate {
      // Any DEATHDATE says the person has died; only a date gives a day of remembrance.
      deathDay = resolveDeathDate(deathDate, version: version)
    }
    var groups: [String] = []
    for value in categories {
      let bytes = decodedText(value, .categories, version, &diagnostics)
      for item in VCardText.components(bytes, separator: UInt8(ascii: ","), version: version) {
        let text = VCardText.unescaped(item, version: version)
        if let name = VCardText.nonBlankString(text).map(\.trimmingBlanks), !name.isEmpty {
          groups.append(name)
        }
      }
    }
    var isGroup = false
    if let kind {
      let text = VCardText.nonBlankString(decodedText(kind, .kind, version, &diagnostics))
      isGroup = text?.trimmingBlanks.lowercased() == "group"
    }
    var memberIdentifiers: [String] = []
    if isGroup {
      for value in members {
        let bytes = decodedText(value, .member, version, &diagnostics)
        if let member = VCardText.nonBlankString(bytes).map(\.trimmingBlanks), !member.isEmpty {
          memberIdentifiers.append(member)
        }
      }
    }
    // Reported once every value is decoded: CATEGORIES, KIND and MEMBER add diagnostics too.
    if !diagnostics.isEmpty {
      for diagnostic in diagnostics.enumerated().sorted(by: {
        ($0.element.location?.line ?? 0, $0.offset) < ($1.element.location?.line ?? 0, $1.offset)
      }) {
        report(diagnostic.element)
      }
    }
    // The member-wise initializer, every field at once: setting the rare ones afterwards, even
    // only in branches, cost two copies and two destructions of the whole contact per card.
    // A card without a UID of its own: what stays with the person across renames.
    var identityKey: ContactIdentityKey?
    if identifier == nil, email != nil || telephone != nil {
      func text(_ value: VCardRawValue?) -> [String] {
        value.map { [String(decoding: storage.unfolded($0, version), as: UTF8.self)] } ?? []
      }
      identityKey = ContactIdentityKey.first(emails: text(email), phones: text(telephone))
    }
    return Contact(
      sourceIdentifier: identifier, name: personName, birthday: birthday,
      anniversaries: anniversaries, location: location, isDeceased: deathDate != nil,
      deathDate: deathDay, groups: groups, isGroup: isGroup,
      memberIdentifiers: isGroup ? memberIdentifiers : [], otherDates: others,
      identityKey: identityKey, calendarBirthday: calendarDates.birthday,
      calendarAnniversaries: calendarDates.anniversaries)
  }

  /// The value unfolded, quoted-printable decoded and converted from its charset: valid UTF-8.
  ///
  /// Without a `CHARSET`, bytes that are not valid UTF-8 are read as Windows-1252, with a
  /// notice; a declared charset that cannot be decoded is named in its notice.
  func decodedText(
    _ value: VCardRawValue, _ property: VCardPropertyName, _ version: VCardVersion,
    _ diagnostics: inout [Diagnostic]
  ) -> ArraySlice<UInt8> {
    var bytes = storage.unfolded(value, version)
    if value.isTruncated {
      diagnostics.append(
        Diagnostic(
          .vCardValueTooLong(property: property.displayName, limit: value.limit),
          at: SourceLocation(file: location.file, line: value.line, column: value.column)))
    }
    // ASCII reads the same in every charset but the 7-bit ISO-2022 ones, which shift with ESC.
    if VCardText.isPlainASCII(bytes) { return bytes }
    if let charset = storage.parameters(of: value).charset {
      if let text = TextDecoding.decode(bytes, as: charset) { return Array(text.utf8)[...] }
      if case .other(let name) = charset {
        // Say which charset: "not valid UTF-8" would blame the file for what this system lacks.
        let (text, usedFallback) = TextDecoding.decodeUTF8OrWindows1252(bytes)
        diagnostics.append(
          Diagnostic(
            .vCardUndecodableCharset(
              property: property.displayName, charset: name, readAsWindows1252: usedFallback),
            at: SourceLocation(file: location.file, line: value.line, column: value.column)))
        return Array(text.utf8)[...]
      }
    }
    if !isValidUTF8(bytes.span) {
      bytes = Array(TextDecoding.decodeUTF8OrWindows1252(bytes).text.utf8)[...]
      diagnostics.append(
        Diagnostic(
          .vCardNotUTF8(property: property.displayName),
          at: SourceLocation(file: location.file, line: value.line, column: value.column)))
    }
    return bytes
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingBlanks: String {
    // ASCII without CR (nearly every UID): each byte is one Character, so trimming bytes trims
    // Characters. (CR LF is one Character, neither "\r" nor "\n"; a combining mark joins a
    // blank into a Character that is not blank.)
    var text = self
    text.makeContiguousUTF8()
    let bytes = text.utf8.span
    if !ByteKernel.contains(NonASCIIBytes().or(OneByte(0x0D)), in: bytes) {
      let trimmed = VCardText.trimmedBlanks(bytes)
      if trimmed.count == bytes.count { return self }
      return ByteKernel.string(decoding: bytes.extracting(trimmed))
    }
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isBlank($0) }),
      let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
