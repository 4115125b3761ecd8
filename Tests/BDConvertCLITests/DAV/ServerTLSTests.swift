import Foundation
import TestSupport
import Testing

/// Servers with certificates their users made: a self-signed one and one signed by a private
/// CA, both made here with openssl for 127.0.0.1, served by `Tests/DAV/hostile_server.py
/// --tls-cert`. The default refuses them and says why; `--ca-file`, `SSL_CERT_FILE` and
/// `--pin-sha256` are how a user trusts them.
@Suite(.serialized, .tags(.slow), .slowTimeLimit) struct ServerTLSTests {
  /// A self-signed certificate and key for 127.0.0.1, and a test CA with a server certificate
  /// it signed, in one folder.
  final class Certificates {
    let folder: TemporaryDirectory
    var selfSigned: String { folder.url.path + "/self.pem" }
    var selfSignedKey: String { folder.url.path + "/self.key" }
    var authority: String { folder.url.path + "/ca.pem" }
    var signed: String { folder.url.path + "/server.pem" }
    var signedKey: String { folder.url.path + "/server.key" }

    init() throws {
      folder = try TemporaryDirectory()
      try folder.write("san.cnf", "subjectAltName = IP:127.0.0.1\n")
      let key = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
      try Self.shell(
        """
        cd '\(folder.url.path)' &&
        openssl req -x509 \(key) -keyout self.key -out self.pem -days 2 -subj /CN=127.0.0.1 \
          -addext subjectAltName=IP:127.0.0.1 &&
        openssl req -x509 \(key) -keyout ca.key -out ca.pem -days 2 -subj '/CN=bdconvert test CA' \
          -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign &&
        openssl req \(key) -keyout server.key -out server.csr -subj /CN=127.0.0.1 &&
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
          -out server.pem -days 2 -extfile san.cnf
        """)
    }

    /// curl's `sha256//BASE64` of the public key in `certificate` (PEM).
    func pin(of certificate: String) throws -> String {
      try Self.shell(
        "openssl x509 -in '\(certificate)' -pubkey -noout | openssl pkey -pubin -outform der"
          + " | openssl dgst -sha256 -binary | base64"
      ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult static func shell(_ script: String) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      let scratch = try TemporaryDirectory()
      let result = try runCollectingOutput(process, in: scratch)
      guard result.status == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr])
      }
      return result.stdout
    }
  }

  let certificates: Certificates

  init() throws { certificates = try Certificates() }

  private func server(_ certificate: String, _ key: String) throws -> HostileServer {
    try HostileServer(["--tls-cert", certificate, "--tls-key", key])
  }

  @Test func aSelfSignedCertificateIsRefusedWithTheReason() throws {
    let server = try server(certificates.selfSigned, certificates.selfSignedKey)
    let result = try runBDConvert(["list", server.calendar])
    #expect(result.status == 69, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(server.calendar): the server's certificate is not trusted: self-signed certificate; "
          + "use --ca-file FILE or --pin-sha256 HASH"), "\(result.stderr)")
    #expect(!result.stderr.contains("cannot reach"), "\(result.stderr)")
    #expect(server.requests.isEmpty, "\(server.requests)")
  }

  @Test func caFileTrustsASelfSignedCertificateAndAPrivateAuthority() throws {
    let selfSigned = try server(certificates.selfSigned, certificates.selfSignedKey)
    let trusted = try runBDConvert([
      "list", selfSigned.calendar, "--ca-file", certificates.selfSigned,
    ])
    #expect(trusted.status == 0, "\(trusted.stderr)")
    #expect(trusted.stdout.split(separator: "\n").count == 3, "\(trusted.stdout)")

    let signed = try server(certificates.signed, certificates.signedKey)
    let refused = try runBDConvert(["list", signed.calendar])
    #expect(refused.status == 69, "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "the server's certificate is not trusted: unable to get local issuer certificate"),
      "\(refused.stderr)")
    let viaAuthority = try runBDConvert([
      "list", signed.calendar, "--ca-file", certificates.authority,
    ])
    #expect(viaAuthority.status == 0, "\(viaAuthority.stderr)")
    #expect(viaAuthority.stdout.split(separator: "\n").count == 3, "\(viaAuthority.stdout)")
    // Another authority's file does not make the server trusted.
    let wrong = try runBDConvert(["list", signed.calendar, "--ca-file", certificates.selfSigned])
    #expect(wrong.status == 69, "\(wrong.stderr)")
  }

  @Test func caFileCanBeAConfigKey() throws {
    let server = try server(certificates.signed, certificates.signedKey)
    let config = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: config.url.appendingPathComponent("bdconvert"), withIntermediateDirectories: true)
    try config.write("bdconvert/config", "ca-file = \(certificates.authority)\n")
    let result = try runBDConvert(
      ["list", server.calendar], environment: ["XDG_CONFIG_HOME": config.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout)")
  }

  @Test func sslCertFileIsHonoured() throws {
    let server = try server(certificates.signed, certificates.signedKey)
    let result = try runBDConvert(
      ["list", server.calendar], environment: ["SSL_CERT_FILE": certificates.authority])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout)")
  }

  @Test func aPinnedKeyTrustsThatServerAndNoOther() throws {
    let server = try server(certificates.selfSigned, certificates.selfSignedKey)
    let pin = try certificates.pin(of: certificates.selfSigned)
    let pinned = try runBDConvert(["list", server.calendar, "--pin-sha256", pin])
    #expect(pinned.status == 0, "\(pinned.stderr)")
    #expect(pinned.stdout.split(separator: "\n").count == 3, "\(pinned.stdout)")
    let prefixed = try runBDConvert(["list", server.calendar, "--pin-sha256", "sha256//" + pin])
    #expect(prefixed.status == 0, "\(prefixed.stderr)")

    let answered = server.requests.count
    let other = try certificates.pin(of: certificates.signed)
    let wrong = try runBDConvert(["list", server.calendar, "--pin-sha256", other])
    #expect(wrong.status == 69, "\(wrong.stderr)")
    #expect(
      wrong.stderr.contains(
        "the server's certificate is not trusted: its public key does not match --pin-sha256"),
      "\(wrong.stderr)")
    #expect(server.requests.count == answered, "\(server.requests)")

    let malformed = try runBDConvert(["list", server.calendar, "--pin-sha256", "abc"])
    #expect(malformed.status == 64, "\(malformed.stderr)")
    #expect(malformed.stderr.contains("invalid --pin-sha256 'abc'"), "\(malformed.stderr)")
  }

  @Test func anUnreadableCAFileIsAUsageError() throws {
    let result = try runBDConvert(
      ["list", "https://127.0.0.1:9/cal/", "--ca-file", "/nonexistent/ca.pem"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--ca-file '/nonexistent/ca.pem'"), "\(result.stderr)")
  }
}
