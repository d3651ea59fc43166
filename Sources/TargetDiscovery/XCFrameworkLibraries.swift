import PropertyLists
import ScanFiles

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
    if let binaryPath { return identifier + "/" + binaryPath }
    if libraryPath.hasSuffix(".framework") { return nil }
    return identifier + "/" + libraryPath
  }

  /// Where a framework slice's binary is in a flat (iOS) framework, relative to the
  /// xcframework: `ios-arm64/Foo.framework/Foo`.
  var expectedFrameworkBinary: String {
    let name = libraryPath.split(separator: "/").last.map { String($0.prefix { $0 != "." }) } ?? libraryPath
    return identifier + "/" + libraryPath + "/" + name
  }
}

/// What an xcframework's `Info.plist` yields: the `AvailableLibraries` entries discovery can use,
/// and one sentence for everything it cannot (shown as discovery problems of the xcframework).
struct XCFrameworkInfo {
  /// The usable entries; empty when the plist gives none, and the slices are found by walking the folder.
  private(set) var libraries: [XCFrameworkLibrary] = []
  /// What could not be used, one sentence each.
  private(set) var problems: [String] = []
  /// Whether the plist is missing or lists no `AvailableLibraries` (not in `problems`: a folder
  /// that holds no binary either is one `no-binary` finding, not a problem besides).
  private(set) var listsNoLibraries = false
  /// What discovery says when `listsNoLibraries` and the walk found binaries.
  static let slicesWalked =
    "Info.plist is missing or lists no AvailableLibraries; library slices were found by walking the folder"

  /// Reads `plist` (`nil` when the xcframework has no `Info.plist` inside the scanned path).
  init(_ plist: PropertyListFile?) {
    let walked = "library slices were found by walking the folder"
    let document: PropertyListDocument
    switch plist?.contents {
    case nil:
      listsNoLibraries = true
      return
    case .failure(let error)?:
      problems = ["Info.plist cannot be read (\(error.message)); \(walked)"]
      return
    case .success(let parsed)?:
      document = parsed
    }
    problems = document.duplicateKeys.map { duplicate in
      let place = duplicate.location.isEmpty ? "" : " in \(duplicate.location)"
      return "Info.plist sets \(duplicate.key) more than once\(place); the last value is used"
    }
    guard case .array(let entries)? = document.root.dictionaryValue?["AvailableLibraries"] else {
      listsNoLibraries = true
      return
    }
    for (position, entry) in entries.enumerated() {
      if let library = library(entry, place: "Info.plist AvailableLibraries[\(position)]") { libraries.append(library) }
    }
  }

  /// One entry, or `nil` (reported) when it lacks its paths or they would leave the xcframework.
  private mutating func library(_ entry: PropertyListValue, place: String) -> XCFrameworkLibrary? {
    let skipped = "the entry is skipped"
    guard let fields = entry.dictionaryValue, let identifier = fields["LibraryIdentifier"]?.stringValue,
      let libraryPath = fields["LibraryPath"]?.stringValue
    else {
      problems.append("\(place) lacks a LibraryIdentifier or LibraryPath string; \(skipped)")
      return nil
    }
    guard ScanPath.isContainedRelative(identifier), !identifier.utf8.contains(0x2F) else {
      problems.append("\(place) LibraryIdentifier \"\(identifier)\" is not a folder of the xcframework; \(skipped)")
      return nil
    }
    guard ScanPath.isContainedRelative(libraryPath) else {
      problems.append("\(place) LibraryPath \"\(libraryPath)\" leaves the xcframework; \(skipped)")
      return nil
    }
    var binaryPath = fields["BinaryPath"]?.stringValue
    if let path = binaryPath, !ScanPath.isContainedRelative(path) {
      problems.append("\(place) BinaryPath \"\(path)\" leaves the xcframework; it is ignored")
      binaryPath = nil
    }
    return XCFrameworkLibrary(identifier: identifier, libraryPath: libraryPath, binaryPath: binaryPath)
  }
}
