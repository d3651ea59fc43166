public import Foundation
public import ScanFiles

/// A temporary folder tree for one test, removed when the value is deinitialised.
package final class TemporaryTree {
  /// The tree's absolute path.
  package let root: String

  /// Creates an empty tree in the temporary folder.
  package init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-discovery-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// The first bytes of a 64-bit Mach-O file.
  package static let machO: [UInt8] = [0xcf, 0xfa, 0xed, 0xfe, 0x0c, 0x00, 0x00, 0x01]
  /// The first bytes of a 64-bit ELF file.
  package static let elf: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]

  /// Writes a file, creating its folders.
  package func file(_ relative: String, _ bytes: [UInt8] = TemporaryTree.machO) throws {
    let path = root + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Writes an XML property list.
  package func plist(_ relative: String, _ root: [String: Any]) throws {
    try file(relative, [UInt8](try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)))
  }

  /// Creates a symbolic link.
  package func link(_ relative: String, to destination: String) throws {
    let path = root + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
  }

  /// `path` relative to the root, for readable expectations.
  package func relative(_ path: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }
}

extension TemporaryTree {
  /// `path` relative to the root, for readable expectations.
  public func relative(_ path: ScanPath) -> String {
    relative(path.description)
  }
}
