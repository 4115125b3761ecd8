import BirthdayDAV

extension DAVError {
  /// The message as the command line says it: BirthdayDAV's, with what the user can do about it
  /// (its ``DAVError/hint``) in the command line's options and commands.
  var commandLineText: String {
    switch (self, hint) {
    case (.untrusted(let url, _, _), .pinnedKeyDiffers?):
      "\(url): the server's certificate is not trusted: its public key does not match "
        + "--pin-sha256"
    case (.refusedURL(let url, _, _), .privateHTTPOnly(let host)?):
      "refusing \(url): --allow-http allows plain HTTP only to a private network "
        + "(\(NetworkScope.privateNetworks)), and '\(host)' is not one; use https://"
    case (_, let hint?): description + Self.advice(hint)
    case (_, nil): description
    }
  }

  /// What follows the message for `hint`.
  private static func advice(_ hint: DAVHint) -> String {
    switch hint {
    case .trustTheCertificate: "; use --ca-file FILE or --pin-sha256 HASH"
    case .createTheCalendar: "; 'sync --create' makes the calendar"
    case .chooseACalendar: "; give the collection URL, --calendar-name NAME, or --create"
    case .chooseAnAddressBook: "; give the address book's URL, or --address-book NAME"
    case .allowPrivateHTTP:
      "; use https://, or --allow-http for this address of a private network (the password and "
        + "the data then travel in clear on it)"
    case .giveCredentials: " (--user with BDCONVERT_PASSWORD, --password-file or ~/.netrc)"
    // Worded whole by commandLineText.
    case .pinnedKeyDiffers, .privateHTTPOnly: ""
    }
  }
}
