import ArchiveFileSystem
public import AuditModel
import BinaryImage
import Foundation
import ImageLoader
import PackageProvenance
import PrivacyAudit
public import PrivacyCatalog
public import ScanFiles
public import TargetDiscovery

/// The scan as a library: discover the targets under some paths, read every binary on all cores,
/// match it against the catalog, read the manifests and plists, and audit the lot; then finish
/// the report as sdkvet does (callers named readably, a team policy and a baseline applied), so a
/// host gets the report the command line writes.
///
/// Everything is read through one `ScanFileSystem`, so a host can scan files that are not on the
/// local disk. Each binary's `Image`s (its symbol tables) are dropped as soon as they are
/// matched; only the matches stay, so memory grows with the report, not with the files read.
public struct ScanPipeline: Sendable {
  /// How far reading has come, for a progress line.
  public struct Progress: Sendable, Hashable {
    /// Binaries read so far.
    public let completed: Int
    /// Binaries to read in all.
    public let total: Int
    /// The binary just finished.
    public let path: String
  }

  /// What a scan produced: the report, and the paths discovery could not use.
  public struct Outcome: Sendable {
    /// The finished report, targets sorted by path: the policy applied and the baseline's
    /// findings left out, when the pipeline has them.
    public let report: AuditReport
    /// Missing inputs, links leading outside a scanned path, unreadable folders, inputs that
    /// hold no target.
    public let problems: [DiscoveryProblem]
    /// The report before the baseline left findings out (`report` when there is none): what
    /// `scan --write-baseline` writes, so the next baseline holds everything seen.
    public let reportBeforeBaseline: AuditReport
    /// What the policy did besides changing findings; `nil` without a policy.
    public let policyEffect: PolicyEffect?
  }

  /// The catalog judged against. Asking for it waits until it is loaded, when the pipeline was
  /// created to load it (`init(loadingCatalog:fileSystem:)`).
  public var catalog: Catalog {
    get { loadedCatalog.value }
    set { loadedCatalog = BackgroundValue(ready: newValue) }
  }
  private var loadedCatalog: BackgroundValue<Catalog>
  /// The file system discovery walks and binaries and documents are read from; archives in it
  /// are read in place (`ArchiveMountingFileSystem`).
  public var fileSystem: any ScanFileSystem
  /// Whether to find the call sites of every matched import and selector (`scan --call-sites`).
  public var findsCallSites = false
  /// Whether each caller gets its demangled Swift name (`AuditReport.namingCallersReadably()`), as
  /// in every report sdkvet writes; off saves the demangling when no report shows callers.
  public var namesCallersReadably = true
  /// The team policy applied to the report (`scan --policy`); `nil` for none.
  public var policy: PolicyDocument?
  /// The earlier report whose findings are left out (`scan --baseline`); `nil` for none.
  public var baseline: BaselineDocument?

  /// Whether this build reads archives (`.zip`, `.ipa`, `.aar`, `.tar.*`): false on macOS built
  /// without the `LibArchive` trait, where each archive is reported as a problem.
  public static var readsArchives: Bool { ArchiveMountingFileSystem.isAvailable }

  /// Creates a pipeline reading `fileSystem`, and the archives in it.
  public init(catalog: Catalog, fileSystem: any ScanFileSystem = LocalFileSystem()) {
    loadedCatalog = BackgroundValue(ready: catalog)
    self.fileSystem = ArchiveMountingFileSystem(base: fileSystem)
  }

  /// Creates a pipeline reading `fileSystem`, whose catalog `load` builds on a thread of its
  /// own, started now: a scan's discovery walks while the catalog is parsed, and only the
  /// matching of the first binaries waits for it.
  package init(loadingCatalog load: @escaping @Sendable () -> Catalog, fileSystem: any ScanFileSystem) {
    loadedCatalog = BackgroundValue(load)
    self.fileSystem = ArchiveMountingFileSystem(base: fileSystem)
  }

  /// Scans `paths`.
  /// - Parameters:
  ///   - paths: Files and folders as the user gave them.
  ///   - progress: Called once per binary read, in order, on the calling thread.
  /// - Returns: The finished report and the discovery problems.
  public func run(paths: [String], progress: (Progress) -> Void = { _ in }) -> Outcome {
    // The matcher is built while discovery starts walking: the first binaries found wait for it.
    let matching = BackgroundValue { [loadedCatalog] in
      let matcher = CatalogMatcher(catalog: loadedCatalog.value)
      var options = ReadOptions.audit
      options.importFilter = matcher.importFilter
      options.definitionFilter = matcher.definitionFilter
      return (matcher: matcher, options: options)
    }
    // Binaries on the local disk are read as discovery claims them; those inside an archive are
    // read after the walk, in order, as the archive's stream expects.
    let prefetch = BinaryPrefetch { path in
      let (matcher, options) = matching.value
      return scan(TargetFile(path: path), options: options, matcher: matcher)
    }
    let archives = fileSystem as? ArchiveMountingFileSystem
    let roots = paths.map { ScanPath($0) }
    let discovery = TargetDiscovery(fileSystem: fileSystem).discover(roots) { path in
      if archives?.isInsideArchive(path) != true { prefetch.start(path) }
    }
    prefetch.finish()
    let (matcher, options) = matching.value
    let scanned = readBinaries(
      of: discovery.targets, options: options, matcher: matcher, prefetched: prefetch, progress: progress)
    let packages = PackageProvenance(fileSystem: fileSystem).attribute(discovery.targets, roots: roots)
    // Reads of an archive's entries count against one bound per archive in the order they come
    // (`ArchiveLimits.readBytes`): the documents inside archives are read here, in the targets'
    // order, so that the same ones are refused on every run; the rest as their targets are audited.
    let archivedDocuments = discovery.targets.map { target in
      Self.readsDocumentsInsideAnArchive(target) ? documents(of: target) : nil
    }
    let auditor = PrivacyAuditor(catalog: catalog)
    var audited: [AuditedTarget] = []
    audited.reserveCapacity(discovery.targets.count)
    OrderedParallelMap.run(count: discovery.targets.count) { position in
      let target = discovery.targets[position]
      let documents = archivedDocuments[position] ?? documents(of: target)
      let evidence = TargetEvidence(
        target: target, binaries: scanned[position], manifests: documents.manifests,
        localizedInfoPlistStrings: documents.localizedStrings, package: packages[target.path])
      return auditor.audit(target: evidence)
    } deliver: { _, target in
      audited.append(target)
    }
    let report = auditor.report(audited).replacing(archives: discovery.archives, problems: discovery.problems)
    let finished = finished(report)
    let problems = discovery.problems
    ReleaseAside.release(
      (
        consume scanned, consume audited, consume discovery, consume prefetch, consume matching,
        consume archivedDocuments
      ))
    return Outcome(
      report: finished.report, problems: problems, reportBeforeBaseline: finished.beforeBaseline,
      policyEffect: finished.policyEffect)
  }

  /// Reads and matches every binary of every target on all cores; results keep the targets' order.
  /// Every target's binaries, read and matched: taken from `prefetched` when it read them during
  /// discovery, else read now on every core.
  private func readBinaries(
    of targets: [DiscoveredTarget], options: ReadOptions, matcher: CatalogMatcher,
    prefetched: BinaryPrefetch<ScannedBinary>, progress: (Progress) -> Void
  ) -> [[ScannedBinary]] {
    let jobs = targets.indices.flatMap { target in targets[target].binaries.map { (target: target, file: $0) } }
    var grouped = targets.map { _ in [ScannedBinary]() }
    OrderedParallelMap.run(count: jobs.count) { position in
      let file = jobs[position].file
      guard var scanned = prefetched.take(file.path) else { return scan(file, options: options, matcher: matcher) }
      scanned.file = file
      return scanned
    } deliver: { position, scanned in
      grouped[jobs[position].target].append(scanned)
      progress(Progress(completed: position + 1, total: jobs.count, path: scanned.file.path.description))
    }
    return grouped
  }

  /// Reads one binary and matches it; its images are dropped on return, only the matches stay.
  /// `options` filter the imports to those `matcher` can match (`CatalogMatcher.importFilter`).
  private func scan(_ file: TargetFile, options: ReadOptions, matcher: CatalogMatcher) -> ScannedBinary {
    guard !file.isListedButMissing else {
      return ScannedBinary(file: file, failure: BinaryError(.io, "listed in Info.plist, not present"))
    }
    do throws(BinaryError) {
      return try BinaryReading.read(file.path, from: fileSystem, options: options) { bytes, binary in
        var scanned = ScannedBinary(file: file, reading: binary, matcher: matcher)
        if findsCallSites { scanned.findCallSites(in: bytes, images: binary.images) }
        return scanned
      }
    } catch {
      return ScannedBinary(file: file, failure: error)
    }
  }

  /// A target's manifests and localized `InfoPlist.strings`, read.
  private func documents(of target: DiscoveredTarget) -> (manifests: [LoadedFile], localizedStrings: [LoadedFile]) {
    (target.manifests.map(load), target.localizedInfoPlistStrings.map { load(TargetFile(path: $0)) })
  }

  /// Whether any of the target's manifests and localized strings is an archive's entry.
  private static func readsDocumentsInsideAnArchive(_ target: DiscoveredTarget) -> Bool {
    target.manifests.contains { $0.path.isInsideArchive }
      || target.localizedInfoPlistStrings.contains(where: \.isInsideArchive)
  }

  /// Reads a small document (manifest, plist, strings) through the file system seam.
  private func load(_ file: TargetFile) -> LoadedFile {
    switch fileSystem.document(at: file.path) {
    case .success(let data): LoadedFile(file: file, contents: .bytes(data))
    case .failure(let error): LoadedFile(file: file, contents: .unreadable(error.message))
    }
  }

}
