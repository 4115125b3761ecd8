// swift-tools-version: 6.0
// An example of BirthdayKit used as a library, through its public API only: built by .ci/run.

import PackageDescription

let package = Package(
  name: "BirthdayList",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "bdconvert", path: "../..")],
  targets: [
    .executableTarget(
      name: "birthday-list",
      dependencies: [.product(name: "BirthdayKit", package: "bdconvert")]
    )
  ]
)
