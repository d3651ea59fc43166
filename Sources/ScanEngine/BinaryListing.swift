import ArchiveFileSystem
public import BinaryImage
public import ScanFiles
public import TargetDiscovery

/// The binaries under some paths, each read on all cores and handed back in order: what
/// `sdkvet symbols` and `sdkvet info` list.
///
/// Folders are walked by `TargetDiscovery`, the walk `scan` makes, so both see the same files
/// under the same symbolic-link rule; a file named directly is read whatever its name.
public struct BinaryListing: Sendable {
  /// One input's outcome, in input order.
  public enum Entry<Rendered: Sendable>: Sendable {
    /// The binary was read (possibly with per-member or per-slice problems) and rendered.
    case read(BinaryFile, Rendered)
    /// The binary could not be read at all.
    case failed(path: String, BinaryError)
  }

  /// What the walk found besides binaries.
  public struct Walk: Sendable {
    /// Paths that could not be walked or held no binary.
    public let problems: [DiscoveryProblem]
    /// The archives opened, with their checksums and signature receipts.
    public let archives: [DiscoveredArchive]
    /// The xcframeworks' `_CodeSignature/` signatures, in discovery order.
    public let bundleSignatures: [BundleSignature]
  }

  /// The file system walked and read; archives in it are read in place.
  public var fileSystem: any ScanFileSystem
  /// Whether to find the call sites of every import and selector of every image read, into
  /// `Image.callSites` (`symbols --call-sites`).
  public var findsCallSites = false

  /// Creates a listing over `fileSystem` (the real one by default), and the archives in it.
  public init(fileSystem: any ScanFileSystem = LocalFileSystem()) {
    self.fileSystem = ArchiveMountingFileSystem(base: fileSystem)
  }

  /// Reads every binary under `paths`.
  /// - Parameters:
  ///   - paths: Files and folders as the user gave them.
  ///   - options: Which tables to read.
  ///   - render: Turns a binary into output, on the worker that read it.
  ///   - deliver: Receives each entry in input order, on the calling thread.
  /// - Returns: The paths that could not be walked or held no binary, and the archives opened.
  public func run<Rendered: Sendable>(
    paths: [String], options: ReadOptions, render: @escaping @Sendable (BinaryFile) -> Rendered,
    deliver: (Entry<Rendered>) -> Void
  ) -> Walk {
    let (files, walk) = binaries(under: paths)
    let fileSystem = fileSystem
    let findsCallSites = findsCallSites
    OrderedParallelMap.run(count: files.count) { index -> Entry<Rendered> in
      do throws(BinaryError) {
        let file = try BinaryReading.read(files[index], from: fileSystem, options: options) { bytes, binary in
          findsCallSites ? CallSiteScan.everyName(of: binary, in: bytes) : binary
        }
        return .read(file, render(file))
      } catch {
        return .failed(path: files[index].description, error)
      }
    } deliver: { _, entry in
      deliver(entry)
    }
    return walk
  }

  /// The files to read: each path named directly that is a file (an archive is walked), and
  /// the binaries of every target discovery finds under the others, each once, in the order given.
  private func binaries(under paths: [String]) -> (files: [ScanPath], walk: Walk) {
    var files: [ScanPath] = []
    var problems: [DiscoveryProblem] = []
    var archives: [DiscoveredArchive] = []
    var bundleSignatures: [BundleSignature] = []
    var listed: Set<ScanPath> = []
    let discovery = TargetDiscovery(fileSystem: fileSystem)
    for path in paths.map({ ScanPath($0) }) {
      let found: DiscoveryResult
      if fileSystem.isRegularFile(path) {
        let leadingBytes = LeadingBytes(of: path, in: fileSystem)
        guard leadingBytes.container != nil else {
          files.append(path)
          continue
        }
        found = discovery.discover(file: path, leadingBytes: leadingBytes)
      } else {
        found = discovery.discover([path])
      }
      problems += found.problems
      archives += found.archives
      bundleSignatures += found.targets.compactMap(\.signature)
      for target in found.targets {
        for binary in target.binaries where listed.insert(binary.path).inserted { files.append(binary.path) }
      }
    }
    return (files, Walk(problems: problems, archives: archives, bundleSignatures: bundleSignatures))
  }
}
