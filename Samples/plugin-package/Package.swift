// swift-tools-version:6.1
import PackageDescription

/// A package as an app team has it: two vendor SDKs as binary targets, and sdkvet as a
/// dependency for its `swift package sdkvet` command (`Scripts/check-plugin` runs it).
let package = Package(
  name: "plugin-package",
  products: [
    .library(name: "Kits", targets: ["GoodKit", "StaticKit"])
  ],
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    // A local zip: SwiftPM unpacks it to .build/artifacts/plugin-package/GoodKit/.
    .binaryTarget(name: "GoodKit", path: "GoodKit.xcframework.zip"),
    // A local xcframework: SwiftPM uses it where it is.
    .binaryTarget(name: "StaticKit", path: "Vendor/StaticKit.xcframework"),
  ]
)
