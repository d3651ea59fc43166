package import BinaryImage
import ELFSymbols
import MachOImage
package import ScanFiles

/// Finds the call sites of some names in one image of a file read by `BinaryFileReader`: the
/// one dispatch from an image's format to its reader's call-site search.
package enum CallSiteFinder {
  /// The sites of every name in `query`, or `nil` when the image's format or architecture is
  /// not decoded.
  /// - Parameters:
  ///   - file: The bytes `image` was read from.
  ///   - image: One image of that file.
  ///   - query: The imports and selectors to look for.
  /// - Throws: when the tables the search needs do not fit the image.
  package static func find(in file: FileBytes, image: Image, query: CallSiteQuery) throws(BinaryError) -> CallSiteMap? {
    guard !query.isEmpty else { return nil }
    switch image.format {
    case .machO: return try MachOCallSites.find(in: file, image: image, query: query)
    case .elf: return try ELFCallSites.find(in: file, image: image, query: query)
    }
  }
}
