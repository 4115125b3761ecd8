#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `.ics` file kept in step, byte for byte where nothing changes.
///
/// The file is read twice: once for the inventory and once while the new file is written (to a
/// temporary file that replaces it atomically). Everything the plan does not touch keeps its
/// bytes, as with `delete`: line endings, folding, vendor properties, time zones, order, trailing
/// data. A replaced event takes its predecessor's place (its overrides go with it); new events go
/// just before `END:VCALENDAR`. A missing or empty file is created with the wanted calendar's
/// header. An unchanged plan writes nothing, so the file keeps its bytes and its time.
public struct FileSyncTarget: SyncTarget {
  /// The file.
  package let path: String
  /// Called around the temporary file.
  package let hooks: TemporaryPathHooks

  /// Creates a target at `path`.
  public init(path: String) {
    self.init(path: path, hooks: .none)
  }

  /// A target for the file at `path`.
  package init(path: String, hooks: TemporaryPathHooks) {
    self.path = path
    self.hooks = hooks
  }

  /// The path, for messages.
  public var displayName: String { path }

  /// Reads every event of the file: those of `set` become managed entries, the others are
  /// recorded so that their UIDs are never taken.
  /// - Throws: when the file is not a calendar this target can keep in step (it is then left
  ///   alone), ``InputFormatError`` naming the line of malformed data.
  public func inventory(set: String) throws -> SyncInventory {
    guard let file = try openFile() else { return try emptyInventory(set) }
    defer { close(file.descriptor) }
    // Taken before reading: a file changed while it is read no longer matches at the rewrite.
    let identity = ComponentLocations.FileIdentity(descriptor: file.descriptor)
    do {
      // The common form (bdconvert's own among others) is read faster; the rest is scanned.
      let expectedCount = file.size / 400
      var inventory =
        try FileRandomAccessSource(descriptor: file.descriptor, name: path).flatMap {
          try CommonFormInventory.read($0, set: set, expectedCount: expectedCount)
        }
        ?? Self.inventory(
          of: FileDescriptorByteSource(descriptor: file.descriptor, name: path), fileName: path,
          set: set, expectedCount: expectedCount)
      inventory.locations?.identity = identity
      return inventory
    } catch let error as InputFormatError {
      throw refusal(error)
    }
  }

  /// The inventory of the calendar in `source`.
  /// - Throws: ``InputFormatError`` when it is not a well-formed calendar.
  package static func inventory<Source: ByteSource>(
    of source: Source, fileName: String, set: String, expectedCount: Int = 0
  ) throws -> SyncInventory {
    var inventory = try SyncInventory(set: set, expectedCount: expectedCount)
    var reader = SyncComponentReader(
      AnyByteSource(source), fileName: fileName, bytes: .none, gathersFacts: true)
    var locations = try ComponentLocations()
    while let item = try reader.next() {
      switch item {
      case .line:
        if reader.lineKind == .end, reader.lineDepth == 1 {
          locations.calendarEnds(at: reader.byteRange.lowerBound)
        }
      case .component:
        guard reader.isEvent, reader.hasUID else { continue }
        let key = SyncEventKey(uid: reader.uid)
        try inventory.add(uid: reader.uid, key: key, facts: reader.facts, line: reader.lineNumber)
        try locations.add(key, reader.byteRange)
      }
      locations.size = reader.byteRange.upperBound
    }
    try locations.finish()
    inventory.locations = locations
    try inventory.finish()
    return inventory
  }

  /// Carries out `plan`, made from this target's ``inventory(set:)``. Rewrites the file once, through a temporary file renamed over it; nothing is written when the plan is empty.
  /// - Returns: the changes that could not be applied, with the reason; the others took effect.
  public func apply(_ plan: SyncPlan) throws -> [SyncFailure] {
    guard !plan.isEmpty else { return [] }
    let output = try AtomicFileWriter(path: Self.resolved(path), hooks: hooks)
    do {
      try write(plan, to: output)
      try output.commit()
    } catch {
      output.discard()
      throw error
    }
    return []
  }

  /// Writes the new file for `plan` to `sink`.
  package func write<Sink: ByteSink>(_ plan: SyncPlan, to sink: Sink) throws {
    guard let file = try openFile() else {
      try Self.rewrite(nil as MemoryByteSource?, fileName: path, plan: plan, to: sink)
      return
    }
    defer { close(file.descriptor) }
    if let identity = plan.inventory.locations?.identity,
      identity == ComponentLocations.FileIdentity(descriptor: file.descriptor),
      let source = FileRandomAccessSource(descriptor: file.descriptor, name: path),
      try Self.rewrite(copying: source, plan: plan, to: sink)
    {
      return
    }
    try Self.rewrite(
      FileDescriptorByteSource(descriptor: file.descriptor, name: path), fileName: path,
      plan: plan, to: sink)
  }

  /// Writes the calendar in `source` changed by `plan` to `sink` by copying the bytes between
  /// the events it replaces and removes, where the plan's inventory found them (`source` must
  /// hold the bytes that inventory was read from). Returns `false`, having written nothing, when
  /// the inventory has no locations for a source of this size.
  package static func rewrite<Sink: ByteSink>(
    copying source: some RandomAccessByteSource, plan: SyncPlan, to sink: Sink
  ) throws -> Bool {
    guard let locations = plan.inventory.locations, locations.size == source.size,
      let endOfCalendar = locations.endOfCalendar
    else { return false }
    var output = BufferedOutput(sink: sink)
    var changed: [SyncEventKey: SyncPlan.Operation] = [:]
    for operation in plan.operations where operation.kind != .add {
      changed[operation.key] = operation
    }
    var position = 0
    var block = [UInt8](repeating: 0, count: 1 << 16)
    func copy(upTo end: Int) throws {
      while position < end {
        let count = try ByteRegionAccess.read(
          source, at: position, into: &block, region: 0..<min(block.count, end - position))
        guard count > 0 else {
          throw SyncTargetError(
            .unreadable, "'\(displayName(source))' became shorter while syncing")
        }
        try output.write(block.span.extracting(..<count))
        position += count
      }
    }
    var additionsWritten = false
    func writeAdditions() throws {
      guard !additionsWritten else { return }
      additionsWritten = true
      try copy(upTo: endOfCalendar)
      for operation in plan.operations where operation.kind == .add {
        try output.write(try plan.eventBytes(operation))
      }
    }
    var written: Set<SyncEventKey> = []
    for location in try locations.locations(where: { changed[$0] != nil }) {
      if endOfCalendar <= location.range.lowerBound { try writeAdditions() }
      try copy(upTo: location.range.lowerBound)
      if let operation = changed[location.key], operation.kind == .replace,
        written.insert(operation.key).inserted
      {
        try output.write(try plan.eventBytes(operation))
      }
      position = location.range.upperBound
    }
    try writeAdditions()
    try copy(upTo: source.size)
    try output.flush()
    return true
  }

  private static func displayName(_ source: some RandomAccessByteSource) -> String {
    (source as? FileRandomAccessSource)?.name ?? "the calendar"
  }

  /// Writes the calendar in `source` changed by `plan` to `sink`; without a source, a new
  /// calendar with the wanted calendar's header and the additions.
  package static func rewrite<Source: ByteSource, Sink: ByteSink>(
    _ source: Source?, fileName: String, plan: SyncPlan, to sink: Sink
  ) throws {
    var output = BufferedOutput(sink: sink)
    // Replacements and removals by key; additions are read from the plan where they go.
    var changed: [SyncEventKey: SyncPlan.Operation] = [:]
    for operation in plan.operations where operation.kind != .add {
      changed[operation.key] = operation
    }
    var additionsWritten = false
    func writeAdditions() throws {
      guard !additionsWritten else { return }  // once, before the first END:VCALENDAR
      additionsWritten = true
      for operation in plan.operations where operation.kind == .add {
        try output.write(try plan.eventBytes(operation))
      }
    }
    guard let source else {
      try output.write(plan.calendarHeader)
      try writeAdditions()
      try output.write(Array("END:VCALENDAR\r\n".utf8))
      try output.flush()
      return
    }
    var written: Set<SyncEventKey> = []
    var reader = SyncComponentReader(
      AnyByteSource(source), fileName: fileName, bytes: .all, gathersFacts: false)
    while let item = try reader.next() {
      switch item {
      case .line:
        if reader.lineKind == .end, reader.lineDepth == 1 { try writeAdditions() }
        try output.write(reader.raw)
      case .component:
        guard reader.isEvent, reader.hasUID,
          let operation = changed[SyncEventKey(uid: reader.uid)]
        else {
          try output.write(reader.raw)
          continue
        }
        if operation.kind == .replace, written.insert(operation.key).inserted {
          try output.write(try plan.eventBytes(operation))
        }
      }
    }
    try output.flush()
  }

  /// The open file and its size, or `nil` when it does not exist or is empty.
  private func openFile() throws -> (descriptor: Int32, size: Int)? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw SyncTargetError(
        .unreadable, "cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw SyncTargetError(.refused, "'\(path)' is not a regular file; refusing to sync into it")
    }
    guard info.st_size > 0 else { return nil }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SyncTargetError(
        .unreadable, "cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
    return (descriptor, Int(info.st_size))
  }

  private func emptyInventory(_ set: String) throws -> SyncInventory {
    var inventory = try SyncInventory(set: set)
    try inventory.finish()
    return inventory
  }

  private func refusal(_ error: InputFormatError) -> Error {
    let location = error.location.map { "\($0.file):\($0.line): " } ?? ""
    return SyncTargetError(
      .refused,
      "\(location)\(error.message); '\(path)' is not an iCalendar file sync can keep in step, "
        + "so it was left alone")
  }

  /// The file a symbolic link points to, so the link stays and its file is replaced.
  package static func resolved(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
