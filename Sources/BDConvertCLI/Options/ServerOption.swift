import Foundation

/// The options of the commands that talk to a CalDAV/CardDAV server, each declared once.
enum ServerOption {
  static let user = Option<String>(
    "--user", ValueSpec("NAME"),
    help:
      "the user name for the server (or NAME@ in the URL); the password comes from "
      + "BDCONVERT_PASSWORD, --password-file or ~/.netrc, never from the command line")
  static let passwordFile = Option<String>(
    "--password-file", ValueSpec("FILE", .files([])),
    help:
      "read the password from the first line of FILE (with a warning when other users can "
      + "read it)")
  static let caFile = Option<String>(
    "--ca-file", ValueSpec("FILE", .files([])),
    help:
      "trust a server on https whose certificate, or the authority that signed it, is in "
      + "FILE (PEM), as well as the system's authorities (SSL_CERT_FILE and SSL_CERT_DIR "
      + "are honoured too)")
  static let pin = Option<String>(
    "--pin-sha256", ValueSpec("HASH"),
    parser: ValueParser { text throws(ValueError) in
      guard ServerAccess.isPin(text) else {
        throw .expected(
          "the base64 SHA-256 of the server's public key, 44 characters, as curl's sha256//HASH")
      }
      return text
    },
    help:
      "trust the server whose public key has this base64 SHA-256 (curl's --pinnedpubkey "
      + "sha256//HASH), also with a self-signed certificate, and no other key")
  static let timeout = Option<Double>(
    "--timeout", ValueSpec("SECONDS"), default: 30, parser: .seconds(upTo: 3600),
    help:
      "give up on a request after SECONDS (default 30), the whole answer included; timeouts, "
      + "dropped connections, 429 and 5xx answers are tried again up to 4 times, 423 Locked "
      + "up to 8 times, with backoff")
  static let maxTime = Option<Double>(
    "--max-time", ValueSpec("SECONDS"), default: 3600, parser: .seconds(upTo: 604_800),
    help:
      "stop talking to the server after SECONDS in all (default 3600): no request starts "
      + "later, one under way is cut off, and the run exits 75 with what it did")
  static let allowHTTP = Option(
    flag: "--allow-http",
    help:
      "allow plain http:// to an address of a private network as well as to this machine: "
      + "10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10, names ending .local "
      + "or .home.arpa; never to another address. Every run warns that the password and the "
      + "data travel in clear")
  static let maxWait = Option<Double>(
    "--max-wait", ValueSpec("SECONDS"), default: 300, parser: .seconds(upTo: 86_400),
    help:
      "wait at most SECONDS in all before retries (default 300), each wait at most 60 s, "
      + "also when a server's Retry-After asks for more; then a failure is not tried again")

  /// `--calendar-name` for `list` and `delete` (conversion commands have their own).
  static let calendarName = Option<String>(
    "--calendar-name", ValueSpec("NAME"),
    help:
      "with a server or principal URL: the calendar to use, by display name or last path "
      + "segment (needed when the calendar home has several)")
  /// `--create` for `sync`.
  static let create = Option(
    flag: "--create",
    help:
      "make the calendar collection (MKCALENDAR, named by --calendar-name, else by the URL's "
      + "last segment) when the URL does not exist, or when a server or principal URL has no "
      + "calendar of that name; its URL is printed")
  /// `--address-book` for the commands that read CardDAV sources.
  static let addressBook = Option<String>(
    "--address-book", ValueSpec("NAME"),
    help:
      "with a server or principal URL as SOURCE: the address book to read, by display name or "
      + "last path segment (needed when the address-book home has several)")

  /// Every command that talks to a server has these.
  static let connection: [any OptionDeclaration] = [
    user, passwordFile, caFile, pin, timeout, maxTime, allowHTTP, maxWait,
  ]

  /// The options for a server URL, shown in their own group; with `calendarName`, also
  /// `--calendar-name` to choose a calendar from a server or principal URL.
  static func group(calendarName: Bool, create: Bool = false, addressBook: Bool = false)
    -> OptionGroup
  {
    OptionGroup(
      "calendar servers (CalDAV/CardDAV)",
      connection + (calendarName ? [Self.calendarName] : []) + (create ? [Self.create] : [])
        + (addressBook ? [Self.addressBook] : []))
  }
}
