import Foundation

/// The XML bodies of the requests a CalDAV/CardDAV client sends.
enum DAVRequestBody {
  private static let header = #"<?xml version="1.0" encoding="utf-8"?>"#
  private static let namespaces =
    #"xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="urn:ietf:params:xml:ns:carddav""#

  /// PROPFIND for the given properties (`d:getetag`, `c:calendar-home-set`).
  static func propfind(_ properties: [String]) -> Data {
    Data(
      (header + "<d:propfind \(namespaces)><d:prop>"
        + properties.map { "<\($0)/>" }.joined() + "</d:prop></d:propfind>").utf8)
  }

  /// calendar-multiget (or addressbook-multiget with `addressData`) for `hrefs`.
  static func multiget(hrefs: [String], addressData: Bool = false) -> Data {
    let root = addressData ? "a:addressbook-multiget" : "c:calendar-multiget"
    let data = addressData ? "a:address-data" : "c:calendar-data"
    return Data(
      (header + "<\(root) \(namespaces)><d:prop><d:getetag/><\(data)/></d:prop>"
        + hrefs.map { "<d:href>\(escaped($0))</d:href>" }.joined() + "</\(root)>").utf8)
  }

  /// calendar-query for the VEVENTs whose UID contains `uid` (the caller checks equality).
  static func eventsWithUID(_ uid: String) -> Data {
    Data(
      (header + "<c:calendar-query \(namespaces)><d:prop><d:getetag/><c:calendar-data/></d:prop>"
        + #"<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">"#
        + #"<c:prop-filter name="UID"><c:text-match collation="i;octet">"#
        + escaped(uid)
        + "</c:text-match></c:prop-filter></c:comp-filter></c:comp-filter></c:filter>"
        + "</c:calendar-query>").utf8)
  }

  /// MKCALENDAR with a display name, for VEVENTs.
  static func mkcalendar(displayName: String) -> Data {
    Data(
      (header + "<c:mkcalendar \(namespaces)><d:set><d:prop>"
        + "<d:displayname>\(escaped(displayName))</d:displayname>"
        + #"<c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>"#
        + "</d:prop></d:set></c:mkcalendar>").utf8)
  }

  /// `text` with the XML special characters as entities; control characters that XML 1.0
  /// cannot carry become U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
