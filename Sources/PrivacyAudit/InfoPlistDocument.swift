import TargetDiscovery

/// A parsed `Info.plist` or `InfoPlist.strings` (text or binary form): its top-level keys.
struct InfoPlistDocument {
  /// The file's path.
  var path: String
  /// The top-level entries, or why the file could not be read.
  var entries: Result<[String: PropertyListValue], PropertyListError>

  /// Parses a loaded file; old-style `"KEY" = "value";` strings files are property lists too.
  init(_ file: LoadedFile) {
    path = file.file.path
    switch file.contents {
    case .unreadable(let reason):
      entries = .failure(PropertyListError(message: reason))
    case .bytes(let data):
      do {
        guard case .dictionary(let dictionary) = try PropertyListValue.parse(data) else {
          entries = .failure(PropertyListError(message: "its root is not a dictionary"))
          return
        }
        entries = .success(dictionary)
      } catch {
        entries = .failure(error)
      }
    }
  }

  /// The keys present, empty when the file could not be read.
  var keys: Set<String> {
    guard case .success(let dictionary) = entries else { return [] }
    return Set(dictionary.keys)
  }

  /// The `*.lproj` folder name the file sits in (`en`, `Base`, `zh-Hans`), `nil` for a base `Info.plist`.
  var localization: String? {
    let parts = path.split(separator: "/")
    guard let folder = parts.dropLast().last, folder.hasSuffix(".lproj") else { return nil }
    return String(folder.dropLast(".lproj".count))
  }
}
