import BinaryImage
import Foundation
public import PropertyLists
import ScanFiles

extension PropertyListFile {
  /// Reads the property list at `path` through `fileSystem` (`ScanFileSystem.document(at:)`) and
  /// parses it.
  static func read(_ path: ScanPath, in fileSystem: some ScanFileSystem) -> PropertyListFile {
    switch fileSystem.document(at: path) {
    case .success(let data): PropertyListFile(path: path, parsing: data)
    case .failure(let error):
      PropertyListFile(path: path, contents: .failure(PropertyListError(message: error.message)))
    }
  }

  /// The bundle's `CFBundleIdentifier`, when the file was parsed and sets it to a string.
  public var bundleIdentifier: String? { dictionary?["CFBundleIdentifier"]?.stringValue }
}
