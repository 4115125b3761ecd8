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
    .executable(name: "bdconvert-dav", targets: ["bdconvert-dav"]),
  ],
  targets: [
    // The pipeline: input readers -> core model -> calendar writer / editor.
    .target(name: "BirthdayKit"),
    // libcurl's C interface (libcurl4-openssl-dev's headers), for BirthdayDAV only.
    .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
    // CalDAV/CardDAV: an HTTP client (libcurl), multistatus parsing, collections.
    .target(name: "BirthdayDAV", dependencies: ["BirthdayKit", "CCurl"]),
    // The command line: argument parsing, files, diagnostics, exit statuses. No network or XML
    // library: the server commands reach a server through its ServerBackend protocol.
    .target(name: "BDConvertCLI", dependencies: ["BirthdayKit"]),
    // The ServerBackend over BirthdayDAV, for bdconvert-dav.
    .target(name: "BDConvertServerCLI", dependencies: ["BDConvertCLI", "BirthdayDAV"]),
    // The executables are short entry points so the CLI stays testable. bdconvert hands a command
    // that names a server to bdconvert-dav (found next to it), so that it starts without loading
    // libcurl and libxml2.
    .executableTarget(name: "bdconvert", dependencies: ["BDConvertCLI"]),
    .executableTarget(
      name: "bdconvert-dav", dependencies: ["BDConvertCLI", "BDConvertServerCLI"]),
    // What the tests (and Fuzz/, for the oracles) share: the slow tier's tag, reference runs.
    .target(name: "TestSupport", dependencies: ["BirthdayKit"], path: "Tests/TestSupport"),
    .testTarget(
      name: "BirthdayKitTests",
      dependencies: ["BirthdayKit", "TestSupport"],
      resources: [.copy("Resources")]
    ),
    .testTarget(name: "BirthdayDAVTests", dependencies: ["BirthdayDAV", "TestSupport"]),
    .testTarget(
      name: "BDConvertCLITests",
      dependencies: [
        "BDConvertCLI", "BDConvertServerCLI", "BirthdayDAV", "bdconvert", "bdconvert-dav",
        "TestSupport",
      ]
    ),
  ]
)
