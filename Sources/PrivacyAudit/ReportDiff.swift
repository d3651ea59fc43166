public import AuditModel
public import ScanFiles

/// One item added to or removed from a target between two versions.
public struct DiffChange: Sendable, Hashable {
  /// Added in the new version, or removed from it; or a part that cannot be compared because a
  /// binary of it could not be read in one version (what it uses there is unknown, so nothing
  /// in it is reported added or removed).
  public enum Direction: String, Sendable, Hashable {
    case added, removed
    case notComparable = "not-comparable"
  }

  /// Added or removed.
  public let direction: Direction
  /// The aspect the item belongs to.
  public let aspect: DiffAspect
  /// The item; its `slices` are those it is in, in the version it is added to or removed from.
  public let item: DiffItem
  /// How serious the change is: an addition's is its aspect's `additionSeverity`, a removal's
  /// its `removalSeverity`.
  public let severity: Severity
  /// For a required-reason category or API: whether the new version's manifest declares the
  /// category; `nil` for other aspects and for a target gone.
  public let declaredInNewVersion: Bool?

  /// Whether the change counts against `diff --fail-on`: every addition and part not compared
  /// (it may hide one), and a removal graded above a note (a slice gone).
  public var isGated: Bool { direction != .removed || severity > .note }
}

/// How one target changed between two versions.
public struct TargetDiff: Sendable, Hashable {
  /// The target's name: the new version's, or the old one's for a target that is gone.
  public let name: String
  /// The bundle identifier: the new version's, or the old one's for a target that is gone.
  public let bundleIdentifier: String?
  /// The target's path in the old version; `nil` for a target that is new.
  public let oldPath: ScanPath?
  /// The target's path in the new version; `nil` for a target that is gone.
  public let newPath: ScanPath?
  /// The changes, aspect by aspect (in `DiffAspect` order), removals before additions, by item.
  public let changes: [DiffChange]

  /// Compares two versions of a target; a missing version counts as a target with no items. The
  /// name is compared only when both versions exist, and declared reasons only under a category
  /// both declare (a category added or removed is the change). The architectures, platforms and
  /// rpaths of a slice new or gone are left to its `slices` change; linked libraries are compared
  /// per platform (`LinkedLibraryComparison`).
  package init(old: TargetProfile?, new: TargetProfile?) {
    name = new?.name ?? old?.name ?? ""
    bundleIdentifier = new?.bundleIdentifier ?? old?.bundleIdentifier
    oldPath = old?.path
    newPath = new?.path
    let aspects = DiffAspect.allCases.filter { $0 != .name || (old != nil && new != nil) }
    let declared = { (profile: TargetProfile?) in Set((profile?.items(of: .declaredCategories) ?? []).map(\.value)) }
    let bothDeclare = declared(old).intersection(declared(new))
    let compared = { (aspect: DiffAspect, profile: TargetProfile?) in
      (profile?.items(of: aspect) ?? []).filter {
        aspect != .declaredReasons || bothDeclare.contains($0.category ?? "")
      }
    }
    let sliceIDs = { (profile: TargetProfile?) in Set((profile?.slices ?? []).map(\.identifier)) }
    let newOrGoneSlices = sliceIDs(old).symmetricDifference(sliceIDs(new))
    let unread = Comparability(old: old, new: new)
    let newDeclares = new.map { _ in declared(new) }
    changes =
      unread.changes
      + aspects.flatMap { aspect in
        let (removed, added) =
          aspect == .linkedLibraries
          ? LinkedLibraryComparison.changes(old: old, new: new)
          : Self.difference(compared(aspect, old), compared(aspect, new))
        // A signer is a change only when there was one before; a new xcframework's is a note.
        let addedSeverity = aspect == .signer && removed.isEmpty ? .note : aspect.additionSeverity
        // Not declared by the manifests read of a version that left one unread is not known.
        let declares = { (item: DiffItem) -> Bool? in
          guard aspect == .categories || aspect == .apis, let newDeclares else { return nil }
          if newDeclares.contains(item.category ?? item.value) { return true }
          return new?.readEveryManifest == false ? nil : false
        }
        // A new use the new version declares is for a reviewer to see, not an error of the vendor's.
        let change = { (direction: DiffChange.Direction, severity: Severity) in
          { (item: DiffItem) in
            let declared = declares(item)
            return DiffChange(
              direction: direction, aspect: aspect, item: item,
              severity: declared == true && direction == .added ? min(severity, .warning) : severity,
              declaredInNewVersion: declared)
          }
        }
        let shown = { (item: DiffItem) in
          !aspect.isPerSlice || item.slices.isEmpty || !newOrGoneSlices.isSuperset(of: item.slices)
        }
        return removed.filter(shown).compactMap { unread.comparable(aspect, $0) }.map(
          change(.removed, aspect.removalSeverity))
          + added.filter(shown).compactMap { unread.comparable(aspect, $0) }.map(change(.added, addedSeverity))
      }
  }

  /// The items of `before` not in `after` (by identity), and those of `after` not in `before`.
  private static func difference(_ before: [DiffItem], _ after: [DiffItem]) -> (
    removed: [DiffItem], added: [DiffItem]
  ) {
    let beforeIDs = Set(before.map(\.identity))
    let afterIDs = Set(after.map(\.identity))
    return (before.filter { !afterIDs.contains($0.identity) }, after.filter { !beforeIDs.contains($0.identity) })
  }
}

/// What changed between two versions of a set of SDKs: `sdkvet diff OLD NEW`.
///
/// Targets are matched by bundle identifier first: a target whose identifier is found once in
/// each version is matched with the other version's, whatever its name (an SDK renamed between
/// versions). The rest are matched by name (`TargetProfile.name`); when a name is not unique on
/// both sides, the targets of that name are matched by path, and the rest count as gone and new.
/// Only targets with changes are kept.
public struct ReportDiff: Sendable, Hashable {
  /// A problem met while one version was scanned (a link that leads nowhere, a file that cannot
  /// be read): listed with the diff, never a reason to give it up.
  public struct Problem: Sendable, Hashable {
    /// Which version it was met in.
    public enum Version: String, Sendable, Hashable {
      case old, new
    }

    /// The version.
    public let version: Version
    /// The path it concerns, as found.
    public let path: String
    /// What is wrong.
    public let message: String

    /// Creates a problem.
    package init(version: Version, path: String, message: String) {
      self.version = version
      self.path = path
      self.message = message
    }
  }

  /// The targets that changed, by name (gone before new among targets of one name).
  public let targets: [TargetDiff]
  /// The problems met while the versions were scanned, old first, in the order met.
  public let problems: [Problem]

  /// Compares the targets of two versions; `problems` are those met while scanning them.
  public init(old: [TargetProfile], new: [TargetProfile], problems: [Problem] = []) {
    self.problems = problems
    let (pairs, oldRest, newRest) = Self.matchedByIdentifier(old: old, new: new)
    var diffs = pairs.map { TargetDiff(old: $0.old, new: $0.new) }
    let oldByName = Dictionary(grouping: oldRest, by: \.name)
    let newByName = Dictionary(grouping: newRest, by: \.name)
    for name in Set(oldByName.keys).union(newByName.keys) {
      let before = oldByName[name] ?? []
      let after = newByName[name] ?? []
      if before.count == 1, after.count == 1 {
        diffs.append(TargetDiff(old: before[0], new: after[0]))
        continue
      }
      let afterByPath = Dictionary(after.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
      let beforePaths = Set(before.map(\.path))
      diffs += before.map { TargetDiff(old: $0, new: afterByPath[$0.path]) }
      diffs += after.filter { !beforePaths.contains($0.path) }.map { TargetDiff(old: nil, new: $0) }
    }
    // By name; among targets of one name, those with an old version (by its path) first.
    targets = diffs.filter { !$0.changes.isEmpty }.sorted {
      ($0.name, $0.oldPath == nil ? 1 : 0, $0.oldPath ?? "", $0.newPath ?? "")
        < ($1.name, $1.oldPath == nil ? 1 : 0, $1.oldPath ?? "", $1.newPath ?? "")
    }
  }

  /// The pairs of targets whose bundle identifier is found once in each version, and the
  /// targets of each version left over.
  private static func matchedByIdentifier(old: [TargetProfile], new: [TargetProfile]) -> (
    pairs: [(old: TargetProfile, new: TargetProfile)], old: [TargetProfile], new: [TargetProfile]
  ) {
    func unique(_ profiles: [TargetProfile]) -> [String: Int] {
      let indices = Dictionary(grouping: profiles.indices.filter { profiles[$0].bundleIdentifier != nil }) {
        profiles[$0].bundleIdentifier ?? ""
      }
      return indices.compactMapValues { $0.count == 1 ? $0[0] : nil }
    }
    let newIndices = unique(new)
    var pairs: [(old: TargetProfile, new: TargetProfile)] = []
    var pairedOld: Set<Int> = []
    var pairedNew: Set<Int> = []
    for (identifier, oldIndex) in unique(old) {
      guard let newIndex = newIndices[identifier] else { continue }
      pairs.append((old[oldIndex], new[newIndex]))
      pairedOld.insert(oldIndex)
      pairedNew.insert(newIndex)
    }
    return (
      pairs, old.indices.filter { !pairedOld.contains($0) }.map { old[$0] },
      new.indices.filter { !pairedNew.contains($0) }.map { new[$0] }
    )
  }

  /// Every change of every target.
  public var allChanges: [DiffChange] { targets.flatMap(\.changes) }

  /// Whether a change that counts against `--fail-on` (`DiffChange.isGated`) reaches `severity`.
  public func hasGatedChange(atLeast severity: Severity) -> Bool {
    allChanges.contains { $0.isGated && $0.severity >= severity }
  }
}
