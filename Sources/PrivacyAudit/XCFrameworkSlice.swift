package import AuditModel
package import ScanFiles
import TargetDiscovery

extension TargetReport {
  /// The xcframework library folder (its `LibraryIdentifier`, `ios-arm64`) that holds the binary
  /// at `binaryPath`; `nil` when the target is no xcframework or the binary is not under it.
  /// A slice carries its own copy of the SDK's files, so its own manifest.
  package func slice(ofBinary binaryPath: ScanPath) -> String? {
    TargetProfile.slice(ofBinary: binaryPath, targetPath: path, kind: kind.rawValue)
  }

  /// Every slice of an xcframework that holds a binary, sorted; empty for other kinds.
  package var slices: [String] { Set(binaries.compactMap { slice(ofBinary: $0.path) }).sorted() }

  /// What each slice of an xcframework uses, by slice; empty for other kinds.
  package var categoryUseBySlice: [String: CategoryUse] {
    var used: [String: Set<String>] = [:]
    for use in apiUses where usedCategories.contains(use.category) {
      if let slice = slice(ofBinary: use.evidence.binary) { used[slice, default: []].insert(use.category) }
    }
    var notRead: [String: [ScanPath]] = [:]
    for binary in binaries where !binary.format.wasRead {
      if let slice = slice(ofBinary: binary.path) { notRead[slice, default: []].append(binary.path) }
    }
    var result: [String: CategoryUse] = [:]
    for slice in slices {
      if let categories = used[slice] {
        result[slice] = .uses(categories.sorted())
      } else if let binaries = notRead[slice] {
        result[slice] = .unknown(notRead: binaries.sorted())
      } else {
        result[slice] = .usesNone
      }
    }
    return result
  }
}
