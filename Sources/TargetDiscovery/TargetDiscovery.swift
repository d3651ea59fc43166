package import ScanFiles

/// Finds the targets sdkvet audits under the paths a user gives: apps, app extensions,
/// frameworks, xcframeworks, bundles, libraries, objects and loose binaries.
///
/// Symbolic links are followed only while they stay inside the scanned path, and no file or
/// folder is visited twice (identity is device and inode), so link loops end.
package struct TargetDiscovery: Sendable {
  /// The file system examined.
  package var fileSystem: any ScanFileSystem

  /// Creates discovery over `fileSystem` (the real one by default).
  package init(fileSystem: any ScanFileSystem = LocalFileSystem()) {
    self.fileSystem = fileSystem
  }

  /// Finds every target under `paths`.
  /// - Parameter paths: Files or folders, as the user gave them; each is its own scanned root.
  /// - Returns: The targets sorted by path, and the paths that could not be used.
  package func discover(_ paths: [ScanPath]) -> DiscoveryResult {
    discover(paths) { _ in }
  }

  /// Finds every target under `paths`, telling `binaryFound` the path of each binary as soon as
  /// the walk claims it (a binary may be claimed again later by another target), so a caller can
  /// start reading binaries while the walk goes on.
  package func discover(_ paths: [ScanPath], binaryFound: (ScanPath) -> Void) -> DiscoveryResult {
    withoutActuallyEscaping(binaryFound) { binaryFound in
      var walker = DiscoveryWalker(fileSystem: fileSystem, binaryFound: binaryFound)
      for path in paths { walker.scan(path) }
      return walker.result
    }
  }

  /// Finds every target in the regular file at `path`, as `discover([path])` does, when the
  /// caller has read its leading bytes already (to decide whether to hand it to discovery at
  /// all): they are used rather than read again.
  package func discover(file path: ScanPath, leadingBytes: LeadingBytes) -> DiscoveryResult {
    var walker = DiscoveryWalker(fileSystem: fileSystem)
    walker.scan(path, leadingBytes: leadingBytes)
    return walker.result
  }
}
