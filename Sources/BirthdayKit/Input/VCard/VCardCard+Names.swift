/// The card's name and identifier: `FN`, `N` (and `ORG` when there is no name), `UID` (and
/// Apple's `X-ABUID`).
///
/// Most values decode without a notice: not truncated, ASCII or UTF-8 without a charset, and
/// without an escape. Their strings are made straight from the decoded bytes (the card's storage
/// itself when the value is one line and not quoted-printable), and a name already clean is not
/// cleaned again. Any other value takes the general path, which gives the same strings.
extension VCardCard {
  /// The contact's name.
  func personName(version: VCardVersion, diagnostics: inout [Diagnostic]) -> PersonName? {
    plainPersonName(version: version)
      ?? generalPersonName(version: version, diagnostics: &diagnostics)
  }

  /// The name when `FN` has visible text and `FN` and `N` decode without a notice, need no
  /// unescaping and are clean (``TextSanitizer/isSingleLine(_:)``); nil otherwise.
  func plainPersonName(version: VCardVersion) -> PersonName? {
    guard let formattedName else { return nil }
    var formatted: String?
    withPlainText(formattedName, version) { bytes in
      // (Clean text that is not empty has visible text: its first byte is not a space. A CR is
      // not clean: looking for it too costs nothing.)
      guard !bytes.isEmpty, !VCardText.containsBackslashOrCR(bytes),
        TextSanitizer.isSingleLine(bytes)
      else { return }
      formatted = VCardText.string(bytes)
    }
    guard let formatted else { return nil }
    var parts: (family: String?, given: String?)?
    if let name {
      withPlainText(name, version) {
        parts = Self.cleanFamilyAndGiven($0, version: version)
      }
    } else {
      parts = (nil, nil)
    }
    guard let parts else { return nil }
    return PersonName(singleLineFormatted: formatted, given: parts.given, family: parts.family)
  }

  /// The name as every value is read: decoded (with notices), unescaped, cleaned.
  func generalPersonName(
    version: VCardVersion, diagnostics: inout [Diagnostic]
  ) -> PersonName? {
    var text = formattedName.flatMap {
      VCardText.nonBlankString(
        VCardText.unescaped(
          decodedText($0, .formattedName, version, &diagnostics), version: version))
    }
    var given: String?
    var family: String?
    var isCJKPair = false
    if let name {
      let bytes = decodedText(name, .name, version, &diagnostics)
      let components = VCardText.components(
        bytes, separator: VCardBytes.semicolon, version: version)
      func part(_ index: Int) -> ArraySlice<UInt8>? {
        guard index < components.count else { return nil }
        let value = VCardText.joinedValues(components[index], version: version)
        return VCardText.hasVisibleText(value) ? value : nil
      }
      let familyBytes = part(0)
      let givenBytes = part(1)
      family = familyBytes.map { String(decoding: $0, as: UTF8.self) }
      given = givenBytes.map { String(decoding: $0, as: UTF8.self) }
      // 山田;太郎 is 山田太郎: CJK names are written family name first, with no space, which
      // PersonName does when it is given only the two parts.
      isCJKPair =
        given != nil && family != nil && part(2) == nil && part(3) == nil && part(4) == nil
        && PersonName.isCJK(family ?? "") && PersonName.isCJK(given ?? "")
      if text == nil, !isCJKPair {
        // N is family;given;additional;prefix;suffix; people write prefix given additional family suffix.
        let ordered = [part(3), givenBytes, part(2), familyBytes, part(4)].compactMap { $0 }
        text =
          ordered.isEmpty
          ? nil : ordered.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
      }
    }
    if text == nil, !isCJKPair, let organization {
      let bytes = decodedText(organization, .organization, version, &diagnostics)
      let first = VCardText.components(
        bytes, separator: VCardBytes.semicolon, version: version)[0]
      text = VCardText.nonBlankString(VCardText.unescaped(first, version: version))
    }
    return PersonName(formatted: text, given: given, family: family)
  }

  /// The identifier the card gives itself: `UID`, else Apple's `X-ABUID` (which keeps the
  /// event's UID when the name or date is corrected).
  func sourceIdentifier(version: VCardVersion, diagnostics: inout [Diagnostic]) -> String? {
    // (Two plain steps rather than a loop over an array: that array copied both values.)
    var identifier = uid.flatMap { identifierText($0, .uid, version, &diagnostics) }
    if identifier == nil, let appleUID {
      identifier = identifierText(appleUID, .appleUID, version, &diagnostics)
    }
    return identifier
  }

  /// One identifier value, trimmed, or nil when it holds no visible text.
  func identifierText(
    _ value: VCardRawValue, _ property: VCardPropertyName, _ version: VCardVersion,
    _ diagnostics: inout [Diagnostic]
  ) -> String? {
    if let plain = plainIdentifierText(value, version) { return plain }
    return generalIdentifierText(value, property, version, &diagnostics)
  }

  /// ``identifierText(_:_:_:_:)`` of a value that decodes without a notice to ASCII without a
  /// backslash or CR (each byte one Character, so trimming bytes trims Characters); `.some(nil)`
  /// when it holds no visible text, nil when it needs the general path. The bytes are looked at
  /// once (``VCardText/trimmedPlainASCII(_:)``).
  func plainIdentifierText(_ value: VCardRawValue, _ version: VCardVersion) -> String?? {
    var result: String??
    withKeptText(value, version) { bytes in
      guard let bounds = VCardText.trimmedPlainASCII(bytes) else { return }
      // Visible bytes are not blanks: they are all in the trimmed bytes, most often first.
      guard !bounds.isEmpty,
        bytes[bounds.lowerBound] > 0x20 && bytes[bounds.lowerBound] != 0x7F
          || VCardText.hasVisibleText(bytes, bounds)
      else {
        result = .some(nil)
        return
      }
      result = .some(VCardText.string(bytes.extracting(bounds)))
    }
    return result
  }

  /// ``identifierText(_:_:_:_:)`` as every value is read: decoded (with notices), unescaped,
  /// trimmed.
  func generalIdentifierText(
    _ value: VCardRawValue, _ property: VCardPropertyName, _ version: VCardVersion,
    _ diagnostics: inout [Diagnostic]
  ) -> String? {
    let bytes = VCardText.unescaped(
      decodedText(value, property, version, &diagnostics), version: version)
    return VCardText.nonBlankString(bytes).map(\.trimmingBlanks)
  }

  /// Calls `body` with the bytes ``decodedText(_:_:_:_:)`` returns for `value` when it would
  /// return them without a notice: not truncated, and ASCII without ESC or valid
  /// UTF-8 without a charset. Does not call it otherwise. Still escaped.
  func withPlainText(
    _ value: VCardRawValue, _ version: VCardVersion,
    _ body: (Span<UInt8>) -> Void
  ) {
    withKeptText(value, version) { bytes in
      if VCardText.isPlainASCII(bytes) {
        body(bytes)
      } else if storage.parameters(of: value).charset == nil,
        isValidUTF8(bytes)
      {
        body(bytes)
      }
    }
  }

  /// Calls `body` with the bytes of `value` unfolded and quoted-printable decoded, when it is not
  /// truncated: what ``decodedText(_:_:_:_:)`` returns for ASCII without ESC. Does not call it
  /// otherwise. Still escaped.
  func withKeptText(
    _ value: VCardRawValue, _ version: VCardVersion, _ body: (Span<UInt8>) -> Void
  ) {
    guard !value.isTruncated else { return }
    if !value.isQuotedPrintable, value.folds.isEmpty || version.keepsFoldingWhitespace {
      // Unfolding and decoding change nothing: the bytes as kept.
      body(storage.bytes.span.extracting(value.bytes))
    } else {
      let unfolded = storage.unfolded(value, version)
      body(unfolded.span)
    }
  }

  /// The family and given names of an `N` value (decoded, see ``withPlainText(_:_:_:)``) as the
  /// general path makes them, when they are clean (``TextSanitizer/isSingleLine(_:)``) and the
  /// value has no escape nor, but in 2.1, a comma (several values in a component); nil otherwise.
  static func cleanFamilyAndGiven(
    _ bytes: Span<UInt8>, version: VCardVersion
  ) -> (family: String?, given: String?)? {
    var semicolons = (first: bytes.count, second: bytes.count)
    var count = 0
    for index in 0..<bytes.count {
      let byte = bytes[index]
      if byte == VCardBytes.backslash || byte == VCardBytes.comma && version != .v21 {
        return nil
      }
      if byte == VCardBytes.semicolon {
        if count == 0 {
          semicolons.first = index
        } else if count == 1 {
          semicolons.second = index
        }
        count += 1
      }
    }
    var clean = true
    func text(_ range: Range<Int>) -> String? {
      guard range.lowerBound < range.upperBound else { return nil }
      let part = bytes.extracting(range)
      // Clean text that is not empty has visible text: its first byte is not a space.
      if TextSanitizer.isSingleLine(part) { return VCardText.string(part) }
      if VCardText.hasVisibleText(bytes, range) { clean = false }
      return nil
    }
    let family = text(0..<semicolons.first)
    let given = text(min(semicolons.first + 1, bytes.count)..<semicolons.second)
    return clean ? (family, given) : nil
  }
}
