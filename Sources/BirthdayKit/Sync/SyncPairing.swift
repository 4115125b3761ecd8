import Foundation

/// Pairs an added event with a removed one when they are evidently the same person, so that a
/// contact without a UID of its own, whose name-based UID (``EventIdentity``) changed with its
/// name or day, is updated instead of duplicated: one replacement of the old event, written with
/// the new UID, `SEQUENCE` one higher.
///
/// The rules, in this order, each pairing only what is unambiguous (one candidate each way):
/// 0. same key: both carry the same `X-BDCONVERT-KEY` (``ContactIdentityKey``, a hash of the
///    contact's e-mail address, phone number or entry id, and the event's kind), which sync
///    writes on its events ("paired: same e-mail address"). Events written before sync wrote
///    keys have none, and are paired by the rules below only;
/// 1. same title, other date: a date fixed in the address book ("paired: same name, changed
///    date");
/// 2. same date, close title: a renamed contact ("paired: same date, close name"). Titles are
///    close when, case and accents folded and punctuation ignored, the words of one are all
///    words of the other ("Peter Nguyen" and "Peter Nguyen-Tran"), or they differ by at most two
///    letters ("Jon Smith" and "John Smith").
///
/// Both events are of this sync set and of the same kind (the title's template says which). An
/// added event that is not paired stays an addition, a removed one a removal.
package enum SyncPairing {
  /// The most events of one title or date compared with an added one: beyond, nothing is
  /// paired (nothing there is evidently the same person), and the work stays bounded.
  static let bucketLimit = 64

  private struct Side {
    var operation: Int
    var title: String
    var date: String
    var folded: String
    /// The `X-BDCONVERT-KEY` value, empty when none.
    var key: String = ""
  }

  static func pair(_ plan: inout SyncPlan, addedDigests: [Int: EventDigest]) throws {
    var removed: [Side] = []
    var added: [Side] = []
    for (position, operation) in plan.operations.enumerated() where operation.kind == .remove {
      let details = try plan.inventory.details(of: plan.inventory.entries[operation.inventoryIndex])
      removed.append(
        Side(
          operation: position, title: details.summary, date: details.date,
          folded: folded(details.summary), key: details.identityKey ?? ""))
    }
    guard !removed.isEmpty else { return }
    for (position, operation) in plan.operations.enumerated() {
      switch operation.kind {
      case .add where addedDigests[position] != nil:
        let fields = try plan.record(operation, fields: 4)
        let title = String(decoding: fields[1], as: UTF8.self)
        added.append(
          Side(
            operation: position, title: title, date: String(decoding: fields[2], as: UTF8.self),
            folded: folded(title), key: identityKey(in: fields[3])))
      default:
        continue
      }
    }
    guard !added.isEmpty else { return }

    var pairs: [(added: Int, removed: Int, note: UInt8)] = []
    var takenAdded = Set<Int>()
    var takenRemoved = Set<Int>()
    func match(
      note: UInt8, bucket: (Side) -> String, fits: (Side, Side) -> Bool
    ) {
      var buckets: [String: [Int]] = [:]
      for (index, side) in removed.enumerated() where !takenRemoved.contains(index) {
        buckets[bucket(side), default: []].append(index)
      }
      var candidates: [Int: Int] = [:]  // removed -> how many added fit it
      var chosen: [(Int, Int)] = []
      for (addedIndex, side) in added.enumerated() where !takenAdded.contains(addedIndex) {
        guard let bucket = buckets[bucket(side)], bucket.count <= bucketLimit else { continue }
        let fitting = bucket.filter { fits(side, removed[$0]) }
        for removedIndex in fitting { candidates[removedIndex, default: 0] += 1 }
        if fitting.count == 1 { chosen.append((addedIndex, fitting[0])) }
      }
      for (addedIndex, removedIndex) in chosen where candidates[removedIndex] == 1 {
        pairs.append((addedIndex, removedIndex, note))
        takenAdded.insert(addedIndex)
        takenRemoved.insert(removedIndex)
      }
    }
    for kind in ContactIdentityKey.Kind.allCases {
      let prefix = kind.prefix + "-"
      match(
        note: SyncPlan.pairedByKey(kind),
        bucket: { $0.key.hasPrefix(prefix) ? $0.key : "" },
        fits: { $0.key.hasPrefix(prefix) && $0.key == $1.key })
    }
    match(note: SyncPlan.pairedByName, bucket: \.folded) { $0.date != $1.date }
    match(note: SyncPlan.pairedByDate, bucket: \.date) { closeTitles($0.folded, $1.folded) }
    guard !pairs.isEmpty else { return }

    var replacements: [Int: SyncPlan.Operation] = [:]
    var dropped = Set<Int>()
    for (addedIndex, removedIndex, note) in pairs {
      let addition = plan.operations[added[addedIndex].operation]
      let removal = plan.operations[removed[removedIndex].operation]
      let entry = plan.inventory.entries[removal.inventoryIndex]
      var fields = try plan.record(addition, fields: 4)
      fields[3] = restamped(
        fields[3], set: plan.inventory.set, sequence: Int(entry.sequence) + 1,
        lastModified: plan.timestamp)
      let record = try plan.appendRecord(fields)
      var mask: UInt8 = 0
      if let digest = addedDigests[added[addedIndex].operation] {
        for (bit, part) in SyncPlan.changedParts.prefix(4).enumerated()
        where digest.changes(from: entry.digest).contains(part) {
          mask |= 1 << UInt8(bit)
        }
      }
      // The target finds the event by its old UID's key; the new bytes carry the new UID.
      replacements[added[addedIndex].operation] = SyncPlan.Operation(
        kind: .replace, key: removal.key, storedIndex: Int32(removal.inventoryIndex),
        record: record, changedMask: mask,
        notes: note | (entry.isEdited ? SyncPlan.editedOverwritten : 0))
      dropped.insert(removed[removedIndex].operation)
    }
    var operations: [SyncPlan.Operation] = []
    operations.reserveCapacity(plan.operations.count - dropped.count)
    for (position, operation) in plan.operations.enumerated() where !dropped.contains(position) {
      operations.append(replacements[position] ?? operation)
    }
    plan.operations = operations
  }

  /// The `X-BDCONVERT-KEY` value of the first component in an event's bytes (a key line is
  /// never folded), or "".
  static func identityKey(in bytes: [UInt8]) -> String {
    let name = Array("\r\n\(ContactIdentityKey.propertyName):".utf8)
    guard var index = bytes.firstRange(of: name)?.upperBound else { return "" }
    let start = index
    while index < bytes.count, bytes[index] != 0x0D { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// An addition's bytes (stamped with the set's mark only) as a replacement's: `SEQUENCE` and
  /// `LAST-MODIFIED` before each mark.
  static func restamped(
    _ bytes: [UInt8], set: String, sequence: Int, lastModified: UTCTimestamp
  ) -> [UInt8] {
    let mark = Array("\r\n\(SyncMarker.propertyName):\(set)\r\n".utf8)
    let stamped = Array(
      ("\r\nSEQUENCE:\(sequence)\r\nLAST-MODIFIED:\(lastModified)\r\n"
        + "\(SyncMarker.propertyName):\(set)\r\n").utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + stamped.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D, bytes[index...].starts(with: mark) {
        result += stamped
        index += mark.count
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
  }

  /// Whether an event titled `title` could be the event of a person named `name`: every word of
  /// the name (case and accents folded) is a word of the title. `sync` holds back the removal of
  /// such events when that person's record could not be read.
  package static func title(_ title: String, couldBeOf name: String) -> Bool {
    let nameWords = Set(folded(name).split(separator: " "))
    return !nameWords.isEmpty && nameWords.isSubset(of: Set(folded(title).split(separator: " ")))
  }

  /// A title as compared: case and accents folded, every run of other characters than letters
  /// and digits one space.
  static func folded(_ title: String) -> String {
    let folding = title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    var result = ""
    var pendingSpace = false
    for character in folding {
      if character.isLetter || character.isNumber {
        if pendingSpace, !result.isEmpty { result.append(" ") }
        pendingSpace = false
        result.append(character)
      } else {
        pendingSpace = true
      }
    }
    return result
  }

  /// Whether two folded titles are close: the words of one are all words of the other, or they
  /// differ by at most two characters.
  static func closeTitles(_ first: String, _ second: String) -> Bool {
    if first == second { return true }
    let firstWords = Set(first.split(separator: " "))
    let secondWords = Set(second.split(separator: " "))
    if firstWords.isSubset(of: secondWords) || secondWords.isSubset(of: firstWords) {
      return true
    }
    return editDistance(Array(first), Array(second), limit: 2) <= 2
  }

  /// The Levenshtein distance of `first` and `second`, or `limit + 1` when larger.
  static func editDistance(_ first: [Character], _ second: [Character], limit: Int) -> Int {
    if abs(first.count - second.count) > limit { return limit + 1 }
    var previous = Array(0...second.count)
    var current = [Int](repeating: 0, count: second.count + 1)
    for (row, character) in first.enumerated() {
      current[0] = row + 1
      var smallest = current[0]
      for column in 0..<second.count {
        let cost = character == second[column] ? 0 : 1
        current[column + 1] = min(
          previous[column] + cost, previous[column + 1] + 1, current[column] + 1)
        smallest = min(smallest, current[column + 1])
      }
      if smallest > limit { return limit + 1 }
      swap(&previous, &current)
    }
    return previous[second.count]
  }
}
