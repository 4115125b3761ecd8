// libFuzzer target: the hrefs of a server's answers, as bdconvert decides which of them it may
// request (issue 31). Built by Scripts/fuzz from Sources/BirthdayDAV/DAVURLScope.swift,
// DAVMultistatus.swift and DAVError.swift alone.
//
// The first byte picks a collection URL (root, port, https, IPv6, odd case) and whether hrefs
// are resolved against it or against a member of it; the rest is read both as a multistatus body
// (its hrefs: entities, CDATA, namespaces) and as lines of hrefs. For every href the scope
// accepts, checked independently of it with Foundation's own URL parser (what the request is
// built from):
// - the URL is on the collection's origin (scheme, host, port), without user info, query or
//   fragment, and has no dot segment (`standardized` leaves it unchanged);
// - it is the collection's URL text and one more segment, which is not empty, `.` or `..` and
//   holds no `/`, `\` or NUL once decoded (a trailing `/` only where collections are allowed);
// - accepting it again gives the same URL.
// And for every href: a host admitted by the registrable-domain rule shares the collection
// host's last two labels and is no address literal; a printed href carries no user info.
import Foundation

private let collections = [
  "http://127.0.0.1:5232/cal/", "http://127.0.0.1/", "https://dav.example.com/Home/Cal%20One/",
  "http://[::1]:8080/a/b/c/", "HTTPS://CalDAV.iCloud.com:443/123/calendars/home/",
  "http://localhost:5232/user/calendars/calendar",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func hrefScopeFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let choice = Int(data[0])
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  guard let collection = URL(string: collections[choice % collections.count]),
    let scope = DAVURLScope(collection: collection), let scopeURL = URL(string: scope.text)
  else { fatalError("a fixed collection URL does not parse") }
  let base = choice & 0x80 == 0 ? scopeURL : URL(string: scope.text + "member.ics") ?? scopeURL
  let allowsCollection = choice & 0x40 != 0
  var hrefs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  if let responses = try? DAVMultistatus.parse(Data(text.utf8)) {
    for response in responses {
      hrefs.append(response.href)
      for property in response.properties.values { hrefs += property.hrefs }
    }
  }
  for href in hrefs.prefix(200) {
    check(href, scope: scope, scopeURL: scopeURL, base: base, allowsCollection: allowsCollection)
  }
  return 0
}

private func check(
  _ href: String, scope: DAVURLScope, scopeURL: URL, base: URL, allowsCollection: Bool
) {
  let printed = DAVURLScope.printable(href)
  if let start = printed.range(of: "://") {
    let rest = printed[start.upperBound...]
    let authority = rest.prefix { !"/?#".contains($0) }
    precondition(!authority.contains("@"), "printed with user info: \(printed)")
  }
  if let resolved = DAVURLScope.resolved(href, against: base),
    let host = resolved.host, let own = scopeURL.host,
    DAVURLScope.sameRegistrableDomain(own, host)
  {
    let labels = { (name: String) in name.lowercased().split(separator: ".").suffix(2) }
    precondition(labels(own) == labels(host), "\(host) admitted for \(own)")
    precondition(!host.contains(":") && host.contains(where: \.isLetter), "address \(host)")
  }
  guard case .success(let url) = scope.member(href, base: base, allowsCollection: allowsCollection)
  else { return }
  let string = url.absoluteString
  guard let parsed = URL(string: string) else { fatalError("\(string) does not parse") }
  precondition(parsed.scheme == scopeURL.scheme, "scheme of \(string)")
  precondition(parsed.host == scopeURL.host && parsed.port == scopeURL.port, "origin of \(string)")
  precondition(parsed.user == nil && parsed.password == nil, "user info in \(string)")
  precondition(parsed.query == nil && parsed.fragment == nil, "query in \(string)")
  precondition(parsed.standardized.absoluteString == string, "dot segments in \(string)")
  precondition(string.hasPrefix(scope.text), "\(string) outside \(scope.text)")
  var name = string.dropFirst(scope.text.count)
  if allowsCollection, name.hasSuffix("/") { name = name.dropLast() }
  precondition(!name.isEmpty && !name.contains("/"), "\(string) not one segment below")
  precondition(!name.contains("?") && !name.contains("#"), "\(string) has a query")
  guard let decoded = name.removingPercentEncoding else {
    // Bytes that are no UTF-8: check them one by one.
    precondition(!name.contains("%2F") && !name.contains("%5C") && !name.contains("%00"))
    return
  }
  precondition(decoded != "." && decoded != "..", "\(string) is a dot segment")
  precondition(
    !decoded.contains("/") && !decoded.contains("\\") && !decoded.contains("\u{0}"),
    "\(string) hides a separator")
  guard case .success(let again) = scope.member(string, base: base, allowsCollection: true),
    again == url
  else { fatalError("\(string) is not accepted again as itself") }
}
