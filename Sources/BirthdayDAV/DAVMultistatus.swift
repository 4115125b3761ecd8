import BirthdayKit
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A property name: XML namespace and local name.
public struct DAVPropertyName: Hashable, Sendable {
  /// The namespace URI (`DAV:`, `urn:ietf:params:xml:ns:caldav`).
  public var namespace: String
  /// The local name (`getetag`).
  public var name: String

  /// Creates a name.
  public init(_ namespace: String, _ name: String) {
    self.namespace = namespace
    self.name = name
  }

  static let dav = "DAV:"
  static let caldav = "urn:ietf:params:xml:ns:caldav"
  static let carddav = "urn:ietf:params:xml:ns:carddav"
  /// `DAV:getetag`.
  public static let getetag = DAVPropertyName(dav, "getetag")
  /// `DAV:resourcetype`.
  public static let resourcetype = DAVPropertyName(dav, "resourcetype")
  /// `DAV:displayname`.
  public static let displayname = DAVPropertyName(dav, "displayname")
  /// `DAV:current-user-principal`.
  public static let currentUserPrincipal = DAVPropertyName(dav, "current-user-principal")
  /// `CALDAV:calendar-home-set`.
  public static let calendarHomeSet = DAVPropertyName(caldav, "calendar-home-set")
  /// `CALDAV:calendar-data`.
  public static let calendarData = DAVPropertyName(caldav, "calendar-data")
  /// `CARDDAV:addressbook-home-set`.
  public static let addressbookHomeSet = DAVPropertyName(carddav, "addressbook-home-set")
  /// `CARDDAV:address-data`.
  public static let addressData = DAVPropertyName(carddav, "address-data")
  /// `DAV:collection` (in a resourcetype).
  public static let collection = DAVPropertyName(dav, "collection")
  /// `CALDAV:calendar` (in a resourcetype).
  public static let calendar = DAVPropertyName(caldav, "calendar")
  /// `CARDDAV:addressbook` (in a resourcetype).
  public static let addressbook = DAVPropertyName(carddav, "addressbook")
}

/// The value of one property in a multistatus answer.
public struct DAVProperty: Sendable, Equatable {
  /// The text content (character data and CDATA of the element and its descendants).
  public var text: String = ""
  /// The `DAV:href` values inside it (`current-user-principal`, `calendar-home-set`).
  public var hrefs: [String] = []
  /// The names of its child elements (`resourcetype`: `collection`, `calendar`).
  public var children: [DAVPropertyName] = []
}

/// One `DAV:response` of a multistatus answer.
public struct DAVResponse: Sendable, Equatable {
  /// The href as the server wrote it (resolve it against the request URL).
  public var href: String = ""
  /// The status of the response itself (multiget: 404 for a missing resource), if given.
  public var status: Int?
  /// The properties found (in propstats with a 2xx status).
  public var properties: [DAVPropertyName: DAVProperty] = [:]

  /// The `getetag` value, quotes kept (as `If-Match` wants it).
  public var etag: String? {
    properties[.getetag].map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
      .flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// A multistatus body that cannot be read.
public struct MultistatusError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, with the line of the XML when known.
  public var description: String
}

/// Reads a WebDAV `207 Multi-Status` body (RFC 4918 §14.16) into ``DAVResponse`` values.
///
/// The body is untrusted input: anything that is not well-formed XML with a `DAV:multistatus`
/// root throws ``MultistatusError``; unknown elements are ignored; external entities are never
/// loaded; a status line that cannot be read counts as no status.
public enum DAVMultistatus {
  /// Parses `data`.
  public static func parse(_ data: Data) throws(MultistatusError) -> [DAVResponse] {
    // FoundationXML traps on element names that are not UTF-8 (found by fuzzing), and WebDAV
    // servers answer in UTF-8: anything else is refused before XMLParser sees it. Both checks
    // read the bytes in place: the answer may be as large as the client's cap.
    let bytes = data.span
    guard isUTF8(bytes) else {
      throw MultistatusError(description: "the answer is not UTF-8")
    }
    if let markup = unusualMarkup(bytes) {
      throw MultistatusError(description: "the answer contains \(markup)")
    }
    // Handed a whole document at once, libxml2 stops after 10,000,000 bytes ("huge input
    // lookup", XML_MAX_LOOKUP_LIMIT): a 10 MB PROPFIND answer failed as malformed XML.
    // From a stream, XMLParser feeds it 128 KiB at a time, and answers up to the client's cap
    // are read.
    let parser = XMLParser(stream: InputStream(data: data))
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let delegate = MultistatusDelegate()
    parser.delegate = delegate
    let ok = parser.parse()
    if !ok || delegate.failure != nil {
      let reason =
        delegate.failure ?? parser.parserError.map { "\(($0 as NSError).code)" } ?? "unknown"
      throw MultistatusError(
        description: "malformed multistatus XML (line \(parser.lineNumber)): \(reason)")
    }
    guard delegate.sawRoot else {
      throw MultistatusError(description: "not a DAV:multistatus answer")
    }
    return delegate.responses
  }

  /// Whether `bytes` are well-formed UTF-8 (no overlong forms, no surrogates).
  static func isUTF8(_ bytes: Span<UInt8>) -> Bool {
    isValidUTF8(bytes)
  }

  /// A document type declaration, or a processing instruction after the XML declaration,
  /// outside CDATA sections and comments: WebDAV answers have neither, and FoundationXML traps on
  /// a processing instruction without data (found by fuzzing). `nil` when there is none.
  static func unusualMarkup(_ bytes: Span<UInt8>) -> String? {
    var index = 0
    if starts("\u{FEFF}", bytes, at: 0) { index = 3 }
    // The XML declaration has its pseudo-attributes after white space and no markup inside;
    // `<?xml?>` is a processing instruction without data.
    if starts("<?xml", bytes, at: index), index + 5 < bytes.count,
      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5])
    {
      index += 5
      while index < bytes.count, !starts("?>", bytes, at: index) {
        if bytes[index] == UInt8(ascii: "<") { return "a malformed XML declaration" }
        index += 1
      }
      index += 2
    }
    while index < bytes.count {
      if bytes[index] != UInt8(ascii: "<") {
        index += 1
      } else if starts("<![CDATA[", bytes, at: index) {
        index = end(of: "]]>", bytes, from: index)
      } else if starts("<!--", bytes, at: index) {
        index = end(of: "-->", bytes, from: index)
      } else if starts("<!", bytes, at: index) {
        return "a document type declaration"
      } else if starts("<?", bytes, at: index) {
        return "a processing instruction"
      } else {
        index += 1
      }
    }
    return nil
  }

  /// Whether `bytes` hold `text`'s UTF-8 at `position`.
  private static func starts(_ text: String, _ bytes: Span<UInt8>, at position: Int) -> Bool {
    var position = position
    for byte in text.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  /// The index after the first `text` at or after `index` (past the end when there is none).
  private static func end(of text: String, _ bytes: Span<UInt8>, from index: Int) -> Int {
    var index = index
    while index < bytes.count, !starts(text, bytes, at: index) { index += 1 }
    return index + text.utf8.count
  }

  /// The number in an HTTP status line (`HTTP/1.1 404 Not Found`), or `nil`.
  static func statusCode(_ line: String) -> Int? {
    let parts = line.split(separator: " ")
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
    return Int(parts[1])
  }
}

private final class MultistatusDelegate: NSObject, XMLParserDelegate {
  var responses: [DAVResponse] = []
  var failure: String?
  var sawRoot = false
  private var path: [DAVPropertyName] = []
  private var response: DAVResponse?
  private var propstat: [DAVPropertyName: DAVProperty] = [:]
  private var propstatStatus: Int?
  private var property: (name: DAVPropertyName, value: DAVProperty)?
  private var text = ""

  private static let dav = DAVPropertyName.dav

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let name = DAVPropertyName(namespaceURI ?? "", elementName)
    if path.isEmpty {
      guard name == DAVPropertyName(Self.dav, "multistatus") else {
        failure = "the root element is \(elementName), not DAV:multistatus"
        parser.abortParsing()
        return
      }
      sawRoot = true
    }
    let depth = path.count  // 0 multistatus, 1 response, 2 propstat/href/status, 3 prop, 4 property
    path.append(name)
    text = ""
    if depth == 1, name.namespace == Self.dav, name.name == "response" {
      response = DAVResponse()
    } else if depth == 2, response != nil, name.namespace == Self.dav, name.name == "propstat" {
      propstat = [:]
      propstatStatus = nil
    } else if depth == 4, isInProp {
      property = (name, DAVProperty())
    } else if depth == 5, property != nil {
      property?.value.children.append(name)
    }
  }

  private var isInProp: Bool {
    path.count >= 4 && path[1] == DAVPropertyName(Self.dav, "response")
      && path[2] == DAVPropertyName(Self.dav, "propstat")
      && path[3] == DAVPropertyName(Self.dav, "prop") && response != nil
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
    if property != nil { property?.value.text += string }
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    let string = String(decoding: block, as: UTF8.self)
    text += string
    if property != nil { property?.value.text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard let name = path.popLast() else { return }
    let depth = path.count
    let isDAV = name.namespace == Self.dav
    switch depth {
    case 1 where isDAV && name.name == "response":
      if let response { responses.append(response) }
      response = nil
    case 2 where isDAV && name.name == "href":
      response?.href = text.trimmingCharacters(in: .whitespacesAndNewlines)
    case 2 where isDAV && name.name == "status":
      response?.status = DAVMultistatus.statusCode(
        text.trimmingCharacters(in: .whitespacesAndNewlines))
    case 2 where isDAV && name.name == "propstat":
      // A propstat without a status is taken as found; 4xx/5xx propstats list missing properties.
      if (200..<300).contains(propstatStatus ?? 200) {
        response?.properties.merge(propstat) { _, new in new }
      }
      propstat = [:]
    case 3 where isDAV && name.name == "status":
      propstatStatus = DAVMultistatus.statusCode(
        text.trimmingCharacters(in: .whitespacesAndNewlines))
    case 4:
      if let property, property.name == name {
        propstat[name] = property.value
      }
      property = nil
    default:
      if property != nil, isDAV, name.name == "href" {
        property?.value.hrefs.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
    text = ""
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if failure == nil { failure = "XML error \((parseError as NSError).code)" }
  }
}
