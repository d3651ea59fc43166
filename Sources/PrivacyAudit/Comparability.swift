import AuditModel

/// Which parts of a target two versions can be compared in: a binary that could not be read (or
/// is listed but missing) in one version and read in the other leaves what the first uses there
/// unknown, so an item there is neither added nor removed, and the part is one `notComparable`
/// change instead.
/// The part is an xcframework slice, or, outside xcframeworks, the target's binaries as a whole;
/// a privacy manifest unread in one version and not the other does the same to the declarations.
struct Comparability {
  /// The slices present in both versions in which a binary could not be read, with why.
  private var slices: [String: String] = [:]
  /// Outside xcframeworks: why the binaries cannot be compared, `nil` when they can.
  private var wholeTarget: String?
  /// Why the declarations (categories, reasons, tracking and its domains) cannot be compared,
  /// `nil` when they can.
  private var declarations: String?

  /// What two versions of a target leave uncompared; nothing when one of them is missing (a
  /// target new or gone is compared as a whole).
  init(old: TargetProfile?, new: TargetProfile?) {
    guard let old, let new else { return }
    let why = { (oldUnread: Bool, newUnread: Bool, what: String) -> String? in
      // Unread in both versions, nothing of it is known in either, so nothing is reported added
      // or removed there and there is nothing to explain.
      switch (oldUnread, newUnread) {
      case (true, false): "\(what) of the old version could not be read"
      case (false, true): "\(what) of the new version could not be read"
      case (true, true), (false, false): nil
      }
    }
    declarations = why(!old.readEveryManifest, !new.readEveryManifest, "a privacy manifest")
    if old.slices.isEmpty && new.slices.isEmpty {
      wholeTarget = why(
        !old.items(of: .unreadableBinaries).isEmpty, !new.items(of: .unreadableBinaries).isEmpty, "a binary")
      return
    }
    let unread = { (profile: TargetProfile) in
      Dictionary(profile.slices.map { ($0.identifier, $0.unreadableBinaries > 0) }, uniquingKeysWith: { $0 || $1 })
    }
    let (before, after) = (unread(old), unread(new))
    for (slice, oldUnread) in before {
      guard let newUnread = after[slice], let reason = why(oldUnread, newUnread, "a binary") else { continue }
      slices[slice] = reason
    }
  }

  /// One `notComparable` change per part that cannot be compared, by slice.
  var changes: [DiffChange] {
    let parts = slices.sorted { $0.key < $1.key }.map { (aspect: DiffAspect.slices, value: $0.key, why: $0.value) }
    let whole = wholeTarget.map { [(aspect: DiffAspect.unreadableBinaries, value: "binaries", why: $0)] } ?? []
    let declared = declarations.map { [(aspect: DiffAspect.declaredCategories, value: "manifests", why: $0)] } ?? []
    return (whole + declared + parts).map {
      DiffChange(
        direction: .notComparable, aspect: $0.aspect,
        item: DiffItem(
          value: $0.value, slices: $0.aspect == .slices ? [$0.value] : [], detail: "not comparable: " + $0.why),
        severity: .warning, declaredInNewVersion: nil)
    }
  }

  /// `item` of `aspect` as far as it lies in parts that can be compared: its slices that cannot
  /// be are dropped, and `nil` when none is left. The aspects that describe the binaries'
  /// readability and the slices themselves are kept whole, and so are the manifest's items (in no
  /// slice) unless a manifest was read in one version only: then they are `nil`.
  func comparable(_ aspect: DiffAspect, _ item: DiffItem) -> DiffItem? {
    // `declared-tracking` is the manifest's; the other tracking items are the binaries'.
    let isDeclaredTracking = aspect == .tracking && item.value == TargetProfile.declaredTrackingItem
    let isDeclared = [.declaredCategories, .declaredReasons, .trackingDomains].contains(aspect) || isDeclaredTracking
    if isDeclared && declarations != nil { return nil }
    guard aspect.isReadFromBinaries, !isDeclaredTracking else { return item }
    if wholeTarget != nil { return nil }
    guard !item.slices.isEmpty, !slices.isEmpty else { return item }
    return item.keeping(slices: Set(item.slices.filter { slices[$0] == nil }))
  }
}
