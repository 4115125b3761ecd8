import Foundation

/// The files the corpus tests read, as (path from the package root, bytes).
package enum TestCorpus {
  /// The package root.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every file of `folders` (paths from the package root).
  package static func files(in folders: [String]) throws -> [(name: String, bytes: [UInt8])] {
    try folders.flatMap { folder in
      let directory = root.appendingPathComponent(folder)
      return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map {
        ("\(folder)/\($0)", Array(try Data(contentsOf: directory.appendingPathComponent($0))))
      }
    }
  }

  /// Every input of the `ics` and `sync` fuzz corpora and every calendar fixture: what `list`,
  /// `delete` and `sync` must read alike whichever way they read it.
  package static func calendars() throws -> [(name: String, bytes: [UInt8])] {
    try files(in: ["Fuzz/Corpus/ics", "Fuzz/Corpus/sync", "Tests/BirthdayKitTests/Resources/ics"])
  }
}
