import AuditModel
import PropertyLists
import ScanFiles
import TargetDiscovery

/// A parsed `Info.plist` or `InfoPlist.strings` (text or binary form): its top-level keys.
struct InfoPlistDocument {
  /// The file's path.
  var path: ScanPath
  /// The top-level entries, or why the file could not be read.
  var entries: Result<[String: PropertyListValue], PropertyListError>
  /// Top-level keys the file sets more than once (`entries` holds the last value).
  var duplicateKeys: [String]

  /// A property list discovery has read and parsed (an `Info.plist`).
  init(_ file: PropertyListFile) {
    path = file.path
    switch file.contents {
    case .success(let document):
      guard case .dictionary(let dictionary) = document.root else {
        entries = .failure(PropertyListError(message: "its root is not a dictionary"))
        duplicateKeys = []
        return
      }
      entries = .success(dictionary)
      duplicateKeys = document.duplicateKeys.filter(\.location.isEmpty).map(\.key)
    case .failure(let error):
      entries = .failure(error)
      duplicateKeys = []
    }
  }

  /// Parses a loaded file; old-style `"KEY" = "value";` strings files are property lists too.
  init(_ file: LoadedFile) {
    switch file.contents {
    case .unreadable(let reason):
      self.init(
        PropertyListFile(path: file.file.path, contents: .failure(PropertyListError(message: reason))))
    case .bytes(let data):
      self.init(PropertyListFile(path: file.file.path, parsing: data))
    }
  }

  /// The keys present, empty when the file could not be read.
  var keys: Set<String> {
    guard case .success(let dictionary) = entries else { return [] }
    return Set(dictionary.keys)
  }

  /// The `*.lproj` folder name the file sits in (`en`, `Base`, `zh-Hans`), `nil` for a base `Info.plist`.
  var localization: String? {
    guard let folder = path.parent?.lastComponent, folder.hasSuffix(".lproj") else { return nil }
    return String(folder.dropLast(".lproj".count))
  }
}
