import ScanFiles

/// Where a dependency manager put a target, read from the target's path alone: the manager's
/// folder (`.build`, `SourcePackages`, `Pods`, `Carthage/Build`) and the package it names.
struct ManagedLocation: Hashable {
  /// What the path says, per manager.
  enum Layout: Hashable {
    /// `<state>/artifacts/<identity>/[<target>/]<artifact>`; `state` is `.build` or `SourcePackages`.
    case swiftPM(identity: String, targetName: String?)
    /// `Pods/<pod>/…`.
    case cocoaPods(pod: String)
    /// `Carthage/Build/[<platform>/]<framework>.(xc)framework`.
    case carthage(framework: String)
  }

  /// The manager's folder: `.build`, `SourcePackages`, `Pods` or `Carthage/Build`.
  var folder: ScanPath
  /// The folder holding the manager's folder, where the project's lock file lives.
  var project: ScanPath
  /// The package the path names.
  var layout: Layout

  /// Folders under `Pods/` that CocoaPods itself writes, not pods.
  private static let podsSupportFolders: Set<Substring> = [
    "Target Support Files", "Headers", "Local Podspecs", "Pods.xcodeproj",
  ]

  /// The innermost manager folder on `path` (inside the innermost archive, for a target in
  /// one), or `nil` when no manager put the target there. The target itself must lie below the
  /// folder that names its package.
  init?(targetPath path: ScanPath) {
    let parts = path.innermost.split(separator: "/", omittingEmptySubsequences: false)
    let outer = path.segments.dropLast()
    // The folder of the first `end` components: with none, the working directory, `/` or the
    // archive's top.
    let folder = { (end: Int) -> ScanPath in
      let text =
        end == 0
        ? (outer.isEmpty ? "." : "") : end == 1 && parts[0].isEmpty ? "/" : parts[..<end].joined(separator: "/")
      return ScanPath(segments: outer + [text])
    }
    for index in parts.indices.reversed() {
      let name = parts[index]
      let parent = index > 0 ? parts[index - 1] : ""
      let below = parts.count - index - 1
      if name == "artifacts", parent == ".build" || parent == "SourcePackages", below >= 2 {
        let targetName = below >= 3 ? String(parts[index + 2]) : nil
        self.init(
          folder: folder(index), project: folder(index - 1),
          layout: .swiftPM(identity: String(parts[index + 1]), targetName: targetName))
        return
      }
      if name == "Pods", below >= 2, !Self.podsSupportFolders.contains(parts[index + 1]) {
        self.init(folder: folder(index + 1), project: folder(index), layout: .cocoaPods(pod: String(parts[index + 1])))
        return
      }
      if name == "Build", parent == "Carthage", below >= 1 {
        let last = parts[parts.count - 1]
        let framework = last.lastIndex(of: ".").map { last[..<$0] } ?? last
        self.init(
          folder: folder(index + 1), project: folder(index - 1), layout: .carthage(framework: String(framework)))
        return
      }
    }
    return nil
  }

  private init(folder: ScanPath, project: ScanPath, layout: Layout) {
    self.folder = folder
    self.project = project
    self.layout = layout
  }
}
