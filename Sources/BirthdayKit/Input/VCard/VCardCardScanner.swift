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
  /// The card was reset when the last card ended and nothing has touched it since (outside a
  /// card only a `BEGIN:VCARD` does): the next `BEGIN:VCARD` needs only its location.
  private var cardIsReset = true
  /// The contacts of the cards that the last line ended, until ``takeContact()``.
  private var finishedContacts: [Contact] = []
  /// Cards interrupted by a `BEGIN:VCARD` without `AGENT:` (vCard 2.1 nesting as Android writes
  /// it, or a missing `END:VCARD`), outermost first: the card, the cards already nested in it,
  /// and the line of that `BEGIN:VCARD`.
  private var outerCards: [(card: VCardCard, nested: [VCardCard], begin: Int)] = []
  /// Cards nested in the current card that have ended: written after it, so that properties of
  /// the current card after them are kept.
  private var nestedCards: [VCardCard] = []
  /// After a nested card ended, the line of its `BEGIN:VCARD`, until the outer card reads a
  /// property again: a `BEGIN:VCARD` or the end of the input then means that the outer card
  /// lacks its `END:VCARD` at that line.
  private var resumedAfterNestedAt: Int?
  /// The most cards nested in one card, and the deepest nesting, kept: beyond, a `BEGIN:VCARD`
  /// inside a card ends it as a missing `END:VCARD`, so memory stays bounded.
  static let nestingLimit = 8
  /// 0 outside cards, 1 in a card, more inside nested 2.1 `AGENT` cards.
  private var depth = 0
  /// A skipped property that may continue: `true` when its last line is a quoted-printable
  /// soft line break.
  private var skipping: (isQuotedPrintable: Bool, softBreak: Bool)?
  /// Inside a `PHOTO`/`LOGO`/`SOUND`/`KEY` value, whose lines are skipped unread.
  private var skippingBinary = false
  /// The last property was `AGENT:` with no value: a 2.1 nested card may follow.
  private var afterEmptyAgent = false
  private var sawCard = false
  private var inStrayText = false
  /// Text before the first `BEGIN:VCARD` (Tine 2.0's `ENCODING:UTF-8`, "Exported by …"): its
  /// first line, where it is, and how many bytes of it so far.
  private var preamble: (found: String, line: Int, bytes: Int)?
  /// A line inside a card without a colon, kept in case the next line continues it: a fold
  /// inside a property name or its parameters (`B` CRLF SPACE `DAY:1990-03-03`).
  private var nameFragment: (bytes: [UInt8], line: Int)?

  /// How much text before the first `BEGIN:VCARD` is skipped before the input is declared not
  /// a vCard file: generous for preambles, small against reading a large binary file to its end.
  static let preambleLimit = 64 * 1024

  init(fileName: String, report: @escaping DiagnosticHandler) {
    self.fileName = fileName
    self.report = report
    self.card = VCardCard(location: SourceLocation(file: fileName, line: 0))
  }

  /// True between a `BEGIN:VCARD` and its `END:VCARD`.
  var isInsideCard: Bool { depth > 0 }

  /// The contact finished by the last line given to ``consume(_:number:)``, once.
  mutating func takeContact() -> Contact? {
    // The last one moves out; removeFirst copied the contact and destroyed the original.
    finishedContacts.count > 1 ? finishedContacts.removeFirst() : finishedContacts.popLast()
  }

  /// Reads one physical line; returns true when the line ends a card, whose contact
  /// ``takeContact()`` then returns. (A flag rather than the contact keeps the per-line call
  /// through the generic line reader cheap.)
  /// - Throws: ``InputFormatError`` when the first non-blank line is not `BEGIN:VCARD`.
  mutating func consume(_ line: Span<UInt8>, number: Int) throws -> Bool {
    switch depth {
    case 0:
      try consumeOutsideCard(line, number: number)
      return false
    case 1:
      consumeInCard(line, number: number)
      return !finishedContacts.isEmpty
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
  /// - Throws: ``InputFormatError`` when the input had text but no `BEGIN:VCARD` at all.
  mutating func finish(lastLine: Int) throws -> [Contact] {
    if let preamble, !sawCard {
      throw InputFormatError(
        .vCardNotVCard(found: preamble.found),
        at: SourceLocation(file: fileName, line: preamble.line))
    }
    guard depth > 0 else { return [] }
    depth = 1  // a nested AGENT card cut off is part of its card
    // A card right after a nested one ended there; one cut off inside a nested card, here.
    let endedAfterNested = outerCards.isEmpty ? resumedAfterNestedAt : nil
    while !outerCards.isEmpty { closeCard(missingEndAt: nil) }
    closeCard(missingEndAt: endedAfterNested.map { ($0, true) } ?? (lastLine, false))
    defer { finishedContacts.removeAll() }
    return finishedContacts
  }

  private mutating func consumeOutsideCard(_ line: Span<UInt8>, number: Int) throws {
    if VCardBytes.isBlankLine(line) { return }
    if VCardBytes.isBeginVCardLine(line) {
      if !sawCard, let preamble {
        // Not a conversion failure: exporters write such lines, and no card is lost.
        report(
          Diagnostic(
            .vCardTextBeforeFirstCard(preamble.found),
            at: SourceLocation(file: fileName, line: preamble.line)))
      }
      sawCard = true
      inStrayText = false
      depth = 1
      if cardIsReset {
        card.relocate(SourceLocation(file: fileName, line: number))
        cardIsReset = false
      } else {
        card.reset(location: SourceLocation(file: fileName, line: number))
      }
      return
    }
    guard sawCard else {
      if preamble == nil {
        preamble = (VCardBytes.quoted(line, limit: 40), number, 0)
      }
      preamble?.bytes += line.count + 1
      if let preamble, preamble.bytes > Self.preambleLimit {
        throw InputFormatError(
          .vCardNotVCard(found: preamble.found),
          at: SourceLocation(file: fileName, line: preamble.line))
      }
      return
    }
    let found = VCardBytes.quoted(line, limit: 40)
    // A conversion failure: the lines may be a card whose BEGIN:VCARD was lost.
    if !inStrayText {
      inStrayText = true
      report(
        Diagnostic(.vCardTextOutsideCard(found), at: SourceLocation(file: fileName, line: number)))
    }
  }

  private mutating func consumeInNestedCard(_ line: Span<UInt8>) {
    if VCardBytes.isEndVCardLine(line) {
      depth -= 1
    } else if VCardBytes.isBeginVCardLine(line) || isAgentCardStart(line) {
      depth += 1
    }
  }

  private mutating func consumeInCard(_ line: Span<UInt8>, number: Int) {
    if let fragment = nameFragment.take(), !line.isEmpty, VCardBytes.isBlank(line[0]) {
      // Unfold (RFC 6350 §3.2: a line may be folded between any two octets) before the name
      // is recognised.
      var joined = fragment.bytes
      ByteKernel.append(line.extracting(1..<line.count), to: &joined)
      consumeProperty(joined.span, number: fragment.line)
      return
    }
    // A quoted-printable soft line break continues on the next line, whatever it starts with.
    if card.pending?.endsWithSoftBreak == true, !VCardBytes.isEndVCardLine(line) {
      card.continuePending(line, folded: false)
      return
    }
    if let state = skipping, state.softBreak, !VCardBytes.isEndVCardLine(line) {
      skipping = (true, VCardBytes.endsWith(line, VCardBytes.equals))
      return
    }
    if line.isEmpty {
      // Ends a 2.1 base64 block; otherwise an empty line means nothing.
      finishPending()
      skippingBinary = false
      return
    }
    if VCardBytes.isBlank(line[0]) {
      if skippingBinary { return }
      if card.pending != nil {
        card.continuePending(line, folded: true)
        return
      }
      if let state = skipping {
        skipping = (
          state.isQuotedPrintable,
          state.isQuotedPrintable && VCardBytes.endsWith(line, VCardBytes.equals)
        )
        return
      }
      // An indented property line: read it as if it were not indented.
      let trimmed = VCardBytes.trimmed(line)
      if trimmed.isEmpty { return }
      consumeProperty(line.extracting(trimmed), number: number)
      return
    }
    if skippingBinary, VCardBytes.isBase64Line(line) { return }
    skippingBinary = false
    finishPending()
    consumeProperty(line, number: number)
  }

  private mutating func consumeProperty(_ line: Span<UInt8>, number: Int) {
    guard let bounds = VCardPropertyLine.nameBounds(in: line) else {
      return keepNameFragment(line, number: number)
    }
    let name = VCardPropertyName(in: line, name: bounds.name)
    // Most lines are properties never read (TEL, EMAIL, ADR, NOTE…): skipped from their name,
    // without splitting the line or reading its parameters. Only a line ending in `=` (perhaps
    // a quoted-printable soft line break) needs them, and one without a colon may be a name
    // folded before its colon: those go the long way.
    let nameEnd = bounds.name.upperBound
    if name == .other, !VCardBytes.endsWith(line, VCardBytes.equals), nameEnd < line.count,
      line[nameEnd] == VCardBytes.colon
        || ByteKernel.firstIndex(
          of: VCardBytes.colon, in: line, from: nameEnd, to: line.count) != nil
    {
      resumedAfterNestedAt = nil
      afterEmptyAgent = false
      skipping = (false, false)
      return
    }
    let property = VCardPropertyLine(line, bounds)
    guard property.colon != nil else { return keepNameFragment(line, number: number) }
    if name != .begin {
      resumedAfterNestedAt = nil  // the outer card goes on after its nested card
      afterEmptyAgent =
        name == .agent && VCardBytes.trimmed(line, property.value(in: line)).isEmpty
    }
    switch name {
    case .begin:
      let agentBefore = afterEmptyAgent
      afterEmptyAgent = false
      guard isVCard(property.value(in: line), of: line) else { return }
      if agentBefore {
        depth += 1
        return
      }
      // Nested without AGENT (vCard 2.1 as Android writes it) or the previous card lacks its
      // END:VCARD: which one shows only after this card ends, so the current card waits.
      if let nestedEnd = resumedAfterNestedAt, outerCards.isEmpty {
        // Nothing of the outer card since its last nested card: it ended there.
        closeCard(missingEndAt: (nestedEnd, true))
      } else if outerCards.count >= Self.nestingLimit || nestedCards.count >= Self.nestingLimit {
        // Too deep or too many to be nesting: every open card lacks its END:VCARD.
        while !outerCards.isEmpty { closeCard(missingEndAt: nil) }
        closeCard(missingEndAt: (number, true))
      } else {
        finishPending()
        outerCards.append((card, nestedCards, number))
        nestedCards = []
        resumedAfterNestedAt = nil
        card = VCardCard(location: SourceLocation(file: fileName, line: number))
        return
      }
      depth = 1
      card.reset(location: SourceLocation(file: fileName, line: number))
    case .end:
      if isVCard(property.value(in: line), of: line) { closeCard(missingEndAt: nil) }
    case .agent where isCardStart(property.value(in: line), of: line):
      depth += 1
    case .binary:
      skippingBinary = true
    case .version:
      if card.version == nil {
        card.version = VCardVersion(value: line.extracting(property.value(in: line)))
      }
      skip(property, line)
    case .appleDate where property.group == nil, .appleLabel where property.group == nil:
      // Without a group there is no label to pair with.
      skip(property, line)
    case _ where card.wants(name):
      let isDate =
        name != .appleLabel && name != .formattedName && name != .name
        && name != .organization && name != .uid && name != .appleUID && name != .categories
        && name != .kind && name != .member
      card.startPending(
        name, line: number, column: (property.colon ?? line.count) + 2, in: line,
        group: property.group, parameters: property.parameters(in: line),
        firstLine: property.value(in: line),
        limit: isDate ? VCardCard.dateLimit : VCardCard.textLimit)
    default:
      skip(property, line)
    }
    return
  }

  /// A line inside a card without a colon: perhaps a name folded before its colon (a long line
  /// without a colon is not one).
  private mutating func keepNameFragment(_ line: Span<UInt8>, number: Int) {
    if line.count <= 256 {
      var bytes: [UInt8] = []
      ByteKernel.append(line, to: &bytes)
      nameFragment = (bytes, number)
    }
  }

  /// Skips a property; only whether it is quoted-printable matters, and only when its line ends
  /// in `=`.
  private mutating func skip(_ property: VCardPropertyLine, _ line: Span<UInt8>) {
    let softBreak =
      VCardBytes.endsWith(line, VCardBytes.equals) && property.isQuotedPrintable(in: line)
    skipping = (softBreak, softBreak)
  }

  private mutating func finishPending() {
    skipping = nil
    card.finishPending()
  }

  /// Ends the current card. A nested card waits in its outer card, which is read on; an
  /// outermost card's contact is finished, then those of the cards nested in it. With
  /// `missingEndAt`, the card lacks its `END:VCARD`: reported after the card's own diagnostics
  /// and before those of its nested cards, so diagnostics stay in line order.
  private mutating func closeCard(missingEndAt: (line: Int, newCardBegins: Bool)?) {
    finishPending()
    nameFragment = nil
    skippingBinary = false
    afterEmptyAgent = false
    if let outer = outerCards.popLast() {
      nestedCards = outer.nested + [card] + nestedCards
      card = outer.card
      resumedAfterNestedAt = outer.begin
      depth = 1
      return
    }
    finishedContacts.append(card.contact(report: report))
    if let missingEndAt {
      report(
        Diagnostic(
          .vCardMissingEnd(
            beginLine: card.location.line, newCardBegins: missingEndAt.newCardBegins),
          at: SourceLocation(file: fileName, line: missingEndAt.line)))
    }
    for nested in nestedCards { finishedContacts.append(nested.contact(report: report)) }
    nestedCards = []
    resumedAfterNestedAt = nil
    depth = 0
    card.reset(location: card.location)
    cardIsReset = true
  }

  /// True when `line[value]`, trimmed, is `VCARD` ignoring case.
  private func isVCard(_ value: Range<Int>, of line: Span<UInt8>) -> Bool {
    VCardBytes.equalsIgnoringCase(
      line.extracting(VCardBytes.trimmed(line, value)), VCardBytes.vcard)
  }

  /// True when `line[value]`, trimmed, is `BEGIN:VCARD` ignoring case.
  private func isCardStart(_ value: Range<Int>, of line: Span<UInt8>) -> Bool {
    VCardBytes.equalsIgnoringCase(
      line.extracting(VCardBytes.trimmed(line, value)), VCardBytes.beginVCard)
  }

  /// `AGENT:BEGIN:VCARD` on one line.
  private func isAgentCardStart(_ line: Span<UInt8>) -> Bool {
    guard let property = VCardPropertyLine(line), property.colon != nil,
      VCardPropertyName(in: line, name: property.name) == .agent
    else { return false }
    return isCardStart(property.value(in: line), of: line)
  }
}
