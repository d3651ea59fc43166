import Foundation
import PackagePlugin

/// `swift package sdkvet [--target NAME ...] [scan options] [path ...]`: runs `sdkvet scan` over
/// the binary artifacts of the package it runs in.
///
/// What is scanned: the artifact of every binary target (`.binaryTarget`) in the package graph,
/// the package's own and its dependencies', as SwiftPM placed it: a remote artifact or a local
/// zip is unpacked under `.build/artifacts/<package>/<target>/`, a local `.xcframework` or
/// `.artifactbundle` stays where its `path:` names. These are the SDKs the app links, and only
/// those: a stale folder left in `.build/artifacts` by an earlier dependency is not. `--target`
/// (repeatable) keeps only the binary targets with that name; every other argument goes to
/// `sdkvet scan` as it is (`--format`, `--output`, `--fail-on`, `--policy`, more paths).
///
/// sdkvet runs in the package's folder, so relative paths (`--output`, `--policy`, a team's
/// `.sdkvet.json`) are the package's, and artifacts inside it are reported by relative paths.
/// The command fails when `sdkvet scan` exits non-zero: a finding at or above `--fail-on`, an
/// unreadable input, or a usage error.
@main
struct SDKVetPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let wanted = extractor.extractOption(named: "target")
    let forwarded = extractor.remainingArguments
    let sdkvet = try context.tool(named: "sdkvet")
    // The plugin package over the release's artifact bundle has sdkvet itself as a binary target:
    // it is the tool, not an SDK the app links.
    let toolPath = sdkvet.url.standardizedFileURL.path
    let targets = binaryTargets(in: context.package).filter { target in
      !toolPath.hasPrefix(target.artifactURL.standardizedFileURL.path + "/")
        && (wanted.isEmpty || wanted.contains(target.name))
    }
    let unknown = Set(wanted).subtracting(targets.map(\.name))
    if !unknown.isEmpty {
      throw PluginFailure("no binary target named \(unknown.sorted().joined(separator: ", "))")
    }
    let packageFolder = context.package.directoryURL.standardizedFileURL.path
    let paths = targets.map { relative($0.artifactURL.standardizedFileURL.path, to: packageFolder) }
    if paths.isEmpty {
      Diagnostics.warning("\(context.package.displayName) and its dependencies have no binary targets")
    }
    let process = Process()
    process.executableURL = sdkvet.url
    // `--` keeps a path from being read as an option, unless the arguments already ended options.
    process.arguments = ["scan"] + forwarded + (forwarded.contains("--") ? [] : ["--"]) + paths
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw PluginFailure("sdkvet scan ended with status \(process.terminationStatus)")
    }
  }

  /// Every binary target of `root` and of the packages it depends on, each package once, in
  /// graph order.
  private func binaryTargets(in root: Package) -> [BinaryArtifactTarget] {
    var seen: Set<Package.ID> = []
    var pending = [root]
    var found: [BinaryArtifactTarget] = []
    while let package = pending.popLast() {
      guard seen.insert(package.id).inserted else { continue }
      found += package.targets.compactMap { $0 as? BinaryArtifactTarget }
      pending += package.dependencies.map(\.package).reversed()
    }
    return found
  }

  /// `path` relative to `folder` when it lies inside it, otherwise `path` unchanged.
  private func relative(_ path: String, to folder: String) -> String {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// A failure SwiftPM prints as `error: <message>` before ending the command with status 1.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
