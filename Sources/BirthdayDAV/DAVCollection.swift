import Foundation

/// A CalDAV calendar or CardDAV address book on a server: finding it, reading its resources in
/// batches, and changing single resources with entity-tag preconditions.
///
/// Every href of an answer goes through the collection's ``DAVURLScope``: a resource is used only
/// when it is directly inside the collection, on its origin; anything else is skipped with one
/// warning naming it (``DAVClient/onWarning``) and never requested. ``put(_:at:replacing:)`` and
/// ``delete(_:)`` check their URL the same way before anything is sent. Discovery goes to a
/// principal, home or calendar on another origin only when the client admits it
/// (``DAVClient/admit(_:namedBy:)``).
public struct DAVCollection: Sendable {
  /// What the collection holds.
  public enum Kind: Sendable {
    /// A CalDAV calendar collection (RFC 4791).
    case calendar
    /// A CardDAV address book (RFC 6352).
    case addressBook
  }

  /// The client that sends the requests.
  public let client: DAVClient
  /// The collection URL (ending in `/`).
  public let url: URL
  /// What it holds.
  public let kind: Kind
  /// Where its members may be.
  let scope: DAVURLScope?
  /// Whether this run made it (MKCALENDAR), for the user to be told its URL.
  public internal(set) var wasCreated = false

  /// How many resources one multiget asks for.
  public static let batchSize = 200

  /// Uses `url` as the collection as it is, without asking the server.
  public init(client: DAVClient, url: URL, kind: Kind) {
    self.client = client
    scope = DAVURLScope(collection: url)
    self.url = scope.flatMap { URL(string: $0.text) } ?? Self.directory(url)
    self.kind = kind
  }

  /// Finds the collection for `url`: the URL itself when it is a collection of `kind`; else,
  /// for a server or principal URL, the home set (through `/.well-known/caldav` or
  /// `/.well-known/carddav`, `current-user-principal` and `calendar-home-set` or
  /// `addressbook-home-set`) and in it the collection named `name` (display name or last path
  /// segment), made with MKCALENDAR when `create` is set. A calendar URL that does not exist is
  /// made when `create` is set.
  /// - Throws: ``DAVError/notACalendar(url:reason:)`` naming the collections found when none
  ///   can be chosen, or what the requests throw.
  /// - Parameter createdName: the display name of a calendar made at `url` itself (default:
  ///   `name`, else the URL's last segment).
  public static func discover(
    _ url: URL, kind: Kind, client: DAVClient, name: String? = nil, create: Bool = false,
    createdName: String? = nil
  ) throws(DAVError) -> DAVCollection {
    let homeProperty = kind == .calendar ? "c:calendar-home-set" : "a:addressbook-home-set"
    let homeName: DAVPropertyName = kind == .calendar ? .calendarHomeSet : .addressbookHomeSet
    let typeName: DAVPropertyName = kind == .calendar ? .calendar : .addressbook
    var target = url
    if url.path.isEmpty || url.path == "/" {
      let wellKnown = kind == .calendar ? "/.well-known/caldav" : "/.well-known/carddav"
      if let candidate = URL(string: wellKnown, relativeTo: url)?.absoluteURL {
        target = candidate
      }
    }
    let request = DAVRequestBody.propfind(
      ["d:resourcetype", "d:displayname", "d:current-user-principal", homeProperty])
    var (response, answered) = try client.exchange(
      "PROPFIND", target, headers: ["Depth": "0", "Content-Type": xml], body: request,
      redirects: .discovery)
    if response.status == 404, target != url {
      target = url  // no well-known redirect: ask the server root itself
      (response, answered) = try client.exchange(
        "PROPFIND", target, headers: ["Depth": "0", "Content-Type": xml], body: request,
        redirects: .discovery)
    }
    target = answered
    // A missing collection: 404, or (Xandikos) a 207 whose one response says 404.
    let own =
      response.status == 404
      ? nil : try Self.properties(of: response, url: target, method: "PROPFIND").first
    if response.status == 404 || own?.status == 404 {
      if create, kind == .calendar {
        return try make(
          url, displayName: createdName ?? name ?? url.lastPathComponent, client: client)
      }
      throw .notACalendar(
        url: url.absoluteString,
        reason: "no such collection (HTTP 404)",
        hint: kind == .calendar ? .createTheCalendar : nil)
    }
    if own?.properties[.resourcetype]?.children.contains(typeName) == true {
      return DAVCollection(client: client, url: target, kind: kind)
    }
    // A collection of the other kind is a mix-up, not a principal to look further from.
    if own?.properties[.resourcetype]?.children.contains(
      kind == .calendar ? .addressbook : .calendar) == true
    {
      throw .notACalendar(
        url: url.absoluteString,
        reason: kind == .calendar
          ? "an address book (CardDAV), where a calendar (CalDAV) was expected"
          : "a calendar (CalDAV), where an address book (CardDAV) was expected")
    }
    var home = own?.properties[homeName]?.hrefs.first.map { (href: $0, base: target) }
    if home == nil, let principal = own?.properties[.currentUserPrincipal]?.hrefs.first {
      let principalURL = try admitted(principal, base: target, as: "principal", client: client)
      let (answer, answeredURL) = try client.exchange(
        "PROPFIND", principalURL, headers: ["Depth": "0", "Content-Type": xml],
        body: DAVRequestBody.propfind([homeProperty]), redirects: .discovery)
      home = try Self.properties(of: answer, url: principalURL, method: "PROPFIND").first?
        .properties[homeName]?.hrefs.first.map { (href: $0, base: answeredURL) }
    }
    guard let home else {
      throw .notACalendar(
        url: url.absoluteString,
        reason: kind == .calendar
          ? "neither a calendar collection nor a server or principal URL with a calendar home"
          : "neither an address book nor a server or principal URL with an address-book home")
    }
    let homeURL = try admitted(home.href, base: home.base, as: "home", client: client)
    return try choose(
      in: homeURL, kind: kind, typeName: typeName, name: name, create: create,
      client: client, asked: url)
  }

  /// What `url` itself is: a calendar, an address book, or `nil` (anything else: a server or
  /// principal URL, a missing collection). One PROPFIND, Depth 0.
  public static func kind(of url: URL, client: DAVClient) throws(DAVError) -> Kind? {
    let answer = try client.send(
      "PROPFIND", url, headers: ["Depth": "0", "Content-Type": xml],
      body: DAVRequestBody.propfind(["d:resourcetype"]), redirects: .discovery)
    guard answer.status == 207 else { return nil }
    let type =
      try properties(of: answer, url: url, method: "PROPFIND").first?
      .properties[.resourcetype]?.children ?? []
    if type.contains(.calendar) { return .calendar }
    if type.contains(.addressbook) { return .addressBook }
    return nil
  }

  private static func choose(
    in home: URL, kind: Kind, typeName: DAVPropertyName, name: String?, create: Bool,
    client: DAVClient, asked: URL
  ) throws(DAVError) -> DAVCollection {
    let (answer, home) = try client.exchange(
      "PROPFIND", home, headers: ["Depth": "1", "Content-Type": xml],
      body: DAVRequestBody.propfind(["d:resourcetype", "d:displayname"]), redirects: .discovery)
    let scope = DAVURLScope(collection: home)
    let found = try properties(of: answer, url: home, method: "PROPFIND").compactMap {
      response -> (url: URL, name: String)? in
      guard response.properties[.resourcetype]?.children.contains(typeName) == true,
        let url = member(response.href, of: scope, base: home, client: client, collections: true)
      else { return nil }
      let display = response.properties[.displayname]?.text ?? ""
      return (directory(url), display.isEmpty ? url.lastPathComponent : display)
    }
    if let name,
      let match = found.first(where: { $0.name == name || $0.url.lastPathComponent == name })
    {
      return DAVCollection(client: client, url: match.url, kind: kind)
    }
    if let name, create, kind == .calendar {
      let slug = String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
      guard let url = URL(string: slug.isEmpty ? "birthdays" : slug, relativeTo: directory(home))
      else {
        throw .notACalendar(url: home.absoluteString, reason: "cannot name a calendar '\(name)'")
      }
      return try make(url.absoluteURL, displayName: name, client: client)
    }
    if name == nil, found.count == 1, let only = found.first {
      return DAVCollection(client: client, url: only.url, kind: kind)
    }
    let noun = kind == .calendar ? "calendar" : "address book"
    let listing = found.map { "'\($0.name)' \($0.url.absoluteString)" }.joined(separator: ", ")
    let wanted = name.map { "no \(noun) named '\($0)'" } ?? "several \(noun)s, none chosen"
    throw .notACalendar(
      url: asked.absoluteString,
      reason: "\(wanted) in \(home.absoluteString)"
        + (found.isEmpty ? "" : " (found: \(listing))"),
      hint: kind == .calendar ? .chooseACalendar : .chooseAnAddressBook)
  }

  /// Makes a calendar collection at `url` with MKCALENDAR.
  public static func make(_ url: URL, displayName: String, client: DAVClient) throws(DAVError)
    -> DAVCollection
  {
    let url = directory(url)
    // A URL that is taken is answered 403 (RFC 4791 5.3.1; Xandikos), 405 (sabre/dav) or 409
    // (Radicale). An earlier attempt that timed out, and was retried, may have made the calendar
    // after all: then it is there to be used.
    var made = DAVCollection(client: client, url: url, kind: .calendar)
    made.wasCreated = true
    do throws(DAVError) {
      let status = try client.send(
        "MKCALENDAR", url, headers: ["Content-Type": xml],
        body: DAVRequestBody.mkcalendar(displayName: displayName)
      ).status
      if (200..<300).contains(status) { return made }
      guard status == 405 || status == 409, try kind(of: url, client: client) == .calendar else {
        throw DAVError.status(url: url.absoluteString, method: "MKCALENDAR", status: status)
      }
    } catch {
      guard case .unauthorized(_, 403, _, _) = error, try kind(of: url, client: client) == .calendar
      else { throw error }
    }
    return made
  }

  /// Every member resource with its entity tag, without content (one PROPFIND, Depth 1).
  public func members() throws(DAVError) -> [DAVResource] {
    let answer = try client.send(
      "PROPFIND", url, headers: ["Depth": "1", "Content-Type": Self.xml],
      body: DAVRequestBody.propfind(["d:resourcetype", "d:getetag"]))
    if answer.status == 404 {
      throw .notACalendar(url: url.absoluteString, reason: "no such collection (HTTP 404)")
    }
    return try Self.properties(of: answer, url: url, method: "PROPFIND").compactMap { response in
      // The collection lists itself, as a collection, or spelled as it was asked for.
      guard response.properties[.resourcetype]?.children.contains(.collection) != true,
        response.href != url.path(percentEncoded: true), response.href != url.absoluteString,
        let member = Self.member(response.href, of: scope, base: url, client: client)
      else { return nil }
      return DAVResource(url: member, etag: response.etag)
    }
  }

  /// The content of `resources` (at most ``batchSize`` of them) in one multiget; resources the
  /// server no longer has are left out.
  public func fetch(_ resources: [DAVResource]) throws(DAVError) -> [DAVResource] {
    guard !resources.isEmpty else { return [] }
    let answer = try client.send(
      "REPORT", url, headers: ["Depth": "1", "Content-Type": Self.xml],
      body: DAVRequestBody.multiget(
        hrefs: resources.map { $0.url.path(percentEncoded: true) },
        addressData: kind == .addressBook))
    return try resourcesWithData(answer, method: "REPORT")
  }

  /// Every member with its content, ``batchSize`` at a time; `body` sees each batch in turn.
  public func forEachBatch(_ body: ([DAVResource]) throws -> Void) throws {
    let all = try members()
    var start = 0
    while start < all.count {
      let end = min(start + Self.batchSize, all.count)
      try body(try fetch(Array(all[start..<end])))
      start = end
    }
  }

  /// The events whose UID contains `uid` (a calendar-query; the caller checks equality).
  public func events(withUID uid: String) throws(DAVError) -> [DAVResource] {
    let answer = try client.send(
      "REPORT", url, headers: ["Depth": "1", "Content-Type": Self.xml],
      body: DAVRequestBody.eventsWithUID(uid))
    return try resourcesWithData(answer, method: "REPORT")
  }

  /// The outcome of a conditional change.
  public enum ChangeOutcome: Sendable, Equatable {
    /// Done; the new entity tag when the server gave one.
    case done(etag: String?)
    /// The precondition failed (412): someone changed or made the resource meanwhile.
    case conflict
    /// The resource is not there (404, 410): already deleted.
    case gone
  }

  /// Deletes `resource` if it is still at `etag` (`If-Match`; unconditional without one).
  public func delete(_ resource: DAVResource) throws(DAVError) -> ChangeOutcome {
    var headers: [String: String] = [:]
    if let etag = resource.etag { headers["If-Match"] = etag }
    let url = try checkedMember(resource.url)
    let answer = try client.send("DELETE", url, headers: headers)
    return try outcome(answer, method: "DELETE", url: url)
  }

  /// Stores `data` at `url`: only if nothing is there when `etag` is `nil` (`If-None-Match: *`),
  /// else only if the resource is still at `etag` (`If-Match`).
  public func put(_ data: Data, at url: URL, replacing etag: String?) throws(DAVError)
    -> ChangeOutcome
  {
    var headers = [
      "Content-Type": kind == .calendar
        ? "text/calendar; charset=utf-8" : "text/vcard; charset=utf-8"
    ]
    if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
    let url = try checkedMember(url)
    let answer = try client.send("PUT", url, headers: headers, body: data)
    return try outcome(answer, method: "PUT", url: url)
  }

  private func outcome(_ answer: HTTPResponse, method: String, url: URL) throws(DAVError)
    -> ChangeOutcome
  {
    switch answer.status {
    case 200..<300: return .done(etag: answer.header("ETag"))
    case 412: return .conflict
    case 404, 410: return .gone
    default: throw .status(url: url.absoluteString, method: method, status: answer.status)
    }
  }

  private func resourcesWithData(_ answer: HTTPResponse, method: String) throws(DAVError)
    -> [DAVResource]
  {
    let dataName: DAVPropertyName = kind == .calendar ? .calendarData : .addressData
    return try Self.properties(of: answer, url: url, method: method).compactMap { response in
      guard (response.status ?? 200) < 300, let data = response.properties[dataName],
        let member = Self.member(response.href, of: scope, base: url, client: client)
      else { return nil }
      return DAVResource(url: member, etag: response.etag, data: Data(data.text.utf8))
    }
  }

  static let xml = "application/xml; charset=utf-8"

  /// The responses of a 207 answer; other statuses throw.
  static func properties(of answer: HTTPResponse, url: URL, method: String) throws(DAVError)
    -> [DAVResponse]
  {
    guard answer.status == 207 else {
      throw .status(url: url.absoluteString, method: method, status: answer.status)
    }
    do {
      return try DAVMultistatus.parse(answer.body)
    } catch {
      throw .malformedResponse(url: url.absoluteString, reason: error.description)
    }
  }

  /// `href` from the answer for `base` as a direct member of `scope`; `nil`, after one warning
  /// naming it, when it is not one.
  static func member(
    _ href: String, of scope: DAVURLScope?, base: URL, client: DAVClient,
    collections: Bool = false
  ) -> URL? {
    let result =
      scope?.member(href, base: base, allowsCollection: collections) ?? .failure(.notAURL)
    switch result {
    case .success(let url): return url
    case .failure(let refusal):
      client.warn(
        "skipping '\(DAVURLScope.printable(href))' in the answer for \(base.absoluteString): "
          + "\(refusal); it is not requested")
      return nil
    }
  }

  /// The member at `path` (percent-encoded, as ``CalDAVSyncTarget``'s inventory keeps it), when
  /// it is one.
  func member(atPath path: String) -> URL? {
    guard case .success(let url) = scope?.member(path, base: url) else {
      return nil
    }
    return url
  }

  /// `url` as a direct member of the collection, in normal form.
  /// - Throws: ``DAVError/refusedURL(url:reason:)`` when it is not one: nothing is sent.
  func checkedMember(_ url: URL) throws(DAVError) -> URL {
    guard case .success(let member) = scope?.member(url.absoluteString, base: self.url) else {
      throw .refusedURL(
        url: DAVURLScope.printable(url.absoluteString),
        reason: "not a resource directly inside the collection \(self.url.absoluteString); "
          + "nothing is changed there")
    }
    return member
  }

  /// `href`, named by the answer for `base` during discovery as the `role` (principal, home),
  /// when the client admits its origin.
  /// - Throws: ``DAVError/notACalendar(url:reason:)`` naming it otherwise.
  static func admitted(_ href: String, base: URL, as role: String, client: DAVClient)
    throws(DAVError) -> URL
  {
    guard let url = DAVURLScope.resolved(href, against: base), url.user == nil else {
      throw .notACalendar(
        url: base.absoluteString,
        reason: "the server names '\(DAVURLScope.printable(href))' as the \(role), not a usable URL"
      )
    }
    guard client.admit(url, namedBy: base) else {
      throw .notACalendar(
        url: base.absoluteString,
        reason: "the server names \(url.absoluteString) as the \(role), on another host than "
          + "the one given; requests go only to it and, over https, to hosts of its domain: "
          + "give the collection's URL")
    }
    return url
  }

  /// `url` with a final `/`, as collection URLs are written.
  static func directory(_ url: URL) -> URL {
    url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/") ?? url
  }
}

private let xml = DAVCollection.xml
