import BirthdayKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A calendar given where sync wants an address book, or an address book where it wants a
/// calendar: said plainly before anything is read or written. (A server URL of the wrong kind is
/// told by its resource type, when the collection is looked up.)
extension SyncCommand {
  /// Refuses a SOURCE that is a calendar file and a TARGET that is an address book: a `.vcf`,
  /// `.vcard` or `.csv` path, a file that holds vCards, or a folder of vCards (khard's and
  /// vdirsyncer's address books).
  /// - Throws: ``CommandError`` 65 naming what the path is and what was expected.
  static func refuseMixUps(sources: [String], target: String) throws(CommandError) {
    for source in sources where !ServerAccess.isURL(source) && source != "-" {
      if kind(ofFile: source) == .iCalendar {
        throw CommandError(
          status: .dataError,
          message:
            "'\(source)' is a calendar (iCalendar), but a SOURCE of sync is an address book "
            + "(vCard or CSV); the calendar to keep in step goes after --to; nothing was changed")
      }
    }
    guard !ServerAccess.isURL(target) else { return }
    let what: String?
    var info = stat()
    if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      what = holdsOnlyCards(target) ? "a folder of vCards (an address book)" : nil
    } else if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
      switch kind(ofFile: target) {
      case .vCard: what = "an address book (vCard)"
      case .csv where hasAddressBookSuffix(target): what = "an address book (CSV)"
      default: what = nil
      }
    } else {
      what = hasAddressBookSuffix(target) ? "named as an address book (vCard or CSV)" : nil
    }
    if let what {
      throw CommandError(
        status: .dataError,
        message:
          "'\(target)' is \(what), but the TARGET of sync (--to) is a calendar: an .ics file, a "
          + "vdir folder of .ics files or a CalDAV URL; the address book is a SOURCE; nothing "
          + "was changed")
    }
  }

  /// What a regular file holds, by its first bytes; `nil` for anything else (a pipe is not
  /// read ahead of the conversion).
  private static func kind(ofFile path: String) -> InputFile.ContentKind? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      var file = try? InputFile.open(path)
    else { return nil }
    defer { file.close() }
    return try? file.sniffContent()
  }

  private static func hasAddressBookSuffix(_ path: String) -> Bool {
    let lowered = path.lowercased()
    return [".vcf", ".vcard", ".csv"].contains(where: lowered.hasSuffix)
  }

  /// Whether a folder holds `.vcf` or `.vcard` files and no `.ics` file.
  private static func holdsOnlyCards(_ folder: String) -> Bool {
    guard let entries = try? SystemCallBuffers.entryNames(inFolder: folder) else { return false }
    var cards = false
    for entry in entries {
      let name = entry.lowercased()
      if name.hasSuffix(".ics") { return false }
      if name.hasSuffix(".vcf") || name.hasSuffix(".vcard") { cards = true }
    }
    return cards
  }
}
