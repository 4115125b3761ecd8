import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a URL's host is, as far as its name or address tells, for the plain-HTTP rule: a
/// password sent over `http://` crosses every network between here and there in clear.
///
/// - ``loopback``: this machine (`localhost`, 127.0.0.0/8, `::1`): plain HTTP is allowed.
/// - ``privateNetwork``: a home or office network (RFC 1918 10/8, 172.16/12, 192.168/16; IPv4
///   link-local 169.254/16; RFC 4193 unique local `fc00::/7`; IPv6 link-local `fe80::/10`;
///   names ending `.local` (mDNS, RFC 6762) or `.home.arpa` (RFC 8375)): plain HTTP only with
///   `--allow-http`, which warns on every run.
/// - ``other``: anything else, public addresses and names included: never plain HTTP. The
///   shared address space 100.64/10 (carrier-grade NAT) is not private: its traffic crosses the
///   provider's network. Other names (a single label such as `raspberrypi`, `.lan`) are not
///   private by their name: a search domain may resolve them anywhere. Names are judged as
///   written, without resolving them (no lookup is sent for a URL that is refused).
package enum NetworkScope: Sendable, Equatable {
  case loopback
  case privateNetwork
  case other

  /// The private networks, as a message lists them.
  package static let privateNetworks =
    "10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10, names ending .local or "
    + ".home.arpa"

  /// The scope of `host` as a URL gives it (an IPv6 address may be in brackets).
  package init(host: String) {
    var host = host.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.hasSuffix(".") { host.removeLast() }  // an absolute name
    if host == "localhost" {
      self = .loopback
    } else if let bytes = Self.ipv4(host) {
      self = Self.scope(ipv4: bytes)
    } else if let bytes = Self.ipv6(host) {
      self = Self.scope(ipv6: bytes)
    } else if host.hasSuffix(".local") || host.hasSuffix(".home.arpa") {
      self = .privateNetwork
    } else {
      self = .other
    }
  }

  private static func scope(ipv4 bytes: [UInt8]) -> NetworkScope {
    switch (bytes[0], bytes[1]) {
    case (127, _): .loopback
    case (10, _), (192, 168), (169, 254): .privateNetwork
    case (172, 16...31): .privateNetwork
    default: .other
    }
  }

  private static func scope(ipv6 bytes: [UInt8]) -> NetworkScope {
    if bytes == [UInt8](repeating: 0, count: 15) + [1] { return .loopback }
    // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address.
    if bytes[..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
      return scope(ipv4: Array(bytes[12...]))
    }
    if bytes[0] & 0xFE == 0xFC { return .privateNetwork }  // fc00::/7
    if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .privateNetwork }  // fe80::/10
    return .other
  }

  /// The four bytes of a dotted-quad IPv4 address (four decimal parts, 0 to 255, no other
  /// form), or `nil`. A part with a leading zero is not one: resolvers read `010` as octal 8.
  static func ipv4(_ text: String) -> [UInt8]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var bytes: [UInt8] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        part == "0" || part.first != "0",
        let value = UInt8(part)
      else { return nil }
      bytes.append(value)
    }
    return bytes
  }

  /// The sixteen bytes of an IPv6 address (a zone, `%eth0`, is left out), or `nil`.
  static func ipv6(_ text: String) -> [UInt8]? {
    guard text.contains(":") else { return nil }
    let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
    var bytes = [UInt8](repeating: 0, count: 16)  // an in6_addr, in network order
    guard inet_pton(AF_INET6, address, &bytes) == 1 else { return nil }
    return bytes
  }
}
