import AuditModel
import ScanFiles

extension TargetReport {
  /// The part of an xcframework target that one slice holds, as a report of its own: the slice's
  /// binaries, manifests, uses, capabilities and hosts, under `xcframework/slice`. Only one slice
  /// ends up in a given build of an app, so the privacy picture has a row per slice. What is not
  /// recorded per manifest (declared reasons, the tracking flag and domains) is the target's.
  func restricted(toSlice slice: String) -> TargetReport {
    let inSlice = { (path: ScanPath) in self.slice(ofBinary: path) == slice }
    let manifests = ([privacyManifest].compactMap { $0 } + otherPrivacyManifests).filter(inSlice)
    let apiUses = apiUses.filter { inSlice($0.evidence.binary) }
    return TargetReport(
      path: path.appending(slice), kind: kind, embeddedIn: embeddedIn ?? path,
      binaries: binaries.filter { inSlice($0.path) }, privacyManifest: manifests.first,
      otherPrivacyManifests: Array(manifests.dropFirst()), usedCategories: Set(apiUses.map(\.category)).sorted(),
      declaredCategories: declaredCategories, declaredReasons: declaredReasons, apiUses: apiUses,
      permissions: permissions.compactMap { $0.keepingEvidence { inSlice($0.binary) } },
      tracking: tracking.keepingEvidence { inSlice($0.binary) },
      findings: findings, appStoreVerdict: appStoreVerdict, teamReview: teamReview,
      signatureReceipts: signatureReceipts, signature: signature,
      commonSDKs: commonSDKs.filter { detection in
        detection.includedIn.isEmpty || detection.includedIn.contains(where: inSlice)
      },
      package: package, hosts: hosts.filter { inSlice($0.binary) }, bundleIdentifier: bundleIdentifier,
      collectedDataByManifest: collectedDataByManifest.filter { inSlice($0.key) },
      androidPermissions: androidPermissions)
  }
}
