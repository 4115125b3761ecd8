import Foundation
import Testing

/// `Tests/DAV/scripted_server.py` on two ports of 127.0.0.1: `A`, the server the user names,
/// and `B`, "another host". It answers from a script (see the Python file) and logs every
/// request with the user of its `Authorization` header; stopped by its process id when
/// released.
final class ScriptedDAVServer {
  /// One request as the server logged it.
  struct Request: Equatable, CustomStringConvertible {
    var port: String
    var method: String
    var path: String
    /// The Basic user name, `-` when no credentials came.
    var user: String

    var description: String { "\(port) \(method) \(path) \(user)" }
  }

  let a: Int
  let b: Int
  private let process: Process
  private let folder: TemporaryDirectory

  /// Starts the server; `answers` in the script's form, `{A}` and `{B}` standing for the ports;
  /// over https with `tls` (a PEM certificate and its key).
  init(_ answers: [[String: Any]], tls: (certificate: String, key: String)? = nil) throws {
    folder = try TemporaryDirectory()
    a = try freePort()
    var other = try freePort()
    while other == a { other = try freePort() }
    b = other
    let script = try JSONSerialization.data(withJSONObject: answers)
    try folder.write("script.json", [UInt8](script))
    _ = FileManager.default.createFile(atPath: folder.url.path + "/requests.log", contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", packageRoot.path + "/Tests/DAV/scripted_server.py", "--port", "A=\(a)",
      "--port", "B=\(b)", "--script", folder.url.path + "/script.json", "--log",
      folder.url.path + "/requests.log", "--max-requests", "500", "--lifetime", "120",
    ]
    if let tls { process.arguments? += ["--tls-cert", tls.certificate, "--tls-key", tls.key] }
    process.standardOutput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: folder.url.path + "/errors.log", contents: nil)
    process.standardError = try FileHandle(
      forWritingTo: folder.url.appendingPathComponent("errors.log"))
    try process.run()
    self.process = process
    try waitForPort(a, process: process, log: folder.url.appendingPathComponent("errors.log"))
    try waitForPort(b, process: process, log: folder.url.appendingPathComponent("errors.log"))
  }

  deinit { stop(process) }

  /// `http://127.0.0.1:A` followed by `path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(a)\(path)" }

  /// The requests logged so far.
  var requests: [Request] {
    let text =
      (try? String(contentsOf: folder.url.appendingPathComponent("requests.log"), encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").map {
      let fields = $0.split(separator: " ", maxSplits: 3).map(String.init)
      return Request(
        port: fields[0], method: fields.count > 1 ? fields[1] : "",
        path: fields.count > 2 ? fields[2] : "", user: fields.count > 3 ? fields[3] : "")
    }
  }

  // MARK: - Answers

  /// A 207 answer with one `d:response` per (href, properties).
  static func multistatus(_ responses: [(href: String, properties: String)]) -> String {
    #"<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="urn:ietf:params:xml:ns:carddav">"#
      + responses.map {
        "<d:response><d:href>\(escaped($0.href))</d:href><d:propstat><d:prop>\($0.properties)"
          + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
      }.joined() + "</d:multistatus>"
  }

  /// The properties of a calendar collection.
  static let calendarProperties =
    "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
    + "<d:displayname>Birthdays</d:displayname>"

  /// The properties of an address book.
  static let addressBookProperties =
    "<d:resourcetype><d:collection/><a:addressbook/></d:resourcetype>"

  /// The properties of a member resource, with its calendar data (or `card`'s address data)
  /// when given.
  static func memberProperties(data: String? = nil, card: String? = nil) -> String {
    "<d:resourcetype/><d:getetag>\"e1\"</d:getetag>"
      + (data.map { "<c:calendar-data>\(escaped($0))</c:calendar-data>" } ?? "")
      + (card.map { "<a:address-data>\(escaped($0))</a:address-data>" } ?? "")
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// An answer of the script.
  static func answer(
    port: String? = nil, _ method: String, _ path: String, depth: String? = nil,
    contains: String? = nil, status: Int, headers: [String: String] = [:], body: String = ""
  ) -> [String: Any] {
    var rule: [String: Any] = [
      "method": method, "status": status, "headers": headers, "body": body,
    ]
    // A path ending in `*` matches the paths it starts.
    if path.hasSuffix("*") {
      rule["path_prefix"] = String(path.dropLast())
    } else {
      rule["path"] = path
    }
    if let port { rule["port"] = port }
    if let depth { rule["depth"] = depth }
    if let contains { rule["body_contains"] = contains }
    return rule
  }

  /// `/book/` as an address book on A whose members are at `hrefs`: its PROPFINDs (Depth 0 and
  /// 1), and a REPORT answer for each of `reports` (the cards at `hrefs`, in order), the first
  /// answered once, the next once, and the last from then on.
  static func addressBookAtA(_ hrefs: [String], reports: [[String]]) -> [[String: Any]] {
    let propfinds = [
      answer(
        port: "A", "PROPFIND", "/book/", depth: "0", status: 207,
        body: multistatus([("/book/", addressBookProperties)])),
      answer(
        port: "A", "PROPFIND", "/book/", depth: "1", status: 207,
        body: multistatus(
          [("/book/", addressBookProperties)] + hrefs.map { ($0, memberProperties()) })),
    ]
    return propfinds
      + reports.enumerated().map { index, cards in
        var report = answer(
          port: "A", "REPORT", "/book/", status: 207,
          body: multistatus(zip(hrefs, cards).map { ($0, memberProperties(card: $1)) }))
        if index < reports.count - 1 { report["times"] = 1 }
        return report
      }
  }

  /// `/cal/` as a calendar collection on A, its discovery PROPFIND answered: the start of most
  /// scripts.
  static var calendarAtA: [String: Any] {
    answer(
      port: "A", "PROPFIND", "/cal/", depth: "0", status: 207,
      body: multistatus([("/cal/", calendarProperties)]))
  }
}
