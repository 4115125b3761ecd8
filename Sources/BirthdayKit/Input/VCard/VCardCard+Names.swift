/// The card's name and identifier: `FN`, `N` (and `ORG` when there is no name), `UID` (and
/// Apple's `X-ABUID`).
///
/// Most values need no decoding: one line, no quoted-printable, no charset, valid UTF-8, no
/// escape. Their strings are made straight from the card's storage, and a name that is already
/// clean is not cleaned again; any other value takes the general path, which gives the same
/// strings.
extension VCardCard {
  /// The contact's name.
  func personName(
    version: VCardVersion, diagnostics: inout [Diagnostic]
  ) -> PersonName? {
    // nil: the value needs the general path.
    var formatted: String??
    var parts: (family: String?, given: String?, clean: Bool)?
    var isClean = true
    storage.bytes.withUnsafeBufferPointer { buffer in
      if let formattedName {
        if let bytes = verbatimText(formattedName, version, buffer),
          !bytes.contains(VCardBytes.backslash)
        {
          if VCardText.hasVisibleText(bytes) {
            formatted = .some(String(decoding: bytes, as: UTF8.self))
            isClean = TextSanitizer.isSingleLine(bytes)
          } else {
            formatted = .some(nil)
          }
        }
      } else {
        formatted = .some(nil)
      }
      if let name {
        if let bytes = verbatimText(name, version, buffer) {
          parts = Self.familyAndGiven(bytes, version: version)
        }
      } else {
        parts = (nil, nil, true)
      }
    }
    if case .some(let formatted?) = formatted, let parts, isClean, parts.clean {
      return PersonName(singleLineFormatted: formatted, given: parts.given, family: parts.family)
    }
    var text: String?
    if let known = formatted {
      text = known
    } else if let formattedName {
      text = VCardText.nonBlankString(
        VCardText.unescaped(
          decodedText(formattedName, .formattedName, version, &diagnostics), version: version))
    }
    var given: String?
    var family: String?
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
      if text == nil {
        // N is family;given;additional;prefix;suffix; people write prefix given additional family suffix.
        let ordered = [part(3), givenBytes, part(2), familyBytes, part(4)].compactMap { $0 }
        text =
          ordered.isEmpty
          ? nil : ordered.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
      }
    }
    if text == nil, let organization {
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
    func identifierText(_ value: VCardRawValue, _ property: VCardPropertyName) -> String? {
      let plain = storage.bytes.withUnsafeBufferPointer { buffer -> String?? in
        guard let bytes = verbatimText(value, version, buffer),
          !bytes.contains(where: { $0 == VCardBytes.backslash || $0 >= 0x80 || $0 == 0x0D })
        else { return nil }
        // ASCII without CR: each byte is one Character, so trimming bytes trims Characters.
        guard VCardText.hasVisibleText(bytes) else { return .some(nil) }
        return .some(String(decoding: VCardText.trimmingBlanks(bytes), as: UTF8.self))
      }
      if let plain { return plain }
      let bytes = VCardText.unescaped(
        decodedText(value, property, version, &diagnostics), version: version)
      return VCardText.nonBlankString(bytes).map(\.trimmingBlanks)
    }
    var identifier = uid.flatMap { identifierText($0, .uid) }
    if identifier == nil, let appleUID { identifier = identifierText(appleUID, .appleUID) }
    return identifier
  }

  /// The bytes of `value` when ``decodedText(_:_:_:_:)`` would return them unchanged and report
  /// nothing: not truncated, not quoted-printable, not folded (or 2.1, which keeps folds),
  /// ASCII without ESC, or valid UTF-8 without a charset. Still escaped.
  func verbatimText(
    _ value: VCardRawValue, _ version: VCardVersion, _ buffer: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8>? {
    guard !value.isTruncated, !value.isQuotedPrintable,
      value.folds.isEmpty || version.keepsFoldingWhitespace
    else { return nil }
    let bytes = UnsafeBufferPointer(rebasing: buffer[value.bytes])
    if VCardText.isPlainASCII(bytes) { return bytes }
    guard storage.parameters(of: value).charset == nil, isValidUTF8(UnsafeRawBufferPointer(bytes))
    else { return nil }
    return bytes
  }

  /// The family and given names of an `N` value that needs no decoding (see
  /// ``verbatimText(_:_:_:)``), as the general path makes them, and whether both are clean
  /// (``TextSanitizer/isSingleLine(_:)``); nil when the value has an escape or, but in 2.1, a
  /// comma (several values in a component).
  static func familyAndGiven(
    _ bytes: UnsafeBufferPointer<UInt8>, version: VCardVersion
  ) -> (family: String?, given: String?, clean: Bool)? {
    var semicolons = (first: bytes.count, second: bytes.count)
    var count = 0
    for index in bytes.indices {
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
      let part = UnsafeBufferPointer(rebasing: bytes[range])
      guard VCardText.hasVisibleText(part) else { return nil }
      if clean { clean = TextSanitizer.isSingleLine(part) }
      return String(decoding: part, as: UTF8.self)
    }
    let family = text(0..<semicolons.first)
    let given = text(min(semicolons.first + 1, bytes.count)..<semicolons.second)
    return (family, given, clean)
  }
}
