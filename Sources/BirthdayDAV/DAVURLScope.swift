import Foundation

/// The URLs that requests for one collection may go to, and the normal form in which a server's
/// hrefs are compared with it.
///
/// A server's answers are untrusted: an href may name another host, a path outside the
/// collection, or the collection itself spelled differently (`/cal/./`, `/cal//`, `/cal/x/../`).
/// An href is therefore
/// - resolved against the URL of the request it answered (RFC 3986 section 5.2), after the
///   characters a URL may not hold are percent-encoded; a `%` not followed by two hex digits, a
///   host that is not a plain name or address literal, or a scheme other than http(s) refuse it;
/// - normalised (section 6.2): scheme and host in lowercase, the default port and a final dot of
///   the host dropped, escapes of unreserved characters decoded and the others in upper case,
///   repeated slashes collapsed, dot segments removed (also when written `%2E`), the fragment
///   dropped;
/// - a member only when it has no user info and no query, is on the collection's origin
///   (scheme, host and port), and its path is the collection's path (segments compared
///   percent-decoded) and one more segment that is not empty, `.` or `..` and holds no `/`, `\`,
///   NUL or other control character once decoded (a server that decodes `%2F` before routing
///   must not be led out of the collection).
///
/// The URL a member is requested at is the collection's own URL text and the member's segment
/// in normal form, so that what is checked is exactly what is sent.
package struct DAVURLScope: Sendable, Equatable {
  /// Scheme, host and port: where credentials may go.
  package struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    package var scheme: String
    /// The host in lowercase; an IPv6 address in brackets.
    package var host: String
    /// The port, the scheme's default filled in.
    package var port: Int

    package var description: String {
      "\(scheme)://\(host)" + (port == Self.defaultPort(scheme) ? "" : ":\(port)")
    }

    static func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }
  }

  /// Why an href is not used.
  package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an http(s) URL reference that can be read.
    case notAURL
    /// It names a user (and maybe a password).
    case userInfo
    /// It has a query.
    case query
    /// It is on another origin.
    case otherOrigin(String)
    /// It is the collection itself.
    case collectionItself
    /// It is outside the collection or deeper inside it.
    case outside
    /// Its last segment is not a resource name (a decoded `/`, `\` or control character).
    case badName

    package var description: String {
      switch self {
      case .notAURL: "not an http(s) URL"
      case .userInfo: "it holds a user name"
      case .query: "it has a query"
      case .otherOrigin(let origin): "it is on another host (\(origin))"
      case .collectionItself: "it is the collection itself"
      case .outside: "it is not directly inside the collection"
      case .badName: "its name holds an encoded '/', '\\' or control character"
      }
    }
  }

  /// The collection's origin.
  package let origin: Origin
  /// The collection's URL in normal form, ending in `/`.
  package let text: String
  /// The collection's path segments, percent-decoded.
  private let segments: [[UInt8]]

  /// The scope of the collection at `collection`; `nil` when it is not an http(s) URL.
  package init?(collection: URL) {
    guard let location = Location(collection.absoluteString) else { return nil }
    origin = location.origin
    segments = location.segments.map(Self.decoded)
    text = location.prefix + location.path(trailingSlash: true)
  }

  /// `href`, met in the answer to a request for `base`, as the URL of a direct member of the
  /// collection (a collection itself when `allowsCollection`, e.g. a calendar in a home).
  package func member(_ href: String, base: URL, allowsCollection: Bool = false) -> Result<
    URL, Refusal
  > {
    guard let location = Self.resolve(href, against: base.absoluteString) else {
      return .failure(.notAURL)
    }
    if location.hasUserInfo { return .failure(.userInfo) }
    if location.query != nil { return .failure(.query) }
    guard location.origin == origin else {
      return .failure(.otherOrigin(location.origin.description))
    }
    let decoded = location.segments.map(Self.decoded)
    if decoded == segments { return .failure(.collectionItself) }
    guard decoded.count == segments.count + 1, decoded.starts(with: segments),
      let name = location.segments.last, let last = decoded.last,
      !location.trailingSlash || allowsCollection
    else { return .failure(.outside) }
    guard !last.contains(where: { $0 == 0x2F || $0 == 0x5C || $0 < 0x20 || $0 == 0x7F }) else {
      return .failure(.badName)
    }
    guard let url = URL(string: text + name + (location.trailingSlash ? "/" : "")) else {
      return .failure(.notAURL)
    }
    return .success(url)
  }

  /// `href` resolved against `base` and normalised, as a URL (user info kept out); `nil` when
  /// either is not an http(s) URL reference.
  package static func resolved(_ href: String, against base: URL) -> URL? {
    guard let location = resolve(href, against: base.absoluteString) else { return nil }
    return URL(string: location.text)
  }

  /// The origin of `url`, when it is an http(s) URL.
  package static func origin(of url: URL) -> Origin? { Location(url.absoluteString)?.origin }

  /// Whether `a` and `b` are hosts of one registrable domain, judged without the public-suffix
  /// list (bdconvert carries no data that goes stale): names, not address literals, whose last
  /// two labels are equal, or last three when the second-level label is a generic one under a
  /// two-letter country code (`co.uk`, `com.au`, `ne.jp`), and neither host is such a suffix
  /// itself. Suffixes of the list's private section (`github.io`) are not known, so hosts under
  /// them count as one domain: this is why the rule is used only for what the origin's own
  /// discovery answers name, and only over https.
  package static func sameRegistrableDomain(_ a: String, _ b: String) -> Bool {
    guard let first = registrableDomain(a), let second = registrableDomain(b) else { return false }
    return first == second
  }

  static let genericSecondLevel: Set<Substring> = [
    "ac", "co", "com", "edu", "go", "gob", "gov", "gv", "ltd", "me", "mil", "ne", "net", "nhs",
    "nic", "nom", "or", "org", "plc", "sch",
  ]

  static func registrableDomain(_ host: String) -> [Substring]? {
    let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let top = labels.last,
      labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isHostCharacter) }),
      top.contains(where: { $0.isLetter })  // an IPv4 address has no domain
    else { return nil }
    let second = labels[labels.count - 2]
    let count = top.count == 2 && genericSecondLevel.contains(second) ? 3 : 2
    guard labels.count >= count else { return nil }
    return Array(labels.suffix(count))
  }

  /// `text` for a message: the user info of a URL left out, control characters escaped, at most
  /// 300 characters.
  package static func printable(_ text: String) -> String {
    var text = text
    if let schemeEnd = text.range(of: "://") {
      let rest = text[schemeEnd.upperBound...]
      let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        text.removeSubrange(schemeEnd.upperBound...at)
      }
    }
    var out = ""
    for scalar in text.unicodeScalars.prefix(300) {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return text.unicodeScalars.count > 300 ? out + "…" : out
  }

  // MARK: - Parsing

  /// An absolute http(s) URL in normal form.
  struct Location: Equatable {
    var origin: Origin
    var hasUserInfo: Bool
    /// Path segments in normal form: no empty, `.` or `..` segment.
    var segments: [String]
    var trailingSlash: Bool
    var query: String?

    /// `scheme://host[:port]`.
    var prefix: String { origin.description }

    func path(trailingSlash: Bool) -> String {
      "/" + segments.joined(separator: "/") + (trailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// The whole URL, user info left out.
    var text: String {
      prefix + path(trailingSlash: trailingSlash) + (query.map { "?" + $0 } ?? "")
    }

    /// Parses an absolute URL (after ``encoded(_:)``); `nil` unless it is http(s) with a host.
    init?(_ raw: String) {
      guard var text = DAVURLScope.encoded(raw) else { return nil }
      if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
      guard let colon = text.firstIndex(of: ":") else { return nil }
      let scheme = text[..<colon].lowercased()
      guard scheme == "http" || scheme == "https" else { return nil }
      let afterScheme = text[text.index(after: colon)...]
      guard afterScheme.hasPrefix("//") else { return nil }
      let rest = afterScheme.dropFirst(2)
      let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
      var authority = rest[..<authorityEnd]
      var pathAndQuery = rest[authorityEnd...]
      hasUserInfo = false
      if let at = authority.lastIndex(of: "@") {
        hasUserInfo = true
        authority = authority[authority.index(after: at)...]
      }
      guard let (host, port) = DAVURLScope.hostAndPort(authority, scheme: scheme) else {
        return nil
      }
      origin = Origin(scheme: scheme, host: host, port: port)
      query = nil
      if let mark = pathAndQuery.firstIndex(of: "?") {
        query = String(pathAndQuery[pathAndQuery.index(after: mark)...])
        pathAndQuery = pathAndQuery[..<mark]
      }
      guard let (segments, trailingSlash) = DAVURLScope.normalizedPath(pathAndQuery) else {
        return nil
      }
      self.segments = segments
      self.trailingSlash = trailingSlash
    }
  }

  /// `href` resolved against the absolute URL `base` (RFC 3986 section 5.2) and normalised.
  static func resolve(_ href: String, against base: String) -> Location? {
    guard let text = encoded(href), let base = Location(base) else { return nil }
    let schemeEnd = text.firstIndex(of: ":")
    let beforeColon = schemeEnd.map { text[..<$0] } ?? ""
    if let first = beforeColon.first, first.isASCII, first.isLetter,
      beforeColon.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    {
      return Location(text)
    }
    if text.hasPrefix("//") { return Location(base.origin.scheme + ":" + text) }
    var reference = Substring(text)
    if let hash = reference.firstIndex(of: "#") { reference = reference[..<hash] }
    let path: String
    var query = base.query.map { "?" + $0 } ?? ""
    if reference.hasPrefix("/") {
      path = String(reference)
      query = ""
    } else if reference.isEmpty || reference.hasPrefix("?") {
      path = base.path(trailingSlash: base.trailingSlash)
      if !reference.isEmpty { query = String(reference) }
    } else {
      let directory = base.trailingSlash ? base.segments : base.segments.dropLast()
      path = "/" + directory.map { $0 + "/" }.joined() + reference
      query = ""
    }
    return Location(base.prefix + path + query)
  }

  /// `text` with the characters a URL may not hold percent-encoded (UTF-8); `nil` when a `%` is
  /// not followed by two hex digits.
  static func encoded(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x25 {  // %
        guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil,
          hexValue(bytes[index + 2]) != nil
        else { return nil }
      }
      if isURICharacter(byte) {
        out.append(byte)
      } else {
        out += percentEscape(byte)
      }
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The host (lowercase, one final dot dropped, IPv6 in brackets) and port of an authority
  /// without user info; `nil` unless the host is a plain name, an IPv4 or an IPv6 literal.
  static func hostAndPort(_ authority: Substring, scheme: String) -> (String, Int)? {
    var host: Substring
    var portText: Substring = ""
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
      let inner = host.dropFirst().dropLast()
      guard !inner.isEmpty, inner.contains(":"),
        inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
      else { return nil }
      let rest = authority[authority.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        portText = rest.dropFirst()
      }
    } else {
      if let colon = authority.firstIndex(of: ":") {
        host = authority[..<colon]
        portText = authority[authority.index(after: colon)...]
      } else {
        host = authority
      }
      if host.hasSuffix(".") { host = host.dropLast() }
      guard !host.isEmpty, host.allSatisfy({ isHostCharacter($0) || $0 == "." }),
        !host.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
      else { return nil }
    }
    var port = Origin.defaultPort(scheme)
    if !portText.isEmpty {
      guard portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int(portText), (1...65535).contains(value)
      else { return nil }
      port = value
    }
    return (host.lowercased(), port)
  }

  static func isHostCharacter(_ character: Character) -> Bool {
    character.isASCII
      && (character.isLetter || character.isNumber || character == "-"
        || character == "_")
  }

  /// The segments of an absolute path in normal form, and whether it ends in `/` (also after a
  /// final `.` or `..`); `nil` for a path that does not start with `/` and is not empty.
  static func normalizedPath(_ path: Substring) -> (segments: [String], trailingSlash: Bool)? {
    if path.isEmpty { return ([], true) }
    guard path.hasPrefix("/") else { return nil }
    var segments: [String] = []
    var trailingSlash = false
    for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      let segment = normalizedSegment(raw)
      switch segment {
      case "": trailingSlash = true
      case ".": trailingSlash = true
      case "..":
        if !segments.isEmpty { segments.removeLast() }
        trailingSlash = true
      default:
        segments.append(segment)
        trailingSlash = false
      }
    }
    return (segments, trailingSlash)
  }

  /// One path segment (already ``encoded(_:)``) with escapes of unreserved characters decoded,
  /// the others in upper case, and the characters a segment may not hold escaped.
  static func normalizedSegment(_ segment: Substring) -> String {
    let bytes = Array(segment.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x25, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      {
        let value = high << 4 | low
        if isUnreserved(value) { out.append(value) } else { out += percentEscape(value) }
        index += 3
        continue
      }
      if isUnreserved(byte) || isSubDelimiter(byte) || byte == 0x3A || byte == 0x40 {
        out.append(byte)
      } else {
        out += percentEscape(byte)
      }
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A segment in normal form, percent-decoded to bytes.
  static func decoded(_ segment: String) -> [UInt8] {
    let bytes = Array(segment.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x25, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }

  static func percentEscape(_ byte: UInt8) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    return [0x25, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
  }

  /// ALPHA, DIGIT, `-`, `.`, `_`, `~`.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: true
    default: false
    }
  }

  /// `!$&'()*+,;=`.
  static func isSubDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: true
    default: false
    }
  }

  /// The characters of RFC 3986 (unreserved, reserved and `%`).
  static func isURICharacter(_ byte: UInt8) -> Bool {
    isUnreserved(byte) || isSubDelimiter(byte) || byte == 0x25
      || [0x3A, 0x2F, 0x3F, 0x23, 0x5B, 0x5D, 0x40].contains(byte)
  }
}
