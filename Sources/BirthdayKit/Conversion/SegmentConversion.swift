/// What one thread made of one segment, in input order.
struct SegmentConversion: Sendable {
  enum Item: Sendable {
    case diagnostic(Diagnostic)
    case record(eventCount: Int, leftOut: CelebrationBuilder.LeftOut?)
    /// After a record that a diagnostic reported dropped data of: who it is, for `sync` (see
    /// ``ConversionStatistics/namesWithProblems``).
    case problem(name: PersonName?, location: SourceLocation)
    /// An index into `events` and `celebrations`.
    case event(Int)
  }
  /// What a commit needs of an event: its UID as a UUID, if it is one, and its bytes.
  struct RenderedEvent: Sendable {
    var uuid: NameBasedUUID?
    var range: Range<Int>
    var kind: CelebrationKind
    /// What the converter's observer made of its bytes, if there is one.
    var summary: RenderedEventNote?
  }
  var items: [Item] = []
  /// Whether reading the segment alone gave what a sequential read gives.
  var end = SegmentEnd.complete
  var events: [RenderedEvent] = []
  /// The events' celebrations, read only for a duplicate's message or a UID that is no UUID: the
  /// commit loop copies no strings.
  var celebrations: [Celebration] = []
  /// The rendered events; each `.event` item names its range.
  let output: OutputBuffer
  /// How many items the previous records gave: the next record's diagnostics come after.
  private var itemsOfPreviousRecords = 0

  init(output: OutputBuffer) {
    self.output = output
  }

  /// Turns `contact` into its events, renders them into `output` and notes them as items, in
  /// the order ``BirthdayCalendarConverter/add(_:recordNoun:)`` would meet them.
  mutating func add(
    _ contact: Contact, recordNoun: RecordKind, builder: CelebrationBuilder,
    renderer: EventRenderer, observer: (any RenderedEventObserver)? = nil,
    items: inout [Item]
  ) {
    // The record's item goes before its events and after its diagnostics (which come before
    // any celebration): its count is filled in once the celebrations are made.
    var recordItem = items.count
    var eventCount = 0
    builder.forEachCelebration(
      of: contact, record: recordNoun, report: { items.append(.diagnostic($0)) },
      { celebration in
        if eventCount == 0 {
          recordItem = items.count
          items.append(.record(eventCount: 0, leftOut: nil))
        }
        eventCount += 1
        let start = output.count
        renderer.append(celebration, to: output)
        let summary = observer.flatMap { observer in
          output.withSpan { observer.summarizeNote($0.extracting(start...)) }
        }
        items.append(.event(events.count))
        events.append(
          RenderedEvent(
            uuid: celebration.uuid, range: start..<output.count, kind: celebration.kind,
            summary: summary))
        celebrations.append(celebration)
      })
    if eventCount == 0 {
      items.append(.record(eventCount: 0, leftOut: builder.leftOutReason(of: contact)))
    } else {
      // A contact with celebrations is not left out.
      items[recordItem] = .record(eventCount: eventCount, leftOut: nil)
    }
    let hadFailure = items[itemsOfPreviousRecords...].contains {
      if case .diagnostic(let diagnostic) = $0 { return diagnostic.isConversionFailure }
      return false
    }
    if hadFailure { items.append(.problem(name: contact.name, location: contact.location)) }
    itemsOfPreviousRecords = items.count
  }

  /// The items and events of a segment, to reserve room for the next one's.
  struct Capacity: Sendable {
    var items = 0
    var events = 0
  }

  /// Room for the items and events of a segment like this one, and an eighth more: arrays
  /// grown item by item copy each of them about twice (a `Celebration` is large).
  var capacityForNext: Capacity {
    Capacity(items: items.count + items.count / 8, events: events.count + events.count / 8)
  }

  /// Reads one segment alone and renders its events, on the calling (worker) thread.
  /// - Parameter capacity: the items and events expected, reserved at once.
  static func read<Input: SegmentedContactInput>(
    _ segment: Input.Segment, of input: Input.Type, recordKind: RecordKind,
    builder: CelebrationBuilder, program: EventRenderer.Program, output: OutputBuffer,
    observer: (any RenderedEventObserver)? = nil, capacity: Capacity = Capacity()
  ) -> SegmentConversion {
    var conversion = SegmentConversion(output: output)
    conversion.events.reserveCapacity(capacity.events)
    conversion.celebrations.reserveCapacity(capacity.events)
    let renderer = EventRenderer(program: program)
    var items: [SegmentConversion.Item] = []
    items.reserveCapacity(capacity.items)
    let end = Input.read(
      segment, report: { items.append(.diagnostic($0)) },
      body: { contact in
        conversion.add(
          contact, recordNoun: recordKind, builder: builder, renderer: renderer,
          observer: observer, items: &items)
      })
    conversion.items = items
    conversion.end = end
    return conversion
  }
}
