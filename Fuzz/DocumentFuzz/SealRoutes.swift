import CodeSigning
import Foundation
import PropertyLists

/// Reads `bytes` as a bundle's seal both ways `CodeResources.read` may: from the outline of a
/// plain XML property list (`PropertyListOutline`, no values built), else from the parsed
/// document's root. Traps when the two disagree on the seal (paths, `optional` flags, nested
/// code) or on the problem; one that parses only one way disagrees.
func checkSealRoutes(_ bytes: Data) {
  let parsed = Result { () throws(PropertyListError) in try PropertyListDocument(parsing: bytes) }.map {
    CodeResources($0.root)
  }
  guard CodeResources.read(bytes) == parsed else {
    fatalError("the seal read from the outline is not the seal of the parsed values")
  }
}
