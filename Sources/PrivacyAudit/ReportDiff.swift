/// One item added to or removed from a target between two versions.
public struct DiffChange: Sendable, Hashable {
  /// Added in the new version, or removed from it.
  public enum Direction: String, Sendable, Hashable {
    case added, removed
  }

  /// Added or removed.
  public var direction: Direction
  /// The aspect the item belongs to.
  public var aspect: DiffAspect
  /// The item.
  public var item: DiffItem
  /// How serious the change is: an addition's is its aspect's (`DiffAspect.additionSeverity`),
  /// a removal is a note.
  public var severity: Severity
}

/// How one target changed between two versions.
public struct TargetDiff: Sendable, Hashable {
  /// The name the two versions were matched by.
  public var name: String
  /// The target's path in the old version; `nil` for a target that is new.
  public var oldPath: String?
  /// The target's path in the new version; `nil` for a target that is gone.
  public var newPath: String?
  /// The changes, aspect by aspect (in `DiffAspect` order), removals before additions, by item.
  public var changes: [DiffChange]

  /// Compares two versions of a target; a missing version counts as a target with no items.
  public init(name: String, old: TargetProfile?, new: TargetProfile?) {
    self.name = name
    oldPath = old?.path
    newPath = new?.path
    changes = DiffAspect.allCases.flatMap { aspect in
      let before = old?.items[aspect] ?? []
      let after = new?.items[aspect] ?? []
      let beforeIDs = Set(before.map(\.identity))
      let afterIDs = Set(after.map(\.identity))
      let removed = before.filter { !afterIDs.contains($0.identity) }
      // A signer is a change only when there was one before; a new xcframework's is a note.
      let addedSeverity = aspect == .signer && removed.isEmpty ? .note : aspect.additionSeverity
      return removed.map { DiffChange(direction: .removed, aspect: aspect, item: $0, severity: .note) }
        + after.filter { !beforeIDs.contains($0.identity) }.map {
          DiffChange(direction: .added, aspect: aspect, item: $0, severity: addedSeverity)
        }
    }
  }
}

/// What changed between two versions of a set of SDKs: `sdkvet diff OLD NEW`.
///
/// Targets are matched by name (`TargetProfile.name`); when a name is not unique on both sides,
/// the targets of that name are matched by path, and the rest count as gone and new. Only
/// targets with changes are kept.
public struct ReportDiff: Sendable, Hashable {
  /// The targets that changed, by name (gone before new among targets of one name).
  public var targets: [TargetDiff]

  /// Compares the targets of two versions.
  public init(old: [TargetProfile], new: [TargetProfile]) {
    let oldByName = Dictionary(grouping: old, by: \.name)
    let newByName = Dictionary(grouping: new, by: \.name)
    var diffs: [TargetDiff] = []
    for name in Set(oldByName.keys).union(newByName.keys).sorted() {
      let before = oldByName[name] ?? []
      let after = newByName[name] ?? []
      if before.count == 1, after.count == 1 {
        diffs.append(TargetDiff(name: name, old: before[0], new: after[0]))
        continue
      }
      let afterByPath = Dictionary(after.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
      let beforePaths = Set(before.map(\.path))
      diffs += before.map { TargetDiff(name: name, old: $0, new: afterByPath[$0.path]) }
      diffs += after.filter { !beforePaths.contains($0.path) }.map { TargetDiff(name: name, old: nil, new: $0) }
    }
    targets = diffs.filter { !$0.changes.isEmpty }
  }

  /// Every change of every target.
  public var allChanges: [DiffChange] { targets.flatMap(\.changes) }

  /// Whether an addition reaches `severity`.
  public func hasAddition(atLeast severity: Severity) -> Bool {
    allChanges.contains { $0.direction == .added && $0.severity >= severity }
  }
}
