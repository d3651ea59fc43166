import BinaryImage
import PropertyLists
import ScanFiles

/// The walk behind `TargetDiscovery`: its state is the visited set and the targets built so far.
struct DiscoveryWalker {
  /// What a file or folder found during the walk belongs to.
  struct Context {
    /// The index in `targets` of the enclosing target, if any.
    var target: Int?
    /// The xcframework slice being walked, if any.
    var slice: String?
    /// The app (or app extension scanned on its own) that encloses the walk, if any.
    var app: ScanPath?
  }

  /// Darwin's `PATH_MAX`, the smaller of the systems': a longer path may fail for its length alone.
  private static let shortestPathLimit = 1024
  /// What ends an archive's path in the report text of its entries (`Vendor.zip!/Vendor.framework`).
  private static let archiveBoundary = "!"

  let fileSystem: any ScanFileSystem
  /// Told the path of each binary as it is claimed, while the walk goes on.
  private let binaryFound: (ScanPath) -> Void
  private var visited: Set<FileIdentity> = []
  private var targets: [DiscoveredTarget] = []
  private var problems: [DiscoveryProblem] = []
  private var archives: [DiscoveredArchive] = []
  /// The resolved path of the root being scanned; links may not leave it.
  private var root = ScanPath("/")
  /// The root being scanned as it is walked (as given, not resolved): the paths the walk builds
  /// start with it, so a link's lexical target is judged against it.
  private var walkedRoot = ScanPath("/")
  /// The root file of the current scan and its leading bytes, when the caller read them already.
  private var givenFile: (path: ScanPath, leadingBytes: LeadingBytes)?
  /// The folders listed while a target is walked (and the plain folders on the way to it, until
  /// they are walked): its look-ups are answered from them (`lookups`), and an xcframework's
  /// seal is checked against them.
  private var listings = FolderListings()
  /// Folders whose resolved path is known, by their path as walked (`resolved(_:)`).
  private var resolvedFolders: [ScanPath: ScanPath] = [:]
  /// The xcframework signatures being read on other threads, by target index.
  private var signatureReadings: [(target: Int, reading: SignatureReading)] = []

  /// The file system for look-ups: answered from `listings` where the walk has listed the folder.
  private var lookups: ListedFileSystem { ListedFileSystem(base: fileSystem, listings: listings) }

  init(fileSystem: any ScanFileSystem, binaryFound: @escaping (ScanPath) -> Void = { _ in }) {
    self.fileSystem = fileSystem
    self.binaryFound = binaryFound
  }

  /// The targets found so far, sorted, with their files sorted and each listed once.
  var result: DiscoveryResult {
    var targets = targets
    for (index, reading) in signatureReadings { targets[index].signature = reading.result }
    let sorted = targets.map { target in
      var target = target
      target.binaries = Array(Set(target.binaries)).sorted()
      target.manifests = Array(Set(target.manifests)).sorted()
      target.localizedInfoPlistStrings.sort()
      target.nestedFrameworks.sort { $0.path < $1.path }
      return target
    }
    return DiscoveryResult(
      targets: sorted.sorted { $0.path < $1.path }, problems: problems,
      archives: archives.sorted { $0.path < $1.path })
  }

  /// Scans one user-given path as a root; a root that yields no target is reported, never
  /// silently empty. `leadingBytes`, when given, are the root file's, read by the caller.
  mutating func scan(_ path: ScanPath, leadingBytes: LeadingBytes? = nil) {
    givenFile = leadingBytes.map { (path, $0) }
    defer { givenFile = nil }
    guard let resolved = try? fileSystem.resolvedPath(path).get() else {
      let length = path.description.utf8.count
      let message =
        (try? fileSystem.linkStatus(path).get()) != nil
        ? "cannot be resolved to a real path"
        : length >= Self.shortestPathLimit
          ? "no such file or folder, or a path too long to open (\(length) bytes)" : "no such file or folder"
      problems.append(DiscoveryProblem(path: path, message: message, isUnusableInput: true))
      return
    }
    root = resolved
    walkedRoot = path
    let (targetsBefore, problemsBefore, archivesBefore) = (targets.count, problems.count, archives.count)
    visit(path, Context())
    guard targets.count == targetsBefore, problems.count == problemsBefore else { return }
    let message: String
    switch (try? fileSystem.status(path).get())?.kind {
    case .regular where archives.count > archivesBefore:
      message = "is an archive holding no app, SDK, library or binary sdkvet reads"
    case .directory: message = "holds no app, SDK, library or binary sdkvet reads"
    case .regular: message = "is not a binary (ELF, Mach-O or ar), an archive (zip, tar) or a bundle sdkvet reads"
    default: message = "is not a regular file or folder (a device, FIFO or socket); not read"
    }
    problems.append(DiscoveryProblem(path: path, message: message, isUnusableInput: true))
  }

  // MARK: Walking

  /// Visits `path`; `link` is its `lstat` result and `leadingBytes` its first bytes when the
  /// caller's listing has them already.
  private mutating func visit(
    _ path: ScanPath, _ context: Context, link: FileStatus? = nil, leadingBytes: [UInt8]? = nil
  ) {
    switch enter(path, link: link) {
    case .directory: visitDirectory(path, context)
    case .regular: visitFile(path, context, leadingBytes: leadingBytes)
    default: break
    }
  }

  /// Marks `path` visited and says what it is; `nil` when it was visited already, does not
  /// exist, or is a link leading outside the root (reported).
  private mutating func enter(_ path: ScanPath, link known: FileStatus? = nil) -> FileStatus.Kind? {
    guard let link = known ?? (try? lookups.linkStatus(path).get()) else { return nil }
    var status = link
    if link.kind == .symbolicLink {
      if let named = placeOutsideRoot(namedByLink: path) {
        // A bundle's executable that is such a link was reported when it was claimed.
        guard !problems.contains(where: { $0.path == path }) else { return nil }
        problems.append(
          DiscoveryProblem(
            path: path, message: "symbolic link leads outside the scanned path (to \(named)); not followed"))
        return nil
      }
      guard let followed = try? fileSystem.status(path).get() else {
        problems.append(DiscoveryProblem(path: path, message: "symbolic link leads nowhere; not followed"))
        return nil
      }
      // Resolving the path is only needed for what has not been seen (links into the tree are common).
      guard !visited.contains(followed.identity) else { return nil }
      guard let target = try? fileSystem.resolvedPath(path).get(), isInsideRoot(target) else {
        // A bundle's executable that is such a link was reported when it was claimed.
        guard !problems.contains(where: { $0.path == path }) else { return nil }
        let target = (try? fileSystem.resolvedPath(path).get())?.description ?? "an unresolvable path"
        problems.append(
          DiscoveryProblem(
            path: path, message: "symbolic link leads outside the scanned path (to \(target)); not followed"))
        return nil
      }
      status = followed
    }
    guard visited.insert(status.identity).inserted else { return nil }
    return status.kind
  }

  private func isInsideRoot(_ resolved: ScanPath) -> Bool {
    resolved.starts(with: root)
  }

  /// `path` with every symbolic link resolved, as `fileSystem.resolvedPath` answers it, from one
  /// `lstat` of each name not met before: a name that is no link, `.` or `..` is its folder's
  /// resolved path joined with the name, and folders are remembered. `realpath` looks up every
  /// component of every path it is asked (a `readlink` each), and the walk asks it of the
  /// `Info.plist`, manifest and executable of every bundle. `link` is `path`'s `lstat` result
  /// when the caller has it already.
  private mutating func resolved(_ path: ScanPath, link known: FileStatus? = nil) -> ScanPath? {
    if path == walkedRoot { return root }
    if let known = resolvedFolders[path] { return known }
    guard let name = path.lastComponent, name != ".", name != "..", let parent = path.parent,
      let link = known ?? (try? lookups.linkStatus(path).get()), link.kind != .symbolicLink,
      let folder = resolved(parent)
    else { return try? fileSystem.resolvedPath(path).get() }
    let resolved = folder.appending(name)
    if link.kind == .directory { resolvedFolders[path] = resolved }
    return resolved
  }

  /// Where the symbolic link at `path` points when that place, taken lexically
  /// (`ScanPath.lexicalLinkTarget`), is outside the root: the link's own text when it leaves
  /// an archive, else the place. `nil` for a link that stays inside (or is none):
  /// a link that climbs out leads outside whether or not anything is there, so this is said
  /// before "leads nowhere". The root itself, given as a link, is never outside.
  private func placeOutsideRoot(namedByLink path: ScanPath) -> String? {
    // A root the user named as a link is followed: it is what they asked to scan.
    guard path != walkedRoot, let text = try? fileSystem.linkTarget(path).get() else { return nil }
    guard let named = path.lexicalLinkTarget(text) else { return text + ", outside the archive" }
    return named.starts(with: walkedRoot) ? nil : named.description
  }

  /// The folder's entries sorted by name, each regular file's with the first bytes the walk
  /// judges it by (`visitFile`): what both walks of a folder's children list. Listed once, and
  /// kept in `listings`.
  private mutating func listed(_ path: ScanPath) -> Result<[FolderEntry], Errno> {
    if let entries = listings.children[path] { return .success(entries) }
    let found = fileSystem.listing(path, leadingBytes: ContainerMagic.prefixLength).map {
      $0.sorted { $0.name < $1.name }
    }
    if case .success(let entries) = found { listings.children[path] = entries }
    return found
  }

  /// Walks the folder's children; returns their names.
  @discardableResult
  private mutating func walkChildren(_ path: ScanPath, _ context: Context) -> [String] {
    let entries: [FolderEntry]
    switch listed(path) {
    case .success(let found): entries = found
    case .failure(let error):
      problems.append(DiscoveryProblem(path: path, message: "folder cannot be read (\(error))"))
      return []
    }
    // A plain folder outside any target is not looked in again once walked.
    defer { if context.target == nil { listings.children[path] = nil } }
    // Real entries before links, so that a file reached both ways is reported under its real path.
    let children = entries.map { (path: path.appending($0.name), entry: $0) }
    let isLink = { (child: (path: ScanPath, entry: FolderEntry)) in child.entry.status.kind == .symbolicLink }
    for (childPath, entry) in children.filter({ !isLink($0) }) + children.filter(isLink) {
      // `NAME!/ENTRY` is how a path names an archive's entry, so a folder whose name ends in `!`
      // would be read as the inside of the archive `NAME` beside it (or as nothing): say so
      // instead of reading something else under its name.
      if entry.name.hasSuffix(Self.archiveBoundary), entry.status.kind != .regular {
        problems.append(
          DiscoveryProblem(
            path: childPath,
            message:
              "its name ends in \"\(Self.archiveBoundary)\", which sdkvet's paths use for an archive's inside; not read (rename it to scan it)"
          ))
        continue
      }
      visit(childPath, context, link: entry.status, leadingBytes: entry.leadingBytes)
    }
    return entries.map(\.name)
  }

  private mutating func visitDirectory(_ path: ScanPath, _ context: Context) {
    let kind = path.extension ?? ""
    guard Self.bundleExtensions.contains(kind) else { return visitFolder(path, kind: kind, context) }
    // A target's folders are kept listed while it is walked, and no longer.
    let outer = context.target == nil ? listings : nil
    if outer != nil { listings = FolderListings() }
    defer { if let outer { listings = outer } }
    // Listed before its layout is decided: the look-ups that decide it are answered from the listing.
    _ = listed(path)
    visitFolder(path, kind: kind, context)
  }

  /// The folder extensions that make a target, or a part of one, whose layout is looked up.
  private static let bundleExtensions: Set<Substring> = ["app", "appex", "framework", "xcframework", "bundle"]

  private mutating func visitFolder(_ path: ScanPath, kind: Substring, _ context: Context) {
    switch kind {
    case "app":
      addBundle(at: path, kind: .app, layout: .appLike(at: path, in: lookups), context)
    case "appex":
      addBundle(at: path, kind: .appExtension, layout: .appLike(at: path, in: lookups), context)
    case "framework":
      let layout = BundleLayout.framework(at: path, in: lookups)
      if let enclosing = context.target, targets[enclosing].kind == .xcframework {
        let contents = inspect(bundle: path, layout: layout)
        targets[enclosing].nestedFrameworks.append(
          NestedFramework(
            path: path, executable: contents.executable?.path,
            signature: .read(bundle: layout.contents, checkSeal: false, in: lookups),
            bundleIdentifier: contents.infoPlist?.bundleIdentifier))
        populate(enclosing, bundle: path, layout: layout, contents, context, ownsInfoPlist: false)
      } else {
        addBundle(at: path, kind: .framework, layout: layout, context)
      }
    case "xcframework":
      addXCFramework(at: path, context)
    case "bundle":
      let layout = BundleLayout.appLike(at: path, in: lookups)
      let contents = inspect(bundle: path, layout: layout)
      if let enclosing = context.target, contents.executable == nil {
        addManifests(in: layout, to: enclosing, slice: context.slice)  // a resource bundle of the enclosing target
        walkChildren(path, context)
      } else {
        addBundle(at: path, kind: .bundle, layout: layout, contents: contents, context)
      }
    case "dSYM":
      break  // debug symbols duplicate the binary they describe
    default:
      let targetsBefore = targets.count
      let names = walkChildren(path, context)
      if names.contains("Payload") && names.contains("Signatures") {
        attachReceipts(readReceipts(in: path), toTargetsFrom: targetsBefore)
      }
    }
  }

  /// Judges the regular file at `path` by its name and `leadingBytes` (read here when not given).
  private mutating func visitFile(_ path: ScanPath, _ context: Context, leadingBytes listed: [UInt8]?) {
    let name = path.lastComponent.map(String.init) ?? ""
    let leadingBytes =
      listed.map(LeadingBytes.init(bytes:)) ?? givenFile.flatMap { $0.path == path ? $0.leadingBytes : nil }
      ?? LeadingBytes(of: path, in: fileSystem)
    // An archive inside a bundle is one of its resources, not an SDK delivered in it.
    if context.target == nil, leadingBytes.container != nil {
      visitArchive(path, context)
      return
    }
    guard BinaryNaming.nameClaimsBinary(name) || BinaryNaming.magicClaimsBinary(leadingBytes.bytes) else { return }
    if let enclosing = context.target,
      !(targets[enclosing].kind.isApp && name.hasSuffix(".dylib") && path.parent?.lastComponent == "Frameworks")
    {
      targets[enclosing].binaries.append(TargetFile(path: path, slice: context.slice))
      binaryFound(path)
      return
    }
    let kind = BinaryNaming.kind(ofFileNamed: name)
    targets.append(
      DiscoveredTarget(path: path, kind: kind, embeddedIn: context.app, binaries: [TargetFile(path: path)]))
    binaryFound(path)
  }

  // MARK: Archives

  /// Opens the archive at `path` and walks it as a folder, `ARCHIVE!`, in which links may not
  /// leave the archive. An `.aar` is one target holding its libraries; an `.ipa`'s signature
  /// receipts are listed with the archive (and attached to the frameworks they describe as for
  /// any exported app's folder).
  private mutating func visitArchive(_ path: ScanPath, _ context: Context) {
    let archive: MountedArchive
    let mounted =
      (fileSystem as? any ArchiveMounting)?.mountArchive(at: path)
      ?? .failure(BinaryError(.unsupported, "this file system does not open archives"))
    switch mounted {
    case .failure(let error):
      problems.append(DiscoveryProblem(path: path, message: "cannot be opened as an archive: \(error.message)"))
      return
    case .success(let mounted): archive = mounted
    }
    problems += archive.skipped
    let (outerRoot, outerWalkedRoot) = (root, walkedRoot)
    root = (try? fileSystem.resolvedPath(archive.root).get()) ?? archive.root
    walkedRoot = archive.root
    defer { (root, walkedRoot) = (outerRoot, outerWalkedRoot) }
    let targetsBefore = targets.count
    if path.extension == "aar" {
      var target = DiscoveredTarget(path: path, kind: .androidArchive, embeddedIn: context.app)
      target.androidManifest = readAndroidManifest(archive.root.appending("AndroidManifest.xml"))
      targets.append(target)
      visit(archive.root, Context(target: targets.count - 1, slice: nil, app: context.app))
    } else {
      visit(archive.root, context)
    }
    attach(archive.ambiguous, toTargetsFrom: targetsBefore)
    archives.append(
      DiscoveredArchive(
        path: path, format: archive.format, sha256: archive.sha256, entryCount: archive.entryCount,
        receipts: readReceipts(in: archive.root)))
  }

  /// The `AndroidManifest.xml` every `.aar` carries at its root, read through the document
  /// limits; one that is missing or cannot be read is a problem, and the archive's libraries are
  /// read all the same.
  private mutating func readAndroidManifest(_ path: ScanPath) -> AndroidManifest? {
    guard isFileInsideRoot(path) else {
      problems.append(
        DiscoveryProblem(
          path: path, message: "is missing, though every .aar carries one; the library's permissions are not known"))
      return nil
    }
    do throws(PropertyListError) {
      return try AndroidManifest(
        parsing: fileSystem.document(at: path).mapError { PropertyListError(message: $0.message) }.get())
    } catch {
      problems.append(
        DiscoveryProblem(
          path: path, message: "cannot be read (\(error.message)); the library's permissions are not known"))
      return nil
    }
  }

  /// Gives each ambiguous name to the targets found since `first` that hold it (the target is
  /// the entry, or a folder above it), or to all of them when none does: a name stored twice is
  /// a question about the whole archive.
  private mutating func attach(_ ambiguous: [DiscoveryProblem], toTargetsFrom first: Int) {
    let found = targets.indices.dropFirst(first)
    for entry in ambiguous {
      let holders = found.filter { index in
        let target = targets[index].path
        return entry.path.starts(with: target)
      }
      for index in holders.isEmpty ? Array(found) : holders { targets[index].ambiguousArchiveEntries.append(entry) }
    }
  }

  /// The `Signatures/*.signature` receipts of an exported app (an `.ipa`, zipped or unpacked:
  /// `Signatures/` beside `Payload/`), sorted.
  private func readReceipts(in root: ScanPath) -> [SignatureReceipt] {
    let folder = root.appending("Signatures")
    return ((try? lookups.directoryEntries(folder).get()) ?? []).filter { $0.hasSuffix(".signature") }.sorted().map {
      SignatureReceipt(reading: folder.appending($0), in: fileSystem)
    }
  }

  /// Gives each target found since `first` the receipts for the xcframework of its name.
  private mutating func attachReceipts(_ receipts: [SignatureReceipt], toTargetsFrom first: Int) {
    for index in targets.indices.dropFirst(first) {
      let name = targets[index].path.lastComponent?.split(separator: ".").first.map(String.init) ?? ""
      targets[index].signatureReceipts = receipts.filter { $0.xcframework == name + ".xcframework" }
    }
  }

  // MARK: Bundles

  /// Adds a target for the bundle at `path`; `contents` when the caller has inspected it already.
  private mutating func addBundle(
    at path: ScanPath, kind: TargetKind, layout: BundleLayout, contents: BundleContents? = nil, _ context: Context
  ) {
    let index = targets.count
    targets.append(DiscoveredTarget(path: path, kind: kind, embeddedIn: context.app))
    let app = context.app ?? (kind.isApp ? path : nil)
    populate(
      index, bundle: path, layout: layout, contents ?? inspect(bundle: path, layout: layout),
      Context(target: index, slice: nil, app: app), ownsInfoPlist: true)
  }

  /// Reads a bundle's `Info.plist` (once, and only when it is a file inside the root) and finds its
  /// executable. A plist that cannot be read, or that names the executable twice, is reported.
  private mutating func inspect(bundle path: ScanPath, layout: BundleLayout) -> BundleContents {
    let infoPlist = isFileInsideRoot(layout.infoPlist) ? PropertyListFile.read(layout.infoPlist, in: fileSystem) : nil
    switch infoPlist?.contents {
    case .failure(let error):
      problems.append(
        DiscoveryProblem(
          path: layout.infoPlist,
          message: "cannot be read (\(error.message)); the executable was looked for under the bundle's name"))
    case .success(let document)
    where document.duplicateKeys.contains(DuplicateKey(key: "CFBundleExecutable")):
      problems.append(
        DiscoveryProblem(path: layout.infoPlist, message: "sets CFBundleExecutable more than once; the last is used"))
    case .success, nil:
      break
    }
    let executable = BundleExecutable.find(bundlePath: path, layout: layout, infoPlist: infoPlist, in: lookups)
    return BundleContents(infoPlist: infoPlist, executable: executable)
  }

  /// Adds a bundle's executable, manifests and (when it is the target's own bundle) its
  /// `Info.plist` and localized strings to target `index`, then walks the rest of the bundle.
  private mutating func populate(
    _ index: Int, bundle path: ScanPath, layout: BundleLayout, _ contents: BundleContents, _ context: Context,
    ownsInfoPlist: Bool
  ) {
    if let executable = contents.executable {
      claimBinary(executable.path, listedWhenMissing: executable.isDeclared, into: index, slice: context.slice)
    }
    addManifests(in: layout, to: index, slice: context.slice)
    if ownsInfoPlist {
      targets[index].infoPlist = contents.infoPlist
      for name in ((try? lookups.directoryEntries(layout.resources).get()) ?? []) where name.hasSuffix(".lproj") {
        let strings = layout.resources.appending(name).appending("InfoPlist.strings")
        if isFileInsideRoot(strings) { targets[index].localizedInfoPlistStrings.append(strings) }
      }
    }
    walkChildren(path, context)
  }

  private mutating func addManifests(in layout: BundleLayout, to index: Int, slice: String?) {
    for folder in layout.manifestFolders {
      addManifest(folder.appending("PrivacyInfo.xcprivacy"), to: index, slice: slice)
    }
  }

  private mutating func addManifest(_ path: ScanPath, to index: Int, slice: String?) {
    if isFileInsideRoot(path) { targets[index].manifests.append(TargetFile(path: path, slice: slice)) }
  }

  /// Lists a bundle's executable. A declared one that is missing is listed anyway, so that the
  /// broken bundle is reported as unreadable. The path is built from a layout or a plist, so
  /// any folder on the way may be a link: the resolved path must stay inside the root.
  private mutating func claimBinary(_ path: ScanPath, listedWhenMissing: Bool, into index: Int, slice: String?) {
    let link = try? lookups.linkStatus(path).get()
    let exists = link != nil
    if let link {
      let outside = link.kind == .symbolicLink ? placeOutsideRoot(namedByLink: path) : nil
      guard outside == nil, let resolved = resolved(path, link: link), isInsideRoot(resolved) else {
        let target = outside ?? (try? fileSystem.resolvedPath(path).get())?.description ?? "an unresolvable path"
        problems.append(
          DiscoveryProblem(path: path, message: "leads outside the scanned path (to \(target)); not read"))
        return
      }
      guard let kind = enter(path, link: link), kind == .regular || listedWhenMissing else { return }
    } else if !listedWhenMissing {
      return
    }
    targets[index].binaries.append(TargetFile(path: path, slice: slice, isListedButMissing: !exists))
    if exists { binaryFound(path) }
  }

  private mutating func isFileInsideRoot(_ path: ScanPath) -> Bool {
    guard let link = try? lookups.linkStatus(path).get(),
      link.kind == .regular || link.kind == .symbolicLink && fileSystem.isRegularFile(path),
      let resolved = resolved(path, link: link)
    else { return false }
    return isInsideRoot(resolved)
  }

  // MARK: XCFrameworks

  /// One target for the whole xcframework; each folder in it is a library slice, and the
  /// binaries its `Info.plist` names are listed even when missing: a framework slice whose walk
  /// found no binary (the slice, the framework or its executable is not there) is listed at the
  /// flat framework's binary path, so that it is reported unreadable, not skipped.
  private mutating func addXCFramework(at path: ScanPath, _ context: Context) {
    let index = targets.count
    targets.append(DiscoveredTarget(path: path, kind: .xcframework, embeddedIn: context.app))
    let plistPath = path.appending("Info.plist")
    let info = XCFrameworkInfo(isFileInsideRoot(plistPath) ? PropertyListFile.read(plistPath, in: fileSystem) : nil)
    problems += info.problems.map { DiscoveryProblem(path: path, message: $0) }
    let walkedProblemPosition = problems.count
    for library in info.libraries {
      guard let binary = library.binaryRelativePath else { continue }
      claimBinary(path.appending(binary), listedWhenMissing: true, into: index, slice: library.identifier)
    }
    for entry in (try? listed(path).get()) ?? [] {
      let (name, link) = (entry.name, entry.status)
      let child = path.appending(name)
      let isSlice = link.kind == .directory || (link.kind == .symbolicLink && fileSystem.isDirectory(child))
      visit(
        child, Context(target: index, slice: isSlice ? name : nil, app: context.app), link: link,
        leadingBytes: entry.leadingBytes)
      // Looked for once the slice is walked, so that its listing answers.
      if isSlice { addManifest(child.appending("PrivacyInfo.xcprivacy"), to: index, slice: name) }
    }
    for library in info.libraries where library.binaryRelativePath == nil {
      guard !targets[index].binaries.contains(where: { $0.slice == library.identifier }) else { continue }
      claimBinary(
        path.appending(library.expectedFrameworkBinary), listedWhenMissing: true, into: index,
        slice: library.identifier)
    }
    if info.listsNoLibraries && !targets[index].binaries.isEmpty {
      problems.insert(DiscoveryProblem(path: path, message: XCFrameworkInfo.slicesWalked), at: walkedProblemPosition)
    }
    // The seal is checked against the listings the walk made: no second look-up per file.
    let walked = lookups
    guard !path.isInsideArchive else {
      targets[index].signature = .read(bundle: path, checkSeal: true, in: walked)
      return
    }
    let reading = SignatureReading(bundle: path) {
      .read(bundle: path, checkSeal: true, in: walked)
    }
    signatureReadings.append((index, reading))
  }
}
