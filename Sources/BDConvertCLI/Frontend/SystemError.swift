#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of an `errno` value: "No such file or directory".
func systemErrorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}
