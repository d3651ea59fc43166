// swift-tools-version:6.1
import PackageDescription

/// A package as an app team has it: a vendor SDK as its own binary target, another from a
/// dependency, and sdkvet as a dependency for its `swift package sdkvet` command
/// (`Scripts/check-plugin` runs it; nothing here is built but sdkvet).
let package = Package(
  name: "plugin-package",
  products: [
    .library(name: "App", targets: ["App"])
  ],
  dependencies: [
    .package(path: "../.."),
    .package(path: "Vendor"),
  ],
  targets: [
    // A local zip: SwiftPM unpacks it to .build/artifacts/plugin-package/GoodKit/.
    .binaryTarget(name: "GoodKit", path: "GoodKit.xcframework.zip"),
    .target(name: "App", dependencies: ["GoodKit", .product(name: "StaticKit", package: "Vendor")]),
  ]
)
