import BinaryImage
public import Foundation
import ImageLoader
public import PrivacyAudit
public import PrivacyCatalog
public import TargetDiscovery

/// `sdkvet scan` without the printing: discover the targets under some paths, read every binary
/// in parallel on all cores, match it against the catalog, read the manifests and plists, and
/// audit the lot.
///
/// Each binary's `Image`s (its symbol tables) are dropped as soon as they are matched; only the
/// matches stay, so memory grows with the report, not with the size of the files read.
public struct ScanPipeline: Sendable {
  /// How far reading has come, for a progress line.
  public struct Progress: Sendable, Hashable {
    /// Binaries read so far.
    public var completed: Int
    /// Binaries to read in all.
    public var total: Int
    /// The binary just finished.
    public var path: String
  }

  /// What a scan produced: the report, and the paths discovery could not use.
  public struct Outcome: Sendable {
    /// The audit report, targets sorted by path.
    public var report: AuditReport
    /// Missing inputs, links leading outside a scanned path, unreadable folders.
    public var problems: [DiscoveryProblem]
  }

  /// Manifests, `Info.plist` and strings files larger than this are reported unreadable, not loaded.
  public static let documentSizeLimit = 8 << 20

  /// The catalog judged against.
  public var catalog: Catalog
  /// The file system discovery walks and documents are read from (binaries are memory-mapped directly).
  public var fileSystem: any DiscoveryFileSystem

  /// Creates a pipeline.
  public init(catalog: Catalog, fileSystem: any DiscoveryFileSystem = LocalFileSystem()) {
    self.catalog = catalog
    self.fileSystem = fileSystem
  }

  /// Scans `paths`.
  /// - Parameters:
  ///   - paths: Files and folders as the user gave them.
  ///   - progress: Called once per binary read, in order, on the calling thread.
  /// - Returns: The report and the discovery problems.
  public func run(paths: [String], progress: (Progress) -> Void = { _ in }) -> Outcome {
    let discovery = TargetDiscovery(fileSystem: fileSystem).discover(paths)
    let scanned = readBinaries(of: discovery.targets, progress: progress)
    let evidence = discovery.targets.enumerated().map { position, target in
      TargetEvidence(
        target: target, binaries: scanned[position], manifests: target.manifests.map(load),
        infoPlist: target.infoPlist.map { load(TargetFile(path: $0)) },
        localizedInfoPlistStrings: target.localizedInfoPlistStrings.map { load(TargetFile(path: $0)) })
    }
    return Outcome(report: PrivacyAuditor(catalog: catalog).audit(evidence), problems: discovery.problems)
  }

  /// Reads and matches every binary of every target on all cores; results keep the targets' order.
  private func readBinaries(of targets: [DiscoveredTarget], progress: (Progress) -> Void) -> [[ScannedBinary]] {
    let jobs = targets.indices.flatMap { target in targets[target].binaries.map { (target: target, file: $0) } }
    let matcher = CatalogMatcher(catalog: catalog)
    var grouped = targets.map { _ in [ScannedBinary]() }
    OrderedParallelMap.run(count: jobs.count) { position in
      Self.scan(jobs[position].file, matcher: matcher)
    } deliver: { position, scanned in
      grouped[jobs[position].target].append(scanned)
      progress(Progress(completed: position + 1, total: jobs.count, path: scanned.file.path))
    }
    return grouped
  }

  /// Reads one binary and matches it; its images are dropped on return, only the matches stay.
  private static func scan(_ file: TargetFile, matcher: CatalogMatcher) -> ScannedBinary {
    do throws(BinaryError) {
      let binary = try BinaryFileReader.read(path: file.path, options: .imports)
      return ScannedBinary(file: file, reading: binary, matcher: matcher)
    } catch {
      return ScannedBinary(file: file, failure: error)
    }
  }

  /// Reads a small document (manifest, plist, strings) through the file system seam.
  private func load(_ file: TargetFile) -> LoadedFile {
    guard let bytes = fileSystem.readPrefix(file.path, limit: Self.documentSizeLimit + 1) else {
      return LoadedFile(file: file, contents: .unreadable("cannot be opened"))
    }
    guard bytes.count <= Self.documentSizeLimit else {
      return LoadedFile(file: file, contents: .unreadable("larger than \(Self.documentSizeLimit >> 20) MiB"))
    }
    return LoadedFile(file: file, contents: .bytes(Data(bytes)))
  }
}
