// swift-tools-version:6.1
import PackageDescription

/// A vendor's package that ships its SDK as a local xcframework, as a dependency of
/// `plugin-package`: the plugin scans the binary targets of dependencies too.
let package = Package(
  name: "Vendor",
  products: [
    .library(name: "StaticKit", targets: ["StaticKit"])
  ],
  targets: [
    // A local xcframework, used where it is (a link to the copy in Samples/packages/XcodeApp).
    .binaryTarget(name: "StaticKit", path: "StaticKit.xcframework")
  ]
)
