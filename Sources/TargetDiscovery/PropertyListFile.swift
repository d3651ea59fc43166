import BinaryImage
import Foundation

/// Reads the small property lists discovery needs (a bundle's `Info.plist`, an xcframework's `Info.plist`).
enum PropertyListFile {
  /// Larger files are not read: no real `Info.plist` comes near this, and a hostile one must not exhaust memory.
  static let sizeLimit = ReadLimits.documentBytes

  /// The root dictionary of the plist at `path` (XML or binary), or `nil` when it is missing, too large or broken.
  static func dictionary(at path: String, in fileSystem: some ScanFileSystem) -> [String: Any]? {
    guard let file = try? fileSystem.contents(of: path, limit: sizeLimit), file.fileSize <= sizeLimit else {
      return nil
    }
    let root = try? PropertyListSerialization.propertyList(from: Data(file.bytes), options: [], format: nil)
    return root as? [String: Any]
  }
}
