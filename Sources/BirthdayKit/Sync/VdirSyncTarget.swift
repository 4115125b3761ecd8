#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder in vdir layout kept in step: one calendar object per `.ics` file, the layout khal
/// reads and vdirsyncer writes (https://vdirsyncer.pimutils.org/en/stable/vdir.html).
///
/// New events get the file ``EventResourceName/fileName(forUID:)`` (a new name if a foreign file
/// already has it); a replaced event is rewritten in its own file, whatever its name; a removed
/// event's file is deleted. Each file is written to a hidden temporary file and renamed, so
/// readers never see half a file. Files of events this set does not manage are never opened for
/// writing.
///
/// The folder may hold only `.ics` files, hidden files (`.bdconvert-lock`, vdirsyncer's state)
/// and vdirsyncer's `color` and `displayname`; anything else, or a subfolder, means it is not a
/// vdir calendar, and it is refused. A file holding several UIDs is left alone as a whole.
public struct VdirSyncTarget: SyncTarget {
  /// The folder.
  package let path: String
  /// Called around each temporary file.
  package let hooks: TemporaryPathHooks

  /// Creates a target at `path`.
  public init(path: String) {
    self.init(path: path, hooks: .none)
  }

  /// A target for the folder at `path` (created by ``apply(_:)`` when missing).
  package init(path: String, hooks: TemporaryPathHooks) {
    self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    self.hooks = hooks
  }

  /// The path, for messages.
  public var displayName: String { path }

  /// Files vdirsyncer keeps next to the items (collection metadata).
  static let metadataFiles: Set<String> = ["color", "displayname"]

  /// Reads every event of the folder: those of `set` become managed entries, the others are
  /// recorded so that their UIDs are never taken.
  /// - Throws: when the folder is not a calendar this target can keep in step (it is then left
  ///   alone), ``InputFormatError`` naming the line of malformed data.
  public func inventory(set: String) throws -> SyncInventory {
    var inventory = try SyncInventory(set: set)
    for name in try eventFiles() {
      let filePath = path + "/" + name
      let descriptor = open(filePath, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw SyncTargetError(
          .unreadable, "cannot read '\(filePath)': \(String(cString: strerror(errno)))")
      }
      defer { close(descriptor) }
      var scanner = CalendarComponentScanner(
        FileDescriptorByteSource(descriptor: descriptor, name: filePath), fileName: filePath)
      var components: [SyncInventory.Component] = []
      do {
        while let item = try scanner.next() {
          guard case .component(let component) = item, component.isEvent,
            let uid = component.uid
          else { continue }
          components.append(SyncInventory.Component(component, uid: uid, resource: name))
        }
      } catch let error as InputFormatError {
        let location = error.location.map { "\($0.file):\($0.line): " } ?? ""
        throw SyncTargetError(
          .refused,
          "\(location)\(error.message); '\(path)' is not a vdir calendar sync can keep in step, "
            + "so it was left alone")
      }
      // One object per file: a file with several UIDs cannot be rewritten for one of them.
      let isSingleObject = components.allSatisfy { $0.uid == components.first?.uid }
      for var component in components {
        if !isSingleObject { component.set = nil }
        try inventory.add(component)
      }
    }
    try inventory.finish()
    return inventory
  }

  /// Carries out `plan`, made from this target's ``inventory(set:)``. Writes, replaces and removes one file per event.
  /// - Returns: the changes that could not be applied, with the reason; the others took effect.
  public func apply(_ plan: SyncPlan) throws -> [SyncFailure] {
    guard !plan.isEmpty else { return [] }
    if mkdir(path, 0o777) != 0, errno != EEXIST {
      throw SyncTargetError(
        .cannotWrite, "cannot create '\(path)': \(String(cString: strerror(errno)))")
    }
    var failures: [SyncFailure] = []
    for operation in plan.operations {
      do {
        switch operation.kind {
        case .add:
          let uid = try plan.uid(operation)
          try write(plan, operation, to: freeName(for: uid))
        case .replace:
          guard let existing = try plan.existing(operation), let name = existing.resource
          else { continue }
          let uid = try plan.uid(operation)
          if uid != existing.uid, name == EventResourceName.fileName(forUID: existing.uid) {
            // A paired replacement (a contact without a UID, renamed) in a file named by its old
            // UID: the new file is named by the new UID, then the old one goes.
            try write(plan, operation, to: freeName(for: uid))
            if unlink(path + "/" + name) != 0, errno != ENOENT {
              throw SyncTargetError(
                .cannotWrite,
                "cannot remove '\(path)/\(name)': \(String(cString: strerror(errno)))")
            }
          } else {
            try write(plan, operation, to: name)
          }
        case .remove:
          guard let name = try plan.existing(operation)?.resource else { continue }
          if unlink(path + "/" + name) != 0, errno != ENOENT {
            throw SyncTargetError(
              .cannotWrite,
              "cannot remove '\(path)/\(name)': \(String(cString: strerror(errno)))")
          }
        }
      } catch let error as SyncTargetError where error.kind == .writeFailed {
        ReplacementFile.syncFolder(path)
        throw error  // a full disk fails every file that follows: one error, not one per file
      } catch {
        failures.append(SyncFailure(operation: operation, reason: "\(error)"))
      }
    }
    ReplacementFile.syncFolder(path)  // once for all the renames
    return failures
  }

  /// Writes the calendar object for one event.
  private func write(_ plan: SyncPlan, _ operation: SyncPlan.Operation, to name: String) throws {
    let output = try AtomicFileWriter(
      path: path + "/" + name, hooks: hooks, syncingFolder: false)
    do {
      try output.write(try plan.calendarObject(operation))
      try output.commit()
    } catch {
      output.discard()
      throw error
    }
  }

  /// The rule's name for `uid`, or with `-2`, `-3` ... before `.ics` when a file has it.
  private func freeName(for uid: String) -> String {
    let name = EventResourceName.fileName(forUID: uid)
    var candidate = name
    var number = 2
    while access(path + "/" + candidate, F_OK) == 0 {
      candidate = String(name.dropLast(4)) + "-\(number).ics"
      number += 1
    }
    return candidate
  }

  /// The `.ics` files of the folder, sorted; refuses a folder that is not a vdir calendar.
  private func eventFiles() throws -> [String] {
    let entries: [String]
    do {
      entries = try SystemCallBuffers.entryNames(inFolder: path)
    } catch {
      if error.code == ENOENT { return [] }
      if error.code == ENOTDIR {
        throw SyncTargetError(.refused, "'\(path)' is not a folder")
      }
      throw SyncTargetError(.unreadable, "cannot read '\(path)': \(error.reason)")
    }
    var names: [String] = []
    for name in entries {
      if name.hasPrefix(".") || Self.metadataFiles.contains(name) { continue }
      var info = stat()
      let isFile = stat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
      guard isFile, name.lowercased().hasSuffix(".ics") else {
        throw SyncTargetError(
          .refused,
          "'\(path)' holds '\(name)', which is not an .ics file: not a vdir calendar, so it was "
            + "left alone (give a .ics file, or an empty or vdir folder)")
      }
      names.append(name)
    }
    return names.sorted()
  }
}
