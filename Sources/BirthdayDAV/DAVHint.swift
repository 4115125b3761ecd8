/// What a user can do about a ``DAVError``: the program that has the user's words for it (the
/// command line's options and commands) says it; BirthdayDAV names none.
public enum DAVHint: Sendable, Equatable {
  /// The server's certificate is not trusted: name the authority that signed it, or pin its key.
  case trustTheCertificate
  /// The server's public key is not the pinned one.
  case pinnedKeyDiffers
  /// The calendar collection does not exist: it can be created.
  case createTheCalendar
  /// No calendar, or several, where one was wanted: name one, or create it.
  case chooseACalendar
  /// No address book, or several, where one was wanted: name one.
  case chooseAnAddressBook
  /// Plain HTTP to an address of a private network: allowed on request.
  case allowPrivateHTTP
  /// Plain HTTP was allowed to private networks, and `host` is not on one.
  case privateHTTPOnly(host: String)
  /// The server wants credentials and none were given.
  case giveCredentials
}
