// swift-tools-version: 6.0
// bdconvert: birthdays from vCard and CSV address books to iCalendar. No package dependencies.

import PackageDescription

let package = Package(
  name: "bdconvert",
  // String(validating:as:) and the Swift 6 standard library on Apple platforms.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "BirthdayKit", targets: ["BirthdayKit"]),
    .executable(name: "bdconvert", targets: ["bdconvert"]),
  ],
  targets: [
    // The pipeline: input readers -> core model -> calendar writer / editor.
    .target(name: "BirthdayKit"),
    // CalDAV/CardDAV: an HTTP client (Foundation's URLSession), multistatus parsing, collections.
    .target(name: "BirthdayDAV", dependencies: ["BirthdayKit"]),
    // The command line: argument parsing, files, diagnostics, exit statuses.
    .target(name: "BDConvertCLI", dependencies: ["BirthdayKit", "BirthdayDAV"]),
    // The executable is a one-line entry point so the CLI stays testable.
    .executableTarget(name: "bdconvert", dependencies: ["BDConvertCLI"]),
    .testTarget(
      name: "BirthdayKitTests",
      dependencies: ["BirthdayKit"],
      resources: [.copy("Resources")]
    ),
    .testTarget(name: "BirthdayDAVTests", dependencies: ["BirthdayDAV"]),
    .testTarget(
      name: "BDConvertCLITests",
      dependencies: ["BDConvertCLI", "BirthdayDAV", "bdconvert"]
    ),
  ]
)
