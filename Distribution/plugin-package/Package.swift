// swift-tools-version:6.1
import PackageDescription

/// The `swift package sdkvet` command plugin over the prebuilt sdkvet of the release's artifact
/// bundle: a package that depends on this one gets the command without compiling sdkvet (its
/// Swift sources, libelf, libarchive). `Scripts/dist` writes this manifest, the plugin's source
/// (`Plugins/SDKVetPlugin/plugin.swift`, the one the source package builds) and
/// `sdkvet.artifactbundle.zip` into `dist/sdkvet-plugin/`; `Scripts/check-binary-plugin` uses that
/// folder from an app package outside the checkout, by path.
///
/// Published on its own (a repository of its own, as SwiftLint's plugins are), the binary target
/// names the release's bundle by URL and checksum instead (`swift package compute-checksum`):
/// `.binaryTarget(name: "sdkvet", url: "https://…/sdkvet.artifactbundle.zip", checksum: "…")`.
let package = Package(
  name: "sdkvet-plugin",
  products: [
    .plugin(name: "SDKVetPlugin", targets: ["SDKVetPlugin"])
  ],
  targets: [
    .binaryTarget(name: "sdkvet", path: "sdkvet.artifactbundle.zip"),
    .plugin(
      name: "SDKVetPlugin",
      capability: .command(
        intent: .custom(verb: "sdkvet", description: "Scan the package's binary targets (xcframeworks, artifact bundles) with sdkvet.")),
      dependencies: ["sdkvet"]),
  ]
)
