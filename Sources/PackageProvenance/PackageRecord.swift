public import ScanFiles

/// A dependency manager sdkvet recognises by the folders and files it leaves in a project.
public enum PackageManager: String, Sendable, Hashable, CaseIterable {
  /// Swift Package Manager (`.build/artifacts`, Xcode's `SourcePackages/artifacts`).
  case swiftPM = "swiftpm"
  /// CocoaPods (`Pods/<Pod>`, `Podfile.lock`).
  case cocoaPods = "cocoapods"
  /// Carthage (`Carthage/Build`, `Cartfile.resolved`).
  case carthage

  /// The manager's own spelling of its name, as reports show it: `SwiftPM`, `CocoaPods`, `Carthage`.
  public var displayName: String {
    switch self {
    case .swiftPM: "SwiftPM"
    case .cocoaPods: "CocoaPods"
    case .carthage: "Carthage"
    }
  }
}

/// Which package a target came from, as its dependency manager recorded it: what a reviewer
/// writes in a review ("KochavaCore 7.6.0 from CocoaPods").
///
/// Only `manager` and `name` are always known (they come from where the target lies); the
/// rest comes from the manager's lock and state files and is `nil` when they do not say.
public struct PackageRecord: Sendable, Hashable {
  /// The manager that put the target there.
  public let manager: PackageManager
  /// The package: the SwiftPM package identity, the pod, or the Carthage project.
  public let name: String
  /// The resolved version (a tag for Carthage), when the package is pinned to one.
  public let version: String?
  /// The branch, when the package is pinned to a branch instead of a version.
  public let branch: String?
  /// The source-control revision (commit) resolved.
  public let revision: String?
  /// Where the package comes from: its repository URL or path, or the CocoaPods spec repository.
  public let source: String?
  /// The URL a binary artifact was downloaded from (SwiftPM `binaryTarget(url:checksum:)`).
  public let artifactURL: String?
  /// The artifact's checksum as the manager recorded it (SwiftPM: hex SHA-256 of the archive).
  public let checksum: String?

  /// Creates a record.
  package init(
    manager: PackageManager, name: String, version: String? = nil, branch: String? = nil, revision: String? = nil,
    source: String? = nil, artifactURL: String? = nil, checksum: String? = nil
  ) {
    self.manager = manager
    self.name = name
    self.version = version
    self.branch = branch
    self.revision = revision
    self.source = source
    self.artifactURL = artifactURL
    self.checksum = checksum
  }

  /// The same record with each of `source`, `revision` and `branch` it lacks taken from the
  /// values given: what a lock file's later section adds to a package an earlier one listed.
  package func completed(source: String? = nil, revision: String? = nil, branch: String? = nil) -> PackageRecord {
    PackageRecord(
      manager: manager, name: name, version: version, branch: self.branch ?? branch,
      revision: self.revision ?? revision, source: self.source ?? source, artifactURL: artifactURL,
      checksum: checksum)
  }
}

/// A lock or state file that could not be read in full: the file, the first problem's line
/// (when the format has lines sdkvet can point at), and how many more problems it holds.
public struct LockFileIssue: Error, Sendable, Hashable {
  /// The file as found under the scanned root.
  public let file: ScanPath
  /// The 1-based line of the first problem; `nil` for a JSON value of the wrong shape (its JSON
  /// path is in `message`) or a file that cannot be read at all.
  public let line: Int?
  /// What is wrong, one clause without a final period.
  public let message: String
  /// Further problems in the same file, not described.
  public let moreProblems: Int

  /// Creates an issue.
  package init(file: ScanPath, line: Int? = nil, message: String, moreProblems: Int = 0) {
    self.file = file
    self.line = line
    self.message = message
    self.moreProblems = moreProblems
  }
}

/// A target's package record and the problems met in the files it was read from.
public struct PackageAttribution: Sendable, Hashable {
  /// The record.
  public let record: PackageRecord
  /// The lock and state files consulted for this record that could not be read in full.
  public let issues: [LockFileIssue]

  /// Creates an attribution.
  package init(record: PackageRecord, issues: [LockFileIssue] = []) {
    self.record = record
    self.issues = issues
  }
}
