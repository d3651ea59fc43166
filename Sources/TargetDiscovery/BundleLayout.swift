import PropertyLists

/// Where a bundle keeps its executable, `Info.plist` and resources.
///
/// iOS-family bundles are flat. macOS apps and bundles nest everything in `Contents/`; macOS
/// frameworks keep it in `Versions/<current>/` and point to it from the root with symbolic links;
/// where those links were made folders, the root's `Resources/` stands in for the version's.
struct BundleLayout {
  /// The folder holding `Info.plist` (flat and `Contents/` layouts) or the version folder.
  var contents: String
  /// The `Info.plist` path (it may not exist).
  var infoPlist: String
  /// The folder holding the executable.
  var executableFolder: String
  /// The resources folder: where `PrivacyInfo.xcprivacy` and `*.lproj` live.
  var resources: String

  /// The layout of the `.framework` at `path`: versioned when it has a `Versions/` folder.
  static func framework(at path: String, in fileSystem: some ScanFileSystem) -> BundleLayout {
    let versions = path.subpath("Versions")
    guard fileSystem.status(versions)?.kind == .directory,
      let version = currentVersion(in: versions, fileSystem: fileSystem)
    else {
      return BundleLayout(
        contents: path, infoPlist: path.subpath("Info.plist"), executableFolder: path, resources: path)
    }
    let contents = versions.subpath(version)
    var resources = contents.subpath("Resources")
    // Packagers that keep no symbolic links (Python wheels, some zips and CI caches) turn the
    // root's `Resources` link into a folder and leave the version's out.
    let rootResources = path.subpath("Resources")
    if fileSystem.status(resources)?.kind != .directory, fileSystem.linkStatus(rootResources)?.kind == .directory {
      resources = rootResources
    }
    return BundleLayout(
      contents: contents, infoPlist: resources.subpath("Info.plist"), executableFolder: contents, resources: resources)
  }

  /// The layout of an `.app`, `.appex` or `.bundle` at `path`: `Contents/` on macOS, flat otherwise.
  static func appLike(at path: String, in fileSystem: some ScanFileSystem) -> BundleLayout {
    let contents = path.subpath("Contents")
    guard fileSystem.status(contents)?.kind == .directory else {
      return BundleLayout(
        contents: path, infoPlist: path.subpath("Info.plist"), executableFolder: path, resources: path)
    }
    return BundleLayout(
      contents: contents, infoPlist: contents.subpath("Info.plist"), executableFolder: contents.subpath("MacOS"),
      resources: contents.subpath("Resources"))
  }

  /// The folders where Apple looks for `PrivacyInfo.xcprivacy`, each once.
  var manifestFolders: [String] {
    resources == contents ? [contents] : [contents, resources]
  }

  /// The version folder a versioned framework uses: the one `Versions/Current` names, else `A`,
  /// else the first by name.
  private static func currentVersion(in versions: String, fileSystem: some ScanFileSystem) -> String? {
    if let current = fileSystem.linkTarget(versions.subpath("Current")), current.isContainedRelativePath,
      !current.contains("/"), fileSystem.status(versions.subpath(current))?.kind == .directory
    {
      return current
    }
    if fileSystem.status(versions.subpath("A"))?.kind == .directory { return "A" }
    let names = (fileSystem.directoryEntries(versions) ?? []).filter { $0 != "Current" }.sorted()
    return names.first { fileSystem.status(versions.subpath($0))?.kind == .directory }
  }
}

/// What discovery reads from a bundle: its `Info.plist` (parsed once) and the executable it names.
struct BundleContents {
  /// The `Info.plist`, when it is a file inside the scanned path.
  var infoPlist: PropertyListFile?
  /// The executable, when the plist names one or a file has the bundle's base name.
  var executable: BundleExecutable?
}

/// A bundle's executable, as its `Info.plist` names it or as its base name suggests.
struct BundleExecutable {
  /// The executable's path.
  var path: String
  /// Whether `Info.plist` names it (`CFBundleExecutable`): then it is listed even when missing, so a broken bundle is reported.
  var isDeclared: Bool

  /// The executable of the bundle at `bundlePath`, or `nil` when its `infoPlist` names none and no
  /// file has the bundle's base name.
  static func find(
    bundlePath: String, layout: BundleLayout, infoPlist: PropertyListFile?, in fileSystem: some ScanFileSystem
  ) -> BundleExecutable? {
    if let name = infoPlist?.dictionary?["CFBundleExecutable"]?.stringValue, name.isContainedRelativePath,
      !name.contains("/")
    {
      return BundleExecutable(path: layout.executableFolder.subpath(name), isDeclared: true)
    }
    let guess = layout.executableFolder.subpath(bundlePath.fileBaseName)
    guard fileSystem.status(guess)?.kind == .regular else { return nil }
    return BundleExecutable(path: guess, isDeclared: false)
  }
}
