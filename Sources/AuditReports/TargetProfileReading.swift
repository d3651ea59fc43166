import BinaryImage
public import Foundation
public import JSONDocuments
public import PrivacyAudit

extension TargetProfile {
  /// The profiles of the targets of a JSON report written earlier by `scan --format json`
  /// (schema version 1), for `sdkvet diff`: of each target its `path`, `kind`, `binaries`'
  /// `path` and `architectures`, `usedCategories`, `declaredCategories`, `apiUses`' `category`,
  /// `api` and `symbol`, `permissions`' `resource` and evidence `symbol`, `tracking`,
  /// `commonSDKs`' `sdk`, `package` and `signature`'s `signer`; and, when present (a report of
  /// an earlier sdkvet lacks them), `bundleIdentifier`, `declaredReasons`, `binaries`' `format`,
  /// `platforms`, `linkedLibraries` and `rpaths`, and the `binary` of `apiUses` and of
  /// permissions' evidence (the slice of an xcframework they are in). Every other field is ignored.
  /// - Throws: `JSONDocumentError` at the JSON path of the first value that is missing or of the
  ///   wrong type.
  public static func profiles(jsonReport: Data, origin: String) throws(JSONDocumentError) -> [TargetProfile] {
    try JSONReportTargets.map(jsonReport, origin: origin) { target throws(JSONDocumentError) in
      try TargetProfileReader(target: target).profile()
    }
  }
}

/// Reads one target object of a JSON report into a profile.
private struct TargetProfileReader {
  let target: JSONNode

  func profile() throws(JSONDocumentError) -> TargetProfile {
    let path = try target.member(.path).string()
    let kind = try target.member(.kind).string()
    var items: [DiffAspect: [DiffItem]] = [:]
    items[.categories] = try target.member(.usedCategories).strings().map { DiffItem(value: $0) }
    items[.declaredCategories] = try target.member(.declaredCategories).strings().map { DiffItem(value: $0) }
    let slice = { (evidence: JSONNode) throws(JSONDocumentError) -> String? in
      guard let binary = try evidence.optionalMember(.binary)?.string() else { return nil }
      return TargetProfile.slice(ofBinary: binary, targetPath: path, kind: kind)
    }
    items[.apis] = try target.member(.apiUses).elements().map { use throws(JSONDocumentError) in
      DiffItem(
        category: try use.member(.category).string(), value: try use.member(.api).string(),
        symbols: [try use.member(.symbol).string()], slices: try slice(use).map { [$0] } ?? [])
    }
    items[.permissions] = try target.member(.permissions).elements().map { permission throws(JSONDocumentError) in
      var symbols: [String] = []
      var slices: [String] = []
      for evidence in try permission.member(.evidence).elements() {
        symbols.append(try evidence.member(.symbol).string())
        if let found = try slice(evidence) { slices.append(found) }
      }
      return DiffItem(value: try permission.member(.resource).string(), symbols: symbols, slices: slices)
    }
    let tracking = try target.member(.tracking)
    items[.tracking] = TargetProfile.trackingItems(
      readsAdvertisingIdentifier: try tracking.member(.readsAdvertisingIdentifier).bool(),
      requestsAuthorization: try tracking.member(.requestsAuthorization).bool(),
      declares: (try? tracking.optionalMember(.declaredTracking)?.bool()) == true)
    items[.trackingDomains] = try tracking.member(.trackingDomains).strings().map { DiffItem(value: $0) }
    items[.commonSDKs] = try target.member(.commonSDKs).elements().map { sdk throws(JSONDocumentError) in
      DiffItem(value: try sdk.member(.sdk).string())
    }
    let binaries = try target.member(.binaries).elements().map { binary throws(JSONDocumentError) in
      let libraries = try binary.optionalMember(.linkedLibraries)?.elements().map {
        library throws(JSONDocumentError) in
        let kindNode = try library.member(.kind)
        let kindName = try kindNode.string()
        guard let linkKind = LinkedLibrary.Kind(rawValue: kindName) else {
          throw kindNode.error("unknown kind '\(kindName)'")
        }
        return LinkedLibrary(name: try library.member(.name).string(), kind: linkKind)
      }
      let format = try binary.optionalMember(.format)?.string()
      return ProfileBinary(
        path: try binary.member(.path).string(),
        isReadable: format.flatMap(BinarySummary.Format.init(rawValue:))?.wasRead ?? true,
        architectures: try binary.member(.architectures).strings(),
        platforms: try binary.optionalMember(.platforms)?.strings() ?? [],
        linkedLibraries: libraries ?? [],
        rpaths: try binary.optionalMember(.rpaths)?.strings() ?? [])
    }
    var reasons: [String: [String]] = [:]
    for (category, codes) in try target.optionalMember(.declaredReasons)?.members() ?? [] {
      reasons[category] = try codes.strings()
    }
    items[.declaredReasons] = TargetProfile.reasonItems(reasons)
    if let package = try target.member(.package).nonNull {
      let version = try package.member(.version).stringOrNull()
      let branch = try package.member(.branch).stringOrNull()
      let revision = try package.member(.revision).stringOrNull()
      items[.package] = [
        TargetProfile.packageItem(
          manager: try package.member(.manager).string(), name: try package.member(.name).string(),
          version: version ?? branch ?? revision)
      ]
    }
    if let signature = try target.member(.signature).nonNull {
      items[.signer] = [DiffItem(value: try signature.member(.signer).string())]
    }
    let identifier = try target.optionalMember(.bundleIdentifier)?.string()
    return TargetProfile(path: path, kind: kind, bundleIdentifier: identifier, items: items, binaries: binaries)
  }
}
