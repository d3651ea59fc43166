import BinaryImage
import ImageLoader
import PrivacyAudit

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
