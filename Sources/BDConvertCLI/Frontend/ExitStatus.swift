/// Process exit statuses (BSD sysexits), as `bdconvert --help` and each command's help list them.
public enum ExitStatus: Int32, Sendable {
  /// Success; warnings may have been printed.
  case success = 0
  /// A usage error: unknown option, missing or bad value (`EX_USAGE`).
  case usage = 64
  /// Input data error under `--strict`, or input that is not the expected format (`EX_DATAERR`).
  case dataError = 65
  /// An input file cannot be opened (`EX_NOINPUT`).
  case noInput = 66
  /// The output cannot be created (`EX_CANTCREAT`).
  case cannotCreate = 73
  /// An I/O error while reading or writing (`EX_IOERR`).
  case ioError = 74
  /// A sync that could apply only part of its changes; running it again finishes
  /// (`EX_TEMPFAIL`).
  case tempFailure = 75
  /// A server cannot be reached (`EX_UNAVAILABLE`).
  case unavailable = 69
  /// A server refused the credentials (`EX_NOPERM`).
  case noPermission = 77
}
