import BirthdayKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CardDAV address books given as sources (`sync URL --to …`, `upcoming URL`): each is read
/// whole into an unnamed temporary file before anything else happens (a server that fails stops
/// the command before any change), then read by the same vCard reader, with the same options,
/// as a `.vcf` file. Diagnostics name the resource and its own line (`/me/contacts/jane.vcf:4`).
final class ServerAddressBooks {
  private struct Book {
    let file: TemporaryFile
    /// The resource and its own line for a line of the file.
    let resource: @Sendable (Int) -> (path: String, line: Int)?
  }

  private var books: [String: Book] = [:]
  /// The servers asked, for `--verbose`'s request counts.
  private(set) var accesses: [ServerAccess] = []

  /// Reads every URL among `sources` (an address-book URL, or a server or principal URL whose
  /// address-book home holds one address book).
  /// - Throws: ``CommandError`` with 69 (unreachable), 77 (credentials refused), 75 (still
  ///   failing after the retries) and the other statuses of ``ServerAccess/commandError(_:)``.
  init(
    sources: [String], scanned: ArgumentScanner.Result, environment: [String: String],
    usage: String, backend: (any ServerBackend)?
  ) throws(CommandError) {
    for source in sources where ServerAccess.isURL(source) && books[Self.key(source)] == nil {
      let (access, url) = try ServerAccess.open(
        source, scanned: scanned, environment: environment, usage: usage, backend: backend)
      accesses.append(access)
      let file: TemporaryFile
      do {
        file = try TemporaryFile()
      } catch {
        throw Frontend.commandError(error)
      }
      let name = try scanned.value(ServerOption.addressBook)
      do {
        let resource = try access.connection.readAddressBook(
          url, name: name
        ) { try file.append($0) }
        books[Self.key(source)] = Book(file: file, resource: resource)
      } catch {
        throw Frontend.commandError(error)
      }
    }
  }

  /// The key of a source, and its input's name: the URL without user info, which diagnostics
  /// (relocated through it) never show.
  private static func key(_ source: String) -> String { ServerAccess.printable(source) }

  /// Whether `source` was read from a server.
  func contains(_ source: String) -> Bool { books[Self.key(source)] != nil }

  /// The address book of `source` as an input named by its URL, read from its start.
  func input(_ source: String) throws(CommandError) -> InputFile? {
    guard let book = books[Self.key(source)] else { return nil }
    // A descriptor of its own (the reader closes it); the file is read with its own offset.
    let descriptor = dup(book.file.descriptor)
    guard descriptor >= 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw .cannot("read the copy of", "'\(ServerAccess.printable(source))'", status: .ioError)
    }
    return InputFile(
      displayName: Self.key(source), descriptor: descriptor, identity: nil)
  }

  /// Adds the group cards of the address books to `builder` (`--group`: iCloud keeps groups as
  /// cards, `X-ADDRESSBOOKSERVER-KIND:group`), as ``GroupCardPrepass`` does for files.
  func collectGroupCards(into builder: inout CelebrationBuilder) {
    for book in books.values {
      var reader = VCardReader(source: book.file.byteSource(), fileName: "", diagnostics: { _ in })
      try? reader.forEachContact { contact in
        if contact.isGroup { builder.addGroupCard(contact) }
      }
    }
  }

  /// A location in a downloaded address book as the resource and its own line; other locations
  /// as they are.
  func relocate(_ location: SourceLocation) -> SourceLocation {
    guard let book = books[location.file],
      let (path, line) = book.resource(location.line)
    else { return location }
    return SourceLocation(file: path, line: line, column: location.column)
  }

  /// Each address book's lookup of the resource (its path) and its own line for a line of the
  /// book, by the book's input name.
  var resourceLookups: [String: @Sendable (Int) -> (path: String, line: Int)?] {
    books.mapValues(\.resource)
  }

  /// The closing lines with the requests sent, for `--verbose`.
  var requestSummary: String { accesses.map(\.requestSummary).joined() }
}
