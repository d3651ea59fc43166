import Foundation

/// Reads the small property lists discovery needs (a bundle's `Info.plist`, an xcframework's `Info.plist`).
enum PropertyListFile {
  /// Larger files are not read: no real `Info.plist` comes near this, and a hostile one must not exhaust memory.
  static let sizeLimit = 8 << 20

  /// The root dictionary of the plist at `path` (XML or binary), or `nil` when it is missing, too large or broken.
  static func dictionary(at path: String, in fileSystem: some DiscoveryFileSystem) -> [String: Any]? {
    guard let bytes = fileSystem.readPrefix(path, limit: sizeLimit + 1), bytes.count <= sizeLimit else { return nil }
    let root = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    return root as? [String: Any]
  }
}
