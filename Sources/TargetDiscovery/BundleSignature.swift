public import BinaryImage
import CodeSigning
import Foundation
import PropertyLists
public import ScanFiles

/// A bundle's detached signature: what its `_CodeSignature/` folder holds, read through the
/// `ScanFileSystem` seam so that it works on disk and inside archives alike.
///
/// `codesign` signs an `.xcframework` as a bundle whose main executable is its `Info.plist`:
/// `_CodeSignature/CodeDirectory` is the primary code directory, `CodeRequirements-1` (and
/// further `-2` …) the alternate ones, `CodeSignature` the CMS blob wrapper and `CodeResources`
/// the seal of every other file. A framework whose binary is not Mach-O (a static framework) is
/// signed the same way; a dynamic framework's binary carries its signature itself.
public struct BundleSignature: Sendable, Hashable {
  /// What the `_CodeSignature/` folder says.
  public enum State: Sendable, Hashable {
    /// There is no `_CodeSignature/CodeDirectory`.
    case unsigned
    /// The signature as read.
    case signed(CodeSignatureInfo)
    /// The files are there but cannot be read or parsed; the sentence says why.
    case unreadable(String)
  }

  /// The bundle's path, as found under the scanned root.
  public let bundle: ScanPath
  /// The signature.
  public let state: State
  /// The seal checked against the files present; `nil` when the bundle has no `CodeResources`
  /// or the seal was not checked.
  public let seal: SealCheck?

  /// Creates a bundle signature.
  package init(bundle: ScanPath, state: State, seal: SealCheck? = nil) {
    self.bundle = bundle
    self.state = state
    self.seal = seal
  }

  /// Who signed, as Xcode names it; `unsigned` for an unreadable signature too.
  public var signer: Signer {
    guard case .signed(let info) = state else { return .unsigned }
    return info.signer
  }

  /// The most alternate directories read (`CodeRequirements-1` … `-5`, slots 0x1000–0x1004).
  static let alternateLimit = 5

  /// Reads the signature of the bundle at `path`, and when `checkSeal` is set, compares its
  /// `CodeResources` with the files present, as `fileSystem` lists them (discovery's
  /// `ListedFileSystem` answers from the folders it listed already).
  static func read(bundle path: ScanPath, checkSeal: Bool, in fileSystem: some ScanFileSystem) -> BundleSignature {
    let folder = path.appending("_CodeSignature")
    guard fileSystem.isRegularFile(folder.appending("CodeDirectory")) else {
      return BundleSignature(bundle: path, state: .unsigned)
    }
    let state: State
    do throws(BinaryError) {
      let directory = try fileSystem.contents(of: folder.appending("CodeDirectory"), limit: ReadLimits.documentBytes)
      var alternates: [FileBytes] = []
      for index in 1...alternateLimit {
        let alternate = folder.appending("CodeRequirements-\(index)")
        guard fileSystem.isRegularFile(alternate) else { break }
        alternates.append(try fileSystem.contents(of: alternate, limit: ReadLimits.documentBytes))
      }
      let cmsPath = folder.appending("CodeSignature")
      let cms =
        fileSystem.isRegularFile(cmsPath)
        ? try fileSystem.contents(of: cmsPath, limit: ReadLimits.documentBytes) : nil
      let info = try CodeSignatureInfo(
        codeDirectory: ByteReader(directory.bytes), alternates: alternates.map { ByteReader($0.bytes) },
        cms: cms.map { ByteReader($0.bytes) })
      state = .signed(info)
    } catch {
      state = .unreadable(error.message)
    }
    let resources = folder.appending("CodeResources")
    guard checkSeal, fileSystem.isRegularFile(resources) else {
      return BundleSignature(bundle: path, state: state)
    }
    return BundleSignature(
      bundle: path, state: state,
      seal: SealCheck(bundle: path, resources: resources, in: fileSystem))
  }
}

/// The folders discovery listed while it walked a bundle, each child with its `lstat` status:
/// through `ListedFileSystem`, the seal check walks the bundle again without a look-up per file,
/// and discovery answers its own look-ups in those folders without a system call.
struct FolderListings {
  /// What the listings say of a path.
  enum Presence {
    /// Its folder was listed and holds it, with this `lstat` status.
    case listed(FileStatus)
    /// Its folder, or a folder above it, was listed without the next name on the way.
    case absent
    /// No listing tells.
    case unknown
  }

  /// A folder's children, by the folder's path; a child whose `lstat` failed is not there.
  var children: [ScanPath: [FolderEntry]] = [:]

  /// What the listing of `path`'s folder says of it; when that folder was not listed, whether
  /// the listing of the folder above lacks it (then `path` is absent too: `_CodeSignature/…` in
  /// a bundle without one).
  func presence(of path: ScanPath) -> Presence {
    guard !children.isEmpty, let folder = path.parent else { return .unknown }
    if let entries = children[folder] { return Self.presence(of: path, in: entries) }
    guard let above = folder.parent, let entries = children[above],
      case .absent = Self.presence(of: folder, in: entries)
    else { return .unknown }
    return .absent
  }

  /// `path`'s entry among its folder's `entries`, its name compared byte for byte, as the file
  /// system compares names (a `String` comparison would take two spellings of `é` as one).
  private static func presence(of path: ScanPath, in entries: [FolderEntry]) -> Presence {
    guard let name = path.lastComponent?.utf8 else { return .unknown }
    let entry = entries.first { $0.name.utf8.count == name.count && $0.name.utf8.elementsEqual(name) }
    return entry.map { .listed($0.status) } ?? .absent
  }
}

/// `CodeResources` (`CodeSigning.CodeResources`) compared with the files of the bundle: which
/// sealed files are missing and which files are not sealed. File contents are not hashed, so a
/// changed file goes unnoticed; only files added or removed after signing are found.
public struct SealCheck: Sendable, Hashable {
  /// Sealed files that are not there, relative to the bundle, sorted.
  public let missing: [String]
  /// Files that are there but not sealed, relative to the bundle, sorted.
  public let unsealed: [String]
  /// Why `CodeResources` could not be used, when it could not; then the lists are empty.
  public let problem: String?

  /// Creates a seal check.
  package init(missing: [String], unsealed: [String], problem: String? = nil) {
    self.missing = missing
    self.unsealed = unsealed
    self.problem = problem
  }

  /// Whether the files match the seal.
  public var isIntact: Bool { missing.isEmpty && unsealed.isEmpty && problem == nil }

  /// The most files and folders visited in a bundle; a walk that finds more stops there and says so.
  static let entryLimit = 100_000

  init(bundle: ScanPath, resources: ScanPath, in fileSystem: some ScanFileSystem) {
    let seal: CodeResources
    let read = fileSystem.document(at: resources).mapError { PropertyListError(message: $0.message) }
    switch read.flatMap(CodeResources.read) {
    case .failure(let error):
      self.init(missing: [], unsealed: [], problem: "CodeResources cannot be read (\(error.message))")
      return
    case .success(nil):
      self.init(missing: [], unsealed: [], problem: "CodeResources has no files2 or files dictionary")
      return
    case .success(let found?):
      seal = found
    }
    var present: [String] = []
    var budget = Self.entryLimit
    Self.walk(bundle, relative: "", into: &present, budget: &budget, in: fileSystem)
    guard budget > 0 else {
      self.init(
        missing: [], unsealed: [],
        problem: "the bundle holds more than \(Self.entryLimit) files and folders; not checked")
      return
    }
    let compared = seal.compared(with: present) { (try? fileSystem.linkStatus(bundle.appending($0)).get()) != nil }
    self.init(missing: compared.missing, unsealed: compared.unsealed)
  }

  /// Lists every file and symbolic link under `folder` (links are not followed), relative paths.
  private static func walk(
    _ folder: ScanPath, relative: String, into files: inout [String], budget: inout Int,
    in fileSystem: some ScanFileSystem
  ) {
    // In no order: the lists compared are sorted, and a bundle past the budget is not compared.
    for entry in (try? fileSystem.listing(folder).get()) ?? [] {
      budget -= 1
      guard budget > 0 else { return }
      let name = entry.name
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      switch entry.status.kind {
      case .directory:
        walk(
          folder.appending(name), relative: relativePath, into: &files, budget: &budget, in: fileSystem)
      case .regular, .symbolicLink: files.append(relativePath)
      case .other: break
      }
    }
  }
}

/// A framework inside an xcframework slice, with what says whether it is signed: its own
/// `_CodeSignature/` folder, and its executable (whose embedded signature the engine reads).
public struct NestedFramework: Sendable, Hashable {
  /// The framework's path.
  public let path: ScanPath
  /// Its executable, when discovery found one.
  public let executable: ScanPath?
  /// Its `_CodeSignature/` contents (the seal is not checked for nested frameworks).
  public let signature: BundleSignature
  /// The `CFBundleIdentifier` of its `Info.plist`, `nil` when it has none.
  public let bundleIdentifier: String?

  /// Creates a nested framework.
  package init(path: ScanPath, executable: ScanPath?, signature: BundleSignature, bundleIdentifier: String? = nil) {
    self.path = path
    self.executable = executable
    self.signature = signature
    self.bundleIdentifier = bundleIdentifier
  }
}
