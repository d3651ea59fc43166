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
  public struct Result: Sendable {
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
  ///   - progress: Called once per binary read, from any thread, with counts that only grow.
  /// - Returns: The report and the discovery problems.
  public func run(paths: [String], progress: @escaping @Sendable (Progress) -> Void = { _ in }) -> Result {
    let discovery = TargetDiscovery(fileSystem: fileSystem).discover(paths)
    let scanned = readBinaries(of: discovery.targets, progress: progress)
    let evidence = discovery.targets.enumerated().map { position, target in
      TargetEvidence(
        target: target, binaries: scanned[position], manifests: target.manifests.map(load),
        infoPlist: target.infoPlist.map { load(TargetFile(path: $0)) },
        localizedInfoPlistStrings: target.localizedInfoPlistStrings.map { load(TargetFile(path: $0)) })
    }
    return Result(report: PrivacyAuditor(catalog: catalog).audit(evidence), problems: discovery.problems)
  }

  /// Reads and matches every binary of every target, all in parallel; results keep the targets' order.
  private func readBinaries(of targets: [DiscoveredTarget], progress: @escaping @Sendable (Progress) -> Void) -> [[ScannedBinary]] {
    let jobs = targets.indices.flatMap { target in targets[target].binaries.indices.map { (target: target, binary: $0) } }
    let matcher = CatalogMatcher(catalog: catalog)
    let results = ResultSlots(count: jobs.count)
    DispatchQueue.concurrentPerform(iterations: jobs.count) { position in
      let job = jobs[position]
      let file = targets[job.target].binaries[job.binary]
      let scanned: ScannedBinary
      do throws(BinaryError) {
        let binary = try BinaryFileReader.read(path: file.path, options: .imports)
        scanned = ScannedBinary(file: file, reading: binary, matcher: matcher)
      } catch {
        scanned = ScannedBinary(file: file, failure: error)
      }
      let completed = results.store(scanned, at: position)
      progress(Progress(completed: completed, total: jobs.count, path: file.path))
    }
    var grouped = targets.map { _ in [ScannedBinary]() }
    for (position, job) in jobs.enumerated() {
      if let scanned = results.value(at: position) { grouped[job.target].append(scanned) }
    }
    return grouped
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

/// Slots the parallel readers fill, one per binary, guarded by a lock.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [ScannedBinary?]
  private var filled = 0

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  /// Stores a result and returns how many slots are filled now.
  func store(_ value: ScannedBinary, at position: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    slots[position] = value
    filled += 1
    return filled
  }

  func value(at position: Int) -> ScannedBinary? {
    lock.lock()
    defer { lock.unlock() }
    return slots[position]
  }
}
