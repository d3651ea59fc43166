import PropertyLists
import ScanFiles

/// Where a bundle keeps its executable, `Info.plist` and resources.
///
/// iOS-family bundles are flat. macOS apps and bundles nest everything in `Contents/`; macOS
/// frameworks keep it in `Versions/<current>/` and point to it from the root with symbolic links;
/// where those links were made folders, the root's `Resources/` stands in for the version's.
struct BundleLayout {
  /// The folder holding `Info.plist` (flat and `Contents/` layouts) or the version folder.
  var contents: ScanPath
  /// The `Info.plist` path (it may not exist).
  var infoPlist: ScanPath
  /// The folder holding the executable.
  var executableFolder: ScanPath
  /// The resources folder: where `PrivacyInfo.xcprivacy` and `*.lproj` live.
  var resources: ScanPath

  /// The layout of the `.framework` at `path`: versioned when it has a `Versions/` folder.
  static func framework(at path: ScanPath, in fileSystem: some ScanFileSystem) -> BundleLayout {
    let versions = path.appending("Versions")
    guard fileSystem.isDirectory(versions),
      let version = currentVersion(in: versions, fileSystem: fileSystem)
    else {
      return BundleLayout(
        contents: path, infoPlist: path.appending("Info.plist"), executableFolder: path, resources: path)
    }
    let contents = versions.appending(version)
    var resources = contents.appending("Resources")
    // Packagers that keep no symbolic links (Python wheels, some zips and CI caches) turn the
    // root's `Resources` link into a folder and leave the version's out.
    let rootResources = path.appending("Resources")
    if !fileSystem.isDirectory(resources), (try? fileSystem.linkStatus(rootResources).get())?.kind == .directory {
      resources = rootResources
    }
    return BundleLayout(
      contents: contents, infoPlist: resources.appending("Info.plist"), executableFolder: contents, resources: resources
    )
  }

  /// The layout of an `.app`, `.appex` or `.bundle` at `path`: `Contents/` on macOS, flat otherwise.
  static func appLike(at path: ScanPath, in fileSystem: some ScanFileSystem) -> BundleLayout {
    let contents = path.appending("Contents")
    guard fileSystem.isDirectory(contents) else {
      return BundleLayout(
        contents: path, infoPlist: path.appending("Info.plist"), executableFolder: path, resources: path)
    }
    return BundleLayout(
      contents: contents, infoPlist: contents.appending("Info.plist"), executableFolder: contents.appending("MacOS"),
      resources: contents.appending("Resources"))
  }

  /// The folders where Apple looks for `PrivacyInfo.xcprivacy`, each once.
  var manifestFolders: [ScanPath] {
    resources == contents ? [contents] : [contents, resources]
  }

  /// The version folder a versioned framework uses: the one `Versions/Current` names, else `A`,
  /// else the first by name.
  private static func currentVersion(in versions: ScanPath, fileSystem: some ScanFileSystem) -> String? {
    if let current = try? fileSystem.linkTarget(versions.appending("Current")).get(), !current.utf8.contains(0x2F),
      let folder = versions.appending(containedRelativePath: current), fileSystem.isDirectory(folder)
    {
      return current
    }
    if fileSystem.isDirectory(versions.appending("A")) { return "A" }
    let names = ((try? fileSystem.directoryEntries(versions).get()) ?? []).filter { $0 != "Current" }.sorted()
    return names.first { fileSystem.isDirectory(versions.appending($0)) }
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
  var path: ScanPath
  /// Whether `Info.plist` names it (`CFBundleExecutable`): then it is listed even when missing, so a broken bundle is reported.
  var isDeclared: Bool

  /// The executable of the bundle at `bundlePath`, or `nil` when its `infoPlist` names none and no
  /// file has the bundle's base name.
  static func find(
    bundlePath: ScanPath, layout: BundleLayout, infoPlist: PropertyListFile?, in fileSystem: some ScanFileSystem
  ) -> BundleExecutable? {
    if let name = infoPlist?.dictionary?["CFBundleExecutable"]?.stringValue, !name.utf8.contains(0x2F),
      let path = layout.executableFolder.appending(containedRelativePath: name)
    {
      return BundleExecutable(path: path, isDeclared: true)
    }
    guard let stem = bundlePath.stem, case let guess = layout.executableFolder.appending(stem),
      fileSystem.isRegularFile(guess)
    else { return nil }
    return BundleExecutable(path: guess, isDeclared: false)
  }
}
