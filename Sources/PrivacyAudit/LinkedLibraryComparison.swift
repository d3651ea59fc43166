import AuditModel

/// The linked-library changes of a target, compared per platform across the whole target: a
/// library is added on a platform when a slice of that platform links it in the new version
/// and none did in the old one, whichever slices link it. Only the platforms both versions have
/// are compared, so a new platform's libraries are counted in its slices' `slices` change, not
/// listed one by one; a target new or gone is compared on its own platforms. A target that is
/// not an xcframework is one platform.
enum LinkedLibraryComparison {
  /// The libraries linked in the old version only, on some compared platform, and those linked
  /// in the new version only, each in the slices of those platforms that link it.
  static func changes(old: TargetProfile?, new: TargetProfile?) -> (removed: [DiffItem], added: [DiffItem]) {
    let platforms = { (profile: TargetProfile) in Set(profile.slices.isEmpty ? [""] : profile.slices.map(\.platform)) }
    let compared: Set<String> =
      switch (old, new) {
      case (let old?, let new?): platforms(old).intersection(platforms(new))
      case (let old?, nil): platforms(old)
      case (nil, let new?): platforms(new)
      case (nil, nil): []
      }
    let before = platformsByLibrary(old, compared)
    let after = platformsByLibrary(new, compared)
    return (only(before, notIn: after, of: old), only(after, notIn: before, of: new))
  }

  /// Each library of `profile` with the compared platforms it is linked on.
  private static func platformsByLibrary(_ profile: TargetProfile?, _ compared: Set<String>) -> [String: Set<String>] {
    guard let profile else { return [:] }
    var platforms: [String: Set<String>] = [:]
    for library in profile.items(of: .linkedLibraries) {
      let linkedOn = library.slices.isEmpty ? [""] : library.slices.map(profile.platform(ofSlice:))
      platforms[library.value, default: []].formUnion(compared.intersection(linkedOn))
    }
    return platforms
  }

  /// The libraries of `profile` linked on a platform where `other` does not link them, each in
  /// the slices of those platforms.
  private static func only(
    _ mine: [String: Set<String>], notIn other: [String: Set<String>], of profile: TargetProfile?
  )
    -> [DiffItem]
  {
    (profile?.items(of: .linkedLibraries) ?? []).compactMap { library in
      let platforms = (mine[library.value] ?? []).subtracting(other[library.value] ?? [])
      guard !platforms.isEmpty else { return nil }
      guard !library.slices.isEmpty else { return library }
      return library.keeping(
        slices: Set(library.slices.filter { platforms.contains(profile?.platform(ofSlice: $0) ?? "") }))
    }
  }
}
