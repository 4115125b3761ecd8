import Foundation
import Testing

/// The README stays a five-minute read, its links and the guides' links lead somewhere, and the
/// newcomer's first command works (issue 32, item 7).
@Suite struct DocumentationTests {
  /// The Markdown files a reader follows links through.
  static func documents() throws -> [URL] {
    let docs = packageRoot.appendingPathComponent("docs")
    let guides = try FileManager.default.contentsOfDirectory(
      at: docs, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "md" }
    let others = [
      "README.md", "CONTRIBUTING.md", "Benchmarks/README.md",
      "Benchmarks/results/2026-11-history.md", "Benchmarks/results/2026-11-changelog-unreleased.md",
    ].map { packageRoot.appendingPathComponent($0) }
    return others + guides.sorted { $0.path < $1.path }
  }

  static func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  /// The lines outside fenced code blocks (a link in an example is not a link).
  static func prose(_ text: String) -> [Substring] {
    var inFence = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        return false
      }
      return !inFence
    }
  }

  /// `[text](target)` targets that are not web or mail addresses.
  static func relativeLinks(in text: String) -> [String] {
    var links: [String] = []
    for line in prose(text) {
      var rest = line[...]
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        let target = String(after[..<close])
        if !target.contains("://"), !target.hasPrefix("mailto:") { links.append(target) }
        rest = after[close...]
      }
    }
    return links
  }

  /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
  static func anchor(_ heading: Substring) -> String {
    String(
      heading.lowercased().filter { $0.isLetter || $0.isNumber || "-_ ".contains($0) }
        .map { $0 == " " ? "-" : $0 })
  }

  static func anchors(in text: String) -> Set<String> {
    Set(
      prose(text).filter { $0.hasPrefix("#") }.map {
        anchor($0.drop(while: { $0 == "#" }).drop(while: { $0 == " " }))
      })
  }

  @Test func readmeIsAFiveMinuteRead() throws {
    let readme = try Self.read(packageRoot.appendingPathComponent("README.md"))
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lines <= 250, "README.md has \(lines) lines; move detail to docs/")
  }

  @Test func everyRelativeLinkLeadsToAFileAndHeading() throws {
    for document in try Self.documents() {
      let text = try Self.read(document)
      let folder = document.deletingLastPathComponent()
      for link in Self.relativeLinks(in: text) {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let target = path.isEmpty ? document : folder.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder)
        #expect(exists, "\(document.lastPathComponent): '\(link)' leads nowhere")
        guard exists, parts.count == 2, !isFolder.boolValue, target.pathExtension == "md" else {
          continue
        }
        let headings = Self.anchors(in: try Self.read(target))
        #expect(
          headings.contains(String(parts[1])),
          "\(document.lastPathComponent): '\(link)' names no heading of \(target.lastPathComponent)"
        )
      }
    }
  }

  @Test func anchorsAreGitHubs() {
    #expect(Self.anchor("`list` and `delete` on a server") == "list-and-delete-on-a-server")
    #expect(
      Self.anchor("Bounds: what a server can cost a run") == "bounds-what-a-server-can-cost-a-run")
    #expect(Self.anchor("29 February") == "29-february")
  }

  @Test func readmeGivesTheTwoDeveloperCommands() throws {
    let readme = try Self.read(packageRoot.appendingPathComponent("README.md"))
    let lines = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("swift test"))
    let run = try #require(
      lines.first { $0.hasPrefix("swift run") && $0.contains("Samples/") },
      "README.md shows no 'swift run … Samples/…' command")
    // What follows the executable's name is what bdconvert gets; it must convert the samples.
    let words = run.split(separator: " ").map(String.init)
    let name = try #require(words.firstIndex(of: "bdconvert"))
    let folder = try TemporaryDirectory()
    let arguments = words[(name + 1)...].map { word in
      if word == "birthdays.ics" { return folder.url.appendingPathComponent(word).path }
      let sample = packageRoot.appendingPathComponent(word)
      return FileManager.default.fileExists(atPath: sample.path) ? sample.path : word
    }
    let result = runInProcess(Array(arguments))
    #expect(result.status == 0, "\(result.stderr)")
    let calendar = try String(
      contentsOf: folder.url.appendingPathComponent("birthdays.ics"), encoding: .utf8)
    #expect(calendar.contains("BEGIN:VEVENT"))
  }
}
