import AuditModel
import BinaryImage
import ImageLoader
import PrivacyAudit
import ScanFiles

extension ScannedBinary {
  /// Looks for the call sites of each image's matches in the bytes it was read from; only images
  /// with matches are decoded. An image whose code is not decoded, or whose tables the search
  /// cannot use, keeps `callSites` `nil` (its evidence then shows no callers, not `notCalled`).
  mutating func findCallSites(in file: FileBytes, images read: [Image]) {
    for (position, image) in read.enumerated() where images.indices.contains(position) {
      let query = images[position].callSiteQuery
      guard !query.isEmpty else { continue }
      images[position].callSites = try? CallSiteFinder.find(in: file, image: image, query: query)
    }
  }
}

/// The call sites of every import and selector of a binary's images, for listings.
enum CallSiteScan {
  /// `binary` with `Image.callSites` set on each image whose code is decoded.
  static func everyName(of binary: BinaryFile, in file: FileBytes) -> BinaryFile {
    var binary = binary
    for index in binary.images.indices {
      let image = binary.images[index]
      let query = CallSiteQuery(
        imports: Set(image.imports.map { image.names.string($0.name) }),
        selectors: Set(image.selectorReferences.map { image.names.string($0) }))
      binary.images[index].callSites = try? CallSiteFinder.find(in: file, image: image, query: query)
    }
    return binary
  }
}
