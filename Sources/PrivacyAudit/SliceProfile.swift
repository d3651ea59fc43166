import AuditModel
import BinaryImage
import PrivacyCatalog

/// One library slice of an xcframework (a folder named by its `LibraryIdentifier`), summed up
/// so that a slice new or gone is one change with its counts.
package struct SliceProfile: Sendable, Hashable {
  /// The `LibraryIdentifier`: `ios-arm64`, `macos-arm64_x86_64`, …
  package var identifier: String
  /// The platform family its identifier names (`PlatformFamily`), or the identifier's first
  /// component when it names none; linked libraries are compared per platform.
  package var platform: String
  /// How many binaries it holds.
  package var binaries: Int
  /// How many of them could not be read.
  package var unreadableBinaries: Int
  /// How many libraries and frameworks its binaries link against, each once.
  package var linkedLibraries: Int

  /// The slice of `identifier` holding `binaries`.
  init(identifier: String, binaries: [BinarySummary]) {
    self.identifier = identifier
    platform =
      PlatformFamily(sliceIdentifier: identifier)?.rawValue
      ?? String(identifier.split(separator: "-").first ?? Substring(identifier))
    self.binaries = binaries.count
    unreadableBinaries = binaries.filter { !$0.format.wasRead }.count
    linkedLibraries = Set(binaries.flatMap(\.linkedLibraries)).count
  }

  /// The slice's counts as a phrase, with the required-reason categories it uses:
  /// `2 binaries (1 unreadable), 12 linked libraries, uses UserDefaults, FileTimestamp`.
  func summary(categories: [String]) -> String {
    let plural = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "y" : "ies")" }
    var parts = [plural(binaries, "binar")]
    if unreadableBinaries > 0 { parts[0] += " (\(unreadableBinaries) unreadable)" }
    parts.append(plural(linkedLibraries, "linked librar"))
    if !categories.isEmpty {
      parts.append("uses " + categories.map(Catalog.shortCategoryName).joined(separator: ", "))
    }
    return parts.joined(separator: ", ")
  }
}
