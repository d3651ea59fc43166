public import ScanFiles

/// What the audit knows of the required-reason APIs one part of a target uses (an xcframework
/// slice): some categories, none, or nothing at all, because one of its binaries could not be
/// read. A view that could say "none" switches over the three cases, with no default branch, so
/// "could not read" never reads as "uses none".
public enum CategoryUse: Sendable, Hashable {
  /// The categories its read binaries use, full strings, sorted (whether or not another of its
  /// binaries could not be read: these are used either way).
  case uses([String])
  /// Every binary was read, and none uses a category.
  case usesNone
  /// No read binary uses a category, but these could not be read (or are listed but missing),
  /// sorted: what they use is unknown.
  case unknown(notRead: [ScanPath])

}
