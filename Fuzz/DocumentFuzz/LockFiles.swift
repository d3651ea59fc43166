import BinaryImage
import Foundation
import PackageProvenance
import PrivacyAudit
import TargetDiscovery

/// Where a fuzzed lock or state file lies in the fuzzed project, and which target's package
/// record it is read for. The names are those of the seeds (`Samples/packages`), so that a seed
/// yields a full record and its fields reach the reporters.
struct LockFilePlacement {
  /// The scanned root: the project folder.
  static let root = "/fuzz"

  /// The lock or state file.
  let file: String
  /// The target a dependency manager put there.
  let target: String

  /// The placement of `document`, `nil` for the property lists and the overlay.
  init?(_ document: FuzzedDocument) {
    let root = Self.root
    let swiftPMTarget = root + "/.build/artifacts/goodkit/GoodKit/GoodKit.xcframework"
    let carthageTarget = root + "/Carthage/Build/GoodKit.xcframework"
    switch document {
    case .manifest, .infoPlist, .infoPlistStrings, .catalogOverlay, .savedReport: return nil
    case .podfileLock: (file, target) = (root + "/Podfile.lock", root + "/Pods/TrackerKit/TrackerKit.framework")
    case .packageResolved: (file, target) = (root + "/Package.resolved", swiftPMTarget)
    case .workspaceState: (file, target) = (root + "/.build/workspace-state.json", swiftPMTarget)
    case .cartfileResolved: (file, target) = (root + "/Cartfile.resolved", carthageTarget)
    case .carthageVersionFile: (file, target) = (root + "/Carthage/Build/.GoodKit.version", carthageTarget)
    }
  }

  /// The target with `bytes` as this lock file, its package record read by `PackageProvenance`
  /// as `sdkvet scan` reads it (through the scan's file system seam, inside the scanned root).
  func evidence(holding bytes: Data, binary image: ScannedImage) -> TargetEvidence {
    let fileSystem = OneFileSystem(path: file, bytes: Array(bytes))
    let binary = ScannedBinary(file: TargetFile(path: target + "/GoodKit"), format: .machO, images: [image])
    let discovered = DiscoveredTarget(path: target, kind: .xcframework, binaries: [binary.file])
    let package = PackageProvenance(fileSystem: fileSystem).attribute([discovered], roots: [Self.root])[target]
    return TargetEvidence(target: discovered, binaries: [binary], package: package)
  }
}

/// A read-only file system holding one regular file: the folders on its path exist (each
/// listing the next component), nothing else does, and there are no links.
struct OneFileSystem: ScanFileSystem {
  let path: String
  let bytes: [UInt8]

  func linkStatus(_ query: String) -> FileStatus? {
    status(query)
  }

  func status(_ query: String) -> FileStatus? {
    if query == path { return FileStatus(kind: .regular, identity: FileIdentity(device: 1, inode: 1)) }
    guard path.hasPrefix(Self.folderPrefix(query)) else { return nil }
    return FileStatus(kind: .directory, identity: FileIdentity(device: 1, inode: UInt64(query.utf8.count) + 2))
  }

  func resolvedPath(_ query: String) -> String? {
    status(query) == nil ? nil : query
  }

  func linkTarget(_ query: String) -> String? {
    nil
  }

  func directoryEntries(_ query: String) -> [String]? {
    let prefix = Self.folderPrefix(query)
    guard path.hasPrefix(prefix) else { return nil }
    return [String(path.dropFirst(prefix.count).prefix { $0 != "/" })]
  }

  func contents(of query: String, limit: Int) throws(BinaryError) -> FileBytes {
    guard query == path else { throw BinaryError(.io, "no such file") }
    return FileBytes(copying: bytes.prefix(limit), fileSize: bytes.count)
  }

  private static func folderPrefix(_ folder: String) -> String {
    folder.hasSuffix("/") ? folder : folder + "/"
  }
}
