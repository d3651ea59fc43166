import BinaryImage
import ScanFiles

/// Where one output will be written, as checked before the command read anything.
struct OutputDestination: Sendable {
  /// The option that names it (`--output`).
  let option: String
  /// The path as given.
  let path: String
  /// The resolved folder and the name in it that the output replaces or creates; `nil` when the
  /// destination is a device or FIFO, written as a stream.
  let replacedLocation: (folder: String, name: String)?
}

/// The outputs of one command, checked together before it reads anything (`Docs/SECURITY.md`,
/// "Outputs"): an output may not replace a file the command reads, nor be named twice.
///
/// An output's location is its folder resolved (`realpath`, so `./X`, `dir/../X` and a linked
/// folder are one place) and its last name, which is not followed: the rename replaces a link
/// there, never its target. Two outputs are one when their locations match, or when what exists
/// there is one file (device and inode, so hard links too, before or after following a link).
/// An output is an input when it is one file with an input named by an option (`--policy`,
/// `--baseline`, `--catalog`, a saved report), or when it would replace something under a
/// scanned path other than a file the scan does not read (`replacesWhatTheScanReads`).
struct OutputPlan {
  /// The checked outputs, in the order named.
  let destinations: [OutputDestination]

  /// The destination `option` names, if any.
  subscript(option: String) -> OutputDestination? {
    destinations.first { $0.option == option }
  }

  /// Folders whose files are part of a bundle or an archive's layout: every file in one is read
  /// or sealed (a bundle's executable, resources, `_CodeSignature`), whatever its name.
  private static let bundleExtensions: Set<String> = [
    "app", "appex", "framework", "xcframework", "bundle", "xcarchive", "lproj", "dSYM",
  ]
  /// Extensions of the files sdkvet reads by name: property lists and manifests, strings files,
  /// lock and state files (`Package.resolved`, `Cartfile.resolved`, `Podfile.lock`,
  /// `Manifest.lock`, Carthage `.NAME.version`), an `.ipa`'s signature receipts.
  private static let extensionsRead: Set<String> = [
    "plist", "xcprivacy", "strings", "resolved", "lock", "version", "signature",
  ]
  /// Names of other files sdkvet reads: SwiftPM's state, an `.aar`'s manifest, a bundle's seal,
  /// the default policy.
  private static let namesRead: Set<String> = [
    "workspace-state.json", "AndroidManifest.xml", "CodeResources", ".sdkvet.json",
  ]

  private let fileSystem = LocalFileSystem()

  /// Checks `outputs` (option, path) against each other, the `inputs` options name, and the
  /// `scanned` paths. `rewriting` names one input that one output may replace in place, read whole before
  /// (`--write-baseline` refreshing the `--baseline` file): the same folder and name, however
  /// spelt; another name for that file (a hard link) is refused like any input.
  /// - Returns: The plan, or a destination whose folder cannot be written (exit status 1).
  /// - Throws: `UsageError` for an output named twice or one that would replace an input.
  static func check(
    _ outputs: [(option: String, path: String)], scanning scanned: [String], reading inputs: [String],
    rewriting: (input: String, option: String)? = nil
  ) throws(UsageError) -> Result<OutputPlan, OutputFileError> {
    let plan = OutputPlan(destinations: [])
    let roots = scanned.compactMap { try? plan.fileSystem.resolvedPath(ScanPath($0)).get() }
    let inputIdentities = inputs.map { (path: $0, identities: plan.identities(of: ScanPath($0))) }
    let rewritten = rewriting.flatMap { rewriting in
      plan.location(of: rewriting.input).map { (input: rewriting.input, option: rewriting.option, location: $0) }
    }
    var destinations: [OutputDestination] = []
    var seen: [(option: String, location: ScanPath, identities: Set<FileIdentity>)] = []
    for (option, path) in outputs {
      let (folderText, name) = split(path)
      guard !name.isEmpty, name != ".", name != ".." else {
        throw UsageError(description: "'\(option)' \(path) names a folder; name a file")
      }
      let folder: ScanPath
      switch plan.fileSystem.resolvedPath(ScanPath(folderText)) {
      case .success(let resolved): folder = resolved
      case .failure(let errno): return .failure(OutputFileError(path: path, reason: errno.description))
      }
      guard plan.fileSystem.isDirectory(folder) else {
        return .failure(OutputFileError(path: path, reason: Errno.notADirectory.description))
      }
      let location = folder.appending(name)
      let identities = plan.identities(of: location)
      if let earlier = seen.first(where: { $0.location == location || !$0.identities.isDisjoint(with: identities) }) {
        throw UsageError(
          description: "'\(earlier.option)' and '\(option)' name the same file (\(path)); name two different files")
      }
      if let input = inputIdentities.first(where: { input in
        !input.identities.isDisjoint(with: identities)
          && !(rewritten?.input == input.path && rewritten?.option == option && rewritten?.location == location)
      }) {
        throw UsageError(
          description:
            "'\(option)' \(path) would replace \(input.path), which this command reads; write the output elsewhere")
      }
      if let root = roots.first(where: { location.starts(with: $0) }),
        plan.replacesWhatTheScanReads(location, roots: roots)
      {
        throw UsageError(
          description:
            "'\(option)' \(path) would replace a file the scan of \(root) reads (a binary, archive, property list, manifest, lock file, link or folder, or a file inside a bundle); write the output outside the scanned path or to a new name"
        )
      }
      let followed = try? plan.fileSystem.status(location).get()
      if followed?.kind == .directory {
        throw UsageError(description: "'\(option)' \(path) names a folder; name a file")
      }
      if followed?.kind == .other {
        destinations.append(OutputDestination(option: option, path: path, replacedLocation: nil))
      } else {
        if case .failure(let errno) = FileCalls.canCreateFiles(in: folder.description) {
          return .failure(OutputFileError(path: path, reason: errno.description))
        }
        destinations.append(
          OutputDestination(option: option, path: path, replacedLocation: (folder.description, name)))
      }
      seen.append((option, location, identities))
    }
    return .success(OutputPlan(destinations: destinations))
  }

  /// The folder part of `path` (`.` when there is none) and its last name.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = path[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
  }

  /// Where `path` lies: its folder resolved and its last name, not followed; `nil` when the folder
  /// cannot be resolved.
  private func location(of path: String) -> ScanPath? {
    let (folder, name) = Self.split(path)
    return try? fileSystem.resolvedPath(ScanPath(folder)).get().appending(name)
  }

  /// What exists at `path`: its identity, and its target's when it is a link.
  private func identities(of path: ScanPath) -> Set<FileIdentity> {
    Set([try? fileSystem.linkStatus(path).get(), try? fileSystem.status(path).get()].compactMap { $0?.identity })
  }

  /// Whether replacing `location`, under a scanned path, would replace something the scan reads.
  /// A new name replaces nothing. A link may be replaced when the scan does not follow it (it
  /// leads nowhere or outside every scanned path). A regular file may be replaced when the scan
  /// does not read it: outside any bundle, neither named as a file sdkvet reads nor starting with
  /// a binary's, an archive's or a binary property list's bytes. Anything else (a folder, a
  /// device) is the scan's.
  private func replacesWhatTheScanReads(_ location: ScanPath, roots: [ScanPath]) -> Bool {
    guard let link = try? fileSystem.linkStatus(location).get() else { return false }
    switch link.kind {
    case .symbolicLink:
      guard let target = try? fileSystem.resolvedPath(location).get() else { return false }
      return roots.contains { target.starts(with: $0) }
    case .regular:
      let folders = location.innermost.split(separator: "/").dropLast()
      if folders.contains(where: { folder in
        folder.lastIndex(of: ".").map { Self.bundleExtensions.contains(String(folder[$0...].dropFirst())) } ?? false
      }) {
        return true
      }
      let name = location.lastComponent.map(String.init) ?? ""
      let ext = location.extension.map(String.init) ?? ""
      if Self.namesRead.contains(name) || Self.extensionsRead.contains(ext) { return true }
      return startsLikeAnInput(location)
    case .directory, .other:
      return true
    }
  }

  /// Whether the file's first bytes are a binary's, an archive's or a binary property list's
  /// (or cannot be read, so cannot be told apart).
  private func startsLikeAnInput(_ path: ScanPath) -> Bool {
    guard
      let bytes = try? fileSystem.contents(of: path, limit: .max, needing: { _, _ in ContainerMagic.prefixLength })
    else { return true }
    let head = UnsafeRawBufferPointer(bytes.mutableBytes)
    let leading = Array(head.prefix(ContainerMagic.prefixLength))
    return FileMagic(head).isBinary || ContainerMagic(leading) != nil || leading.starts(with: Array("bplist".utf8))
  }
}
