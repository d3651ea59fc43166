package import ScanFiles
package import TargetDiscovery

/// Names and versions the targets a dependency manager put in a scanned folder: SwiftPM
/// (`.build/artifacts`, Xcode's `SourcePackages/artifacts`), CocoaPods (`Pods/<Pod>`) and
/// Carthage (`Carthage/Build`), from their lock and state files.
///
/// Every file is read through the scan's `ScanFileSystem` (`document(at:)`), and only inside the
/// scanned root the target was found under: a manager's folder or lock file outside it is not
/// read, so scanning `Pods/X` alone names nothing. Each manager folder's files are read once
/// however many targets it holds. A lock file that cannot be read in full is an issue on every
/// record it was read for; whatever it did say is still used.
package struct PackageProvenance: Sendable {
  /// The file system the lock and state files are read from.
  package var fileSystem: any ScanFileSystem

  /// Creates the reader over `fileSystem` (the real one by default).
  package init(fileSystem: any ScanFileSystem = LocalFileSystem()) {
    self.fileSystem = fileSystem
  }

  /// The package record of every target a dependency manager put under one of `roots`.
  /// - Parameters:
  ///   - targets: The targets discovery found under `roots`.
  ///   - roots: The paths the user gave, each a scanned root.
  /// - Returns: Each managed target's record and issues, by target path; other targets are absent.
  package func attribute(_ targets: [DiscoveredTarget], roots: [ScanPath]) -> [ScanPath: PackageAttribution] {
    var readers: [ScanPath: StateFileReader] = [:]
    var swiftPM: [[ScanPath]: SwiftPMState] = [:]
    var cocoaPods: [[ScanPath]: CocoaPodsState] = [:]
    var carthage: [[ScanPath]: CarthageState] = [:]
    var attributions: [ScanPath: PackageAttribution] = [:]
    for target in targets {
      guard let location = ManagedLocation(targetPath: target.path),
        let root = roots.filter({ target.path.starts(with: $0) }).max(by: {
          $0.description.count < $1.description.count
        }),
        location.folder.starts(with: root)
      else { continue }
      let reader = readers[root] ?? StateFileReader(fileSystem: fileSystem, root: root)
      readers[root] = reader
      let key = [root, location.folder]
      switch location.layout {
      case .swiftPM(let identity, let targetName):
        let state = swiftPM[key] ?? SwiftPMState(folder: location.folder, project: location.project, reader: reader)
        swiftPM[key] = state
        attributions[target.path] = PackageAttribution(
          record: state.record(identity: identity, targetName: targetName), issues: state.issues)
      case .cocoaPods(let pod):
        let state = cocoaPods[key] ?? CocoaPodsState(folder: location.folder, project: location.project, reader: reader)
        cocoaPods[key] = state
        guard state.isManaged else { continue }
        attributions[target.path] = PackageAttribution(record: state.record(pod: pod), issues: state.issues)
      case .carthage(let framework):
        let state = carthage[key] ?? CarthageState(folder: location.folder, project: location.project, reader: reader)
        carthage[key] = state
        attributions[target.path] = PackageAttribution(record: state.record(framework: framework), issues: state.issues)
      }
    }
    return attributions
  }
}
