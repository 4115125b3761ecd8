import BirthdayKit

/// How `sync` prints one change of its plan: a line for people, a JSON object for scripts.
extension SyncChange {
  /// The line for people: the sign, the title, then what happens to it.
  ///
  /// ```
  /// + Birthday: Anna Berg  1990-03-04
  /// ~ Birthday: Peter Nguyen-Tran  name: Birthday: Peter Nguyen → Birthday: Peter Nguyen-Tran
  /// ~ Birthday: Siobhán Kelly  date: 1991-12-05 → 1991-12-06; alarms
  /// - Birthday: Bob Jones  --06-12  (contact gone)
  /// ```
  ///
  /// The planner's notes follow in parentheses; with `showsUID` the UID comes last, in brackets.
  /// Control characters become spaces, so that a change is one line.
  func planLine(showsUID: Bool, dryRun: Bool) -> String {
    var line = "\(operation.rawValue) \(oneLine(summary))  "
    line += operation == .replace ? whatChanged : oneLine(date)
    let notes = notes.map { oneLine(dryRun ? Self.conditional($0) : $0) }
    if !notes.isEmpty { line += "  (" + notes.joined(separator: "; ") + ")" }
    if showsUID { line += "  [\(oneLine(uid))]" }
    return line
  }

  /// The line of a removal held back because an unreadable record could be its contact's: `!`,
  /// the title and date, and why (`kept: could be the unreadable record at google.csv:14`;
  /// "would be kept" in a dry run).
  func heldBackLine(showsUID: Bool, dryRun: Bool) -> String {
    var line = "! \(oneLine(summary))  \(oneLine(date))"
    let notes = notes.map { note in
      oneLine(dryRun && note.hasPrefix("kept:") ? "would be " + note : note)
    }
    if !notes.isEmpty { line += "  (" + notes.joined(separator: "; ") + ")" }
    if showsUID { line += "  [\(oneLine(uid))]" }
    return line
  }

  /// `name: OLD → NEW; date: OLD → NEW; alarms`: each changed part, with its old and new
  /// value where the plan knows them.
  var whatChanged: String {
    let parts = changed.map { part -> String in
      if part == "name", let previousSummary, previousSummary != summary {
        return "name: \(oneLine(previousSummary)) → \(oneLine(summary))"
      }
      if part == "date", let previousDate, previousDate != date {
        return "date: \(oneLine(previousDate)) → \(oneLine(date))"
      }
      // The contact's stable key (a new e-mail address): rewritten so that a rename still pairs.
      if part == "key" { return "contact key" }
      return part
    }
    return parts.isEmpty ? "changed" : parts.joined(separator: "; ")
  }

  /// One JSON object without a line break: `op` (add, replace, remove; keep for a removal held
  /// back), `uid`, `summary`,
  /// `date`, `changed`, `previousSummary` and `previousDate` (a replacement's old values, `null`
  /// when unchanged) and `notes`; for a date kept in another calendar also `calendar` and
  /// `calendarDate`, as `upcoming` and `list` give them.
  var jsonLine: String { jsonLine(op: operation.name) }

  /// ``jsonLine`` with another `op`: `keep` for a removal held back.
  func jsonLine(op: String) -> String {
    func optional(_ text: String?) -> String { text.map(jsonString) ?? "null" }
    let previousSummary = previousSummary == summary ? nil : previousSummary
    let previousDate = previousDate == date ? nil : previousDate
    return "{\"op\":\(jsonString(op)),\"uid\":\(jsonString(uid)),"
      + "\"summary\":\(jsonString(summary)),\"date\":\(jsonString(date)),"
      + "\"changed\":[\(changed.map(jsonString).joined(separator: ","))],"
      + "\"previousSummary\":\(optional(previousSummary)),"
      + "\"previousDate\":\(optional(previousDate)),"
      + "\"notes\":[\(notes.map(jsonString).joined(separator: ","))]"
      + (calendarDate.map { ",\"calendar\":\"\($0.system.rawValue)\",\"calendarDate\":\"\($0)\"" }
        ?? "") + "}"
  }

  /// A note as a dry run says it: what a sync does ("overwritten", "removed") becomes what it
  /// would do.
  static func conditional(_ note: String) -> String {
    for (done, wouldBe) in [
      ("overwritten", "would be overwritten"), ("removed", "would be removed"),
      ("kept", "would be kept"), ("left alone", "would be left alone"),
    ] where note.hasSuffix(": " + done) {
      return String(note.dropLast(done.count)) + wouldBe
    }
    return note
  }
}
