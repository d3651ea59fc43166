import BinaryImage
import Foundation
import PropertyLists

extension PropertyListFile {
  /// Reads the property list at `path` through `fileSystem` and parses it; a file larger than
  /// `ReadLimits.documentBytes` is not read past the limit, and is reported as too large.
  static func read(_ path: String, in fileSystem: some ScanFileSystem) -> PropertyListFile {
    let limit = ReadLimits.documentBytes
    do throws(BinaryError) {
      let file = try fileSystem.contents(of: path, limit: limit)
      guard file.fileSize <= limit else { return PropertyListFile(path: path, contents: .failure(.tooLarge)) }
      return PropertyListFile(path: path, parsing: Data(file.bytes))
    } catch {
      return PropertyListFile(path: path, contents: .failure(PropertyListError(message: error.message)))
    }
  }
}
