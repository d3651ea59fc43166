import AuditModel
import ScanFiles

extension TargetReport {
  /// The part of an xcframework target that one slice holds, as a report of its own: the slice's
  /// binaries, manifests, uses, capabilities and hosts, under `xcframework/slice`. Only one slice
  /// ends up in a given build of an app, so the privacy picture has a row per slice. What is not
  /// recorded per manifest (declared reasons, the tracking flag and domains) is the target's.
  func restricted(toSlice slice: String) -> TargetReport {
    let inSlice = { (path: ScanPath) in self.slice(ofBinary: path) == slice }
    var part = self
    part.path = path.appending(slice)
    part.embeddedIn = embeddedIn ?? path
    part.binaries = binaries.filter { inSlice($0.path) }
    let manifests = ([privacyManifest].compactMap { $0 } + otherPrivacyManifests).filter(inSlice)
    part.privacyManifest = manifests.first
    part.otherPrivacyManifests = Array(manifests.dropFirst())
    part.collectedDataByManifest = collectedDataByManifest.filter { inSlice($0.key) }
    part.apiUses = apiUses.filter { inSlice($0.evidence.binary) }
    part.usedCategories = Set(part.apiUses.map(\.category)).sorted()
    part.permissions = permissions.compactMap { permission in
      var kept = permission
      kept.evidence = permission.evidence.filter { inSlice($0.binary) }
      return kept.evidence.isEmpty ? nil : kept
    }
    part.tracking.advertisingIdentifierEvidence = tracking.advertisingIdentifierEvidence.filter { inSlice($0.binary) }
    part.hosts = hosts.filter { inSlice($0.binary) }
    part.commonSDKs = commonSDKs.filter { detection in
      detection.includedIn.isEmpty || detection.includedIn.contains(where: inSlice)
    }
    return part
  }
}
