extension SyncInventory {
  /// Whether `other` holds the same entries, details, copies and event locations (for the tests
  /// and the fuzz target that check one way of reading a target against another).
  /// - Throws: what reading the spools throws.
  func matches(_ other: SyncInventory) throws -> Bool {
    guard set == other.set, entries.count == other.entries.count else { return false }
    for (mine, theirs) in zip(entries, other.entries) {
      guard mine.key == theirs.key, mine.digest == theirs.digest, mine.record == theirs.record,
        mine.sequence == theirs.sequence, mine.ownership == theirs.ownership,
        mine.recordIsOverride == theirs.recordIsOverride, mine.isEdited == theirs.isEdited,
        try details(of: mine) == other.details(of: theirs)
      else { return false }
    }
    let copies = try laterCopies()
    let otherCopies = try other.laterCopies()
    guard copies.map(\.index) == otherCopies.map(\.index),
      copies.map(\.copy) == otherCopies.map(\.copy)
    else { return false }
    switch (locations, other.locations) {
    case (nil, nil): return true
    case (let mine?, let theirs?):
      let all = { (_: SyncEventKey) in true }
      let found = try mine.locations(where: all)
      let otherFound = try theirs.locations(where: all)
      return mine.endOfCalendar == theirs.endOfCalendar && mine.size == theirs.size
        && found.map(\.key) == otherFound.map(\.key)
        && found.map(\.range) == otherFound.map(\.range)
    default: return false
    }
  }
}
