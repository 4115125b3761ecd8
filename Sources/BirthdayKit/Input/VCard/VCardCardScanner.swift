/// The line-by-line state machine of ``VCardReader``: finds cards, unfolds their properties and
/// keeps the few a ``Contact`` needs.
///
/// One card is held at a time. Work per physical line is constant for skipped properties, and
/// kept values are capped, so no line length or number of continuation lines makes reading
/// quadratic or unbounded.
struct VCardCardScanner {
  /// Name used in locations.
  let fileName: String
  /// Where diagnostics go.
  let report: DiagnosticHandler

  /// The card being read (meaningful at depth 1 and more).
  private var card: VCardCard
  /// The contact of the card that the last line ended, until ``takeContact()``.
  private var finishedContact: Contact?
  /// 0 outside cards, 1 in a card, more inside nested 2.1 `AGENT` cards.
  private var depth = 0
  /// The kept property being read (it may continue on the next lines).
  private var pendingValue: VCardRawValue?
  private var pendingName: VCardPropertyName = .other
  /// A skipped property that may continue: `true` when its last line is a quoted-printable
  /// soft line break.
  private var skipping: (isQuotedPrintable: Bool, softBreak: Bool)?
  /// Inside a `PHOTO`/`LOGO`/`SOUND`/`KEY` value, whose lines are skipped unread.
  private var skippingBinary = false
  /// The last property was `AGENT:` with no value: a 2.1 nested card may follow.
  private var afterEmptyAgent = false
  private var sawCard = false
  private var inStrayText = false

  init(fileName: String, report: @escaping DiagnosticHandler) {
    self.fileName = fileName
    self.report = report
    self.card = VCardCard(location: SourceLocation(file: fileName, line: 0))
  }

  /// True between a `BEGIN:VCARD` and its `END:VCARD`.
  var isInsideCard: Bool { depth > 0 }

  /// The contact finished by the last line given to ``consume(_:number:)``, once.
  mutating func takeContact() -> Contact? {
    defer { finishedContact = nil }
    return finishedContact
  }

  /// Reads one physical line; returns true when the line ends a card, whose contact
  /// ``takeContact()`` then returns. (A flag rather than the contact keeps the per-line call
  /// through the generic line reader cheap.)
  /// - Throws: ``InputFormatError`` when the first non-blank line is not `BEGIN:VCARD`.
  mutating func consume(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws -> Bool {
    switch depth {
    case 0:
      try consumeOutsideCard(line, number: number)
      return false
    case 1:
      guard let contact = consumeInCard(line, number: number) else { return false }
      finishedContact = contact
      return true
    default:
      consumeInNestedCard(line)
      return false
    }
  }

  /// Ends the input; returns the card cut off by the end of the file, if any.
  ///
  /// A card without `END:VCARD` is still turned into a contact from what was read, because a
  /// truncated export usually loses only its tail; a diagnostic (a conversion failure, since
  /// later properties are lost) says so.
  mutating func finish(lastLine: Int) -> Contact? {
    guard depth > 0 else { return nil }
    let begin = card.location.line
    let contact = finishCard()
    report(
      Diagnostic(
        .vCardMissingEnd(beginLine: begin, newCardBegins: false),
        at: SourceLocation(file: fileName, line: lastLine)))
    return contact
  }

  private mutating func consumeOutsideCard(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws {
    if VCardBytes.isBlankLine(line) { return }
    if VCardBytes.isLine(line, VCardBytes.beginVCard) {
      sawCard = true
      inStrayText = false
      depth = 1
      card = VCardCard(location: SourceLocation(file: fileName, line: number))
      return
    }
    let found = VCardBytes.quoted(line, limit: 40)
    guard sawCard else {
      throw InputFormatError(
        .vCardNotVCard(found: found),
        at: SourceLocation(file: fileName, line: number))
    }
    // A conversion failure: the lines may be a card whose BEGIN:VCARD was lost.
    if !inStrayText {
      inStrayText = true
      report(
        Diagnostic(
          .vCardTextOutsideCard(found),
          at: SourceLocation(file: fileName, line: number)))
    }
  }

  private mutating func consumeInNestedCard(_ line: UnsafeBufferPointer<UInt8>) {
    if VCardBytes.isLine(line, VCardBytes.endVCard) {
      depth -= 1
    } else if VCardBytes.isLine(line, VCardBytes.beginVCard) || isAgentCardStart(line) {
      depth += 1
    }
  }

  private mutating func consumeInCard(_ line: UnsafeBufferPointer<UInt8>, number: Int) -> Contact? {
    // A quoted-printable soft line break continues on the next line, whatever it starts with.
    if pendingValue?.endsWithSoftBreak == true, !VCardBytes.isLine(line, VCardBytes.endVCard) {
      pendingValue?.appendContinuation(line, folded: false)
      return nil
    }
    if let state = skipping, state.softBreak, !VCardBytes.isLine(line, VCardBytes.endVCard) {
      skipping = (true, line.last == VCardBytes.equals)
      return nil
    }
    if line.isEmpty {
      // Ends a 2.1 base64 block; otherwise an empty line means nothing.
      finishPending()
      skippingBinary = false
      return nil
    }
    if VCardBytes.isBlank(line[0]) {
      if skippingBinary { return nil }
      if pendingValue != nil {
        pendingValue?.appendContinuation(line, folded: true)
        return nil
      }
      if let state = skipping {
        skipping = (
          state.isQuotedPrintable, state.isQuotedPrintable && line.last == VCardBytes.equals
        )
        return nil
      }
      // An indented property line: read it as if it were not indented.
      let trimmed = VCardBytes.trimmed(line)
      if trimmed.isEmpty { return nil }
      return consumeProperty(trimmed, number: number)
    }
    if skippingBinary, VCardBytes.isBase64Line(line) { return nil }
    skippingBinary = false
    finishPending()
    return consumeProperty(line, number: number)
  }

  private mutating func consumeProperty(_ line: UnsafeBufferPointer<UInt8>, number: Int) -> Contact?
  {
    guard let property = VCardPropertyLine(line), property.colon != nil else {
      return nil
    }
    let name = VCardPropertyName(UnsafeBufferPointer(rebasing: line[property.name]))
    if name != .begin {
      afterEmptyAgent =
        name == .agent && VCardBytes.trimmed(property.value(in: line)).isEmpty
    }
    switch name {
    case .begin:
      let agentBefore = afterEmptyAgent
      afterEmptyAgent = false
      guard
        VCardBytes.equalsIgnoringCase(
          VCardBytes.trimmed(property.value(in: line)), VCardBytes.vcard)
      else { return nil }
      if agentBefore {
        depth += 1
        return nil
      }
      // A new card without END:VCARD for this one: end it here rather than swallow the rest of
      // the file as a nested card.
      let begin = card.location.line
      let contact = finishCard()
      report(
        Diagnostic(
          .vCardMissingEnd(beginLine: begin, newCardBegins: true),
          at: SourceLocation(file: fileName, line: number)))
      depth = 1
      card = VCardCard(location: SourceLocation(file: fileName, line: number))
      return contact
    case .end:
      if VCardBytes.equalsIgnoringCase(
        VCardBytes.trimmed(property.value(in: line)), VCardBytes.vcard)
      {
        return finishCard()
      }
    case .agent where isCardStart(property.value(in: line)):
      depth += 1
    case .binary:
      skippingBinary = true
    case .version:
      if card.version == nil { card.version = VCardVersion(value: property.value(in: line)) }
      skip(property, line)
    case .appleDate where property.group == nil, .appleLabel where property.group == nil:
      // Without a group there is no label to pair with.
      skip(property, line)
    case _ where card.wants(name):
      let group = property.group.map { line[$0].map(VCardBytes.lowercased) }
      let isDate =
        name != .appleLabel && name != .formattedName && name != .name
        && name != .organization && name != .uid && name != .categories
      pendingName = name
      pendingValue = VCardRawValue(
        line: number, group: group, parameters: property.parameters(in: line),
        firstLine: property.value(in: line),
        limit: isDate ? VCardCard.dateLimit : VCardCard.textLimit)
    default:
      skip(property, line)
    }
    return nil
  }

  /// Skips a property; only whether it is quoted-printable matters, and only when its line ends
  /// in `=`.
  private mutating func skip(_ property: VCardPropertyLine, _ line: UnsafeBufferPointer<UInt8>) {
    let softBreak =
      line.last == VCardBytes.equals && property.parameters(in: line).isQuotedPrintable
    skipping = (softBreak, softBreak)
  }

  private mutating func finishPending() {
    skipping = nil
    guard let value = pendingValue.take() else { return }
    card.keep(value, as: pendingName)
  }

  private mutating func finishCard() -> Contact? {
    finishPending()
    skippingBinary = false
    afterEmptyAgent = false
    depth = 0
    defer { card = VCardCard(location: card.location) }
    return card.contact(report: report)
  }

  private func isCardStart(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    VCardBytes.equalsIgnoringCase(VCardBytes.trimmed(value), VCardBytes.beginVCard)
  }

  /// `AGENT:BEGIN:VCARD` on one line.
  private func isAgentCardStart(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let property = VCardPropertyLine(line), property.colon != nil,
      VCardPropertyName(UnsafeBufferPointer(rebasing: line[property.name])) == .agent
    else { return false }
    return isCardStart(property.value(in: line))
  }
}
