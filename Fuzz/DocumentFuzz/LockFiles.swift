import AuditModel
import BinaryImage
import Foundation
import PackageProvenance
import PrivacyAudit
import ScanFiles
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
    let binary = ScannedBinary(file: TargetFile(path: ScanPath(target + "/GoodKit")), format: .machO, images: [image])
    let discovered = DiscoveredTarget(path: ScanPath(target), kind: .xcframework, binaries: [binary.file])
    let package = PackageProvenance(fileSystem: fileSystem).attribute([discovered], roots: [ScanPath(Self.root)])[
      discovered.path]
    return TargetEvidence(target: discovered, binaries: [binary], package: package)
  }
}

/// A read-only file system holding one regular file: the folders on its path exist (each
/// listing the next component), nothing else does, and there are no links.
struct OneFileSystem: ScanFileSystem {
  let path: String
  let bytes: [UInt8]

  func linkStatus(_ query: ScanPath) -> Result<FileStatus, Errno> {
    status(query)
  }

  func status(_ query: ScanPath) -> Result<FileStatus, Errno> {
    let query = query.description
    if query == path { return .success(FileStatus(kind: .regular, identity: FileIdentity(device: 1, inode: 1))) }
    guard path.hasPrefix(Self.folderPrefix(query)) else { return .failure(.noSuchFile) }
    return .success(
      FileStatus(kind: .directory, identity: FileIdentity(device: 1, inode: UInt64(query.utf8.count) + 2)))
  }

  func resolvedPath(_ query: ScanPath) -> Result<ScanPath, Errno> {
    status(query).map { _ in query }
  }

  func linkTarget(_ query: ScanPath) -> Result<String, Errno> {
    .failure(.invalidArgument)
  }

  func directoryEntries(_ query: ScanPath) -> Result<[String], Errno> {
    let prefix = Self.folderPrefix(query.description)
    guard path.hasPrefix(prefix) else { return .failure(.noSuchFile) }
    return .success([String(path.dropFirst(prefix.count).prefix { $0 != "/" })])
  }

  func contents(of query: ScanPath, limit: Int) throws(BinaryError) -> FileBytes {
    guard query.description == path else { throw BinaryError(.io, "no such file") }
    return FileBytes(copying: bytes.prefix(limit), fileSize: bytes.count)
  }

  private static func folderPrefix(_ folder: String) -> String {
    folder.hasSuffix("/") ? folder : folder + "/"
  }
}
