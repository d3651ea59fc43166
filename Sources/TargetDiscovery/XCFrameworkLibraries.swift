/// One entry of an xcframework's `Info.plist` `AvailableLibraries`.
struct XCFrameworkLibrary {
  /// `LibraryIdentifier`: the slice folder, e.g. `ios-arm64_x86_64-simulator`.
  var identifier: String
  /// `LibraryPath`: the library inside the slice folder, e.g. `Foo.framework` or `libFoo.a`.
  var libraryPath: String
  /// `BinaryPath`: the binary inside the slice folder, when given.
  var binaryPath: String?

  /// The binary this entry names, relative to the xcframework: `BinaryPath`, or `LibraryPath`
  /// when it is not a framework; `nil` when the framework's layout must decide.
  var binaryRelativePath: String? {
    if let binaryPath { return identifier.subpath(binaryPath) }
    if libraryPath.hasSuffix(".framework") { return nil }
    return identifier.subpath(libraryPath)
  }

  /// The entries of the xcframework `Info.plist` at `path`, or `nil` when it is missing, broken or has no
  /// `AvailableLibraries` array. Entries whose paths would leave the xcframework are dropped.
  static func read(plistAt path: String, in fileSystem: some ScanFileSystem) -> [XCFrameworkLibrary]? {
    guard let entries = PropertyListFile.dictionary(at: path, in: fileSystem)?["AvailableLibraries"] as? [Any] else {
      return nil
    }
    return entries.compactMap { entry in
      guard let entry = entry as? [String: Any],
        let identifier = entry["LibraryIdentifier"] as? String, identifier.isContainedRelativePath,
        !identifier.contains("/"),
        let libraryPath = entry["LibraryPath"] as? String, libraryPath.isContainedRelativePath
      else { return nil }
      let binaryPath = (entry["BinaryPath"] as? String).flatMap { $0.isContainedRelativePath ? $0 : nil }
      return XCFrameworkLibrary(identifier: identifier, libraryPath: libraryPath, binaryPath: binaryPath)
    }
  }
}
