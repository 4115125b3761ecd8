/// Which certificates a server on https may show: one from an authority the system trusts (or
/// `SSL_CERT_FILE` and `SSL_CERT_DIR` name, as for OpenSSL and curl), one in a file the user
/// trusts besides (`--ca-file`: a self-signed certificate or a private authority), or, with a
/// pinned public key (`--pin-sha256`), any certificate for that key and no other.
public struct TLSTrust: Sendable, Equatable {
  /// Certificates (PEM) trusted besides the system's folder, instead of its bundle.
  public var caFile: String?
  /// A folder of certificates (OpenSSL's hashed names) instead of the system's.
  public var caDirectory: String?
  /// libcurl's `sha256//BASE64` of the only public key accepted; the certificate chain is then
  /// not checked.
  public var pinnedKey: String?

  /// Creates a trust setting; all `nil` is the system's authorities.
  public init(caFile: String? = nil, caDirectory: String? = nil, pinnedKey: String? = nil) {
    self.caFile = caFile
    self.caDirectory = caDirectory
    self.pinnedKey = pinnedKey
  }

  /// `caFile` (else `SSL_CERT_FILE`), `SSL_CERT_DIR` and the pin (`BASE64`, or `sha256//BASE64`).
  public static func forThisRun(
    caFile: String?, pinnedKey: String?, environment: [String: String]
  ) -> TLSTrust {
    func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
    return TLSTrust(
      caFile: nonEmpty(caFile) ?? nonEmpty(environment["SSL_CERT_FILE"]),
      caDirectory: nonEmpty(environment["SSL_CERT_DIR"]),
      pinnedKey: nonEmpty(pinnedKey).map { $0.hasPrefix("sha256//") ? $0 : "sha256//" + $0 })
  }
}
