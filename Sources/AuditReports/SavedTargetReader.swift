import AuditModel
import BinaryImage
import JSONDocuments
import PackageProvenance
import PrivacyAudit
import PrivacyCatalog
import PropertyLists
import ScanFiles
import TargetDiscovery

/// Reads one target object of a saved JSON report into the `TargetReport` the scan made: every
/// field `JSONReporter` writes, in its shape (`Docs/REPORT-FORMATS.md`).
struct SavedTargetReader {
  let target: JSONNode

  func report() throws(JSONDocumentError) -> TargetReport {
    let path = try target.member(.path).path()
    var declaredReasons: [String: [String]] = [:]
    for (category, reasons) in try target.member(.declaredReasons).members() {
      declaredReasons[category] = try reasons.strings()
    }
    return TargetReport(
      path: path, kind: try target.member(.kind).value(TargetKind.self),
      embeddedIn: try target.member(.embeddedIn).pathOrNull(),
      binaries: try target.member(.binaries).elements().map(Self.binary),
      privacyManifest: try target.member(.privacyManifest).pathOrNull(),
      otherPrivacyManifests: try target.member(.otherPrivacyManifests).elements().map {
        node throws(JSONDocumentError) in try node.path()
      },
      usedCategories: try target.member(.usedCategories).strings(),
      declaredCategories: try target.member(.declaredCategories).strings(), declaredReasons: declaredReasons,
      apiUses: try target.member(.apiUses).elements().map { use throws(JSONDocumentError) in
        APIUse(
          category: try use.member(.category).string(), api: try use.member(.api).string(),
          evidence: try Self.evidence(use))
      },
      permissions: try target.member(.permissions).elements().map(Self.permission),
      tracking: try Self.tracking(target.member(.tracking)),
      findings: try target.member(.findings).elements().map(Self.finding),
      appStoreVerdict: try Self.verdict(target.member(.appStoreVerdict)),
      teamReview: try Self.teamReview(target.member(.teamReview)),
      signatureReceipts: try target.member(.signatureReceipts).elements().map(Self.receipt),
      signature: try target.member(.signature).nonNull.map { signature throws(JSONDocumentError) in
        try SavedSignatureReader.bundle(signature, path: path)
      },
      commonSDKs: try target.member(.commonSDKs).elements().map(Self.detection),
      package: try target.member(.package).nonNull.map(Self.package),
      hosts: try target.member(.hosts).elements().map { host throws(JSONDocumentError) in
        HostUse(host: try host.member(.host).string(), binary: try host.member(.binary).path())
      },
      bundleIdentifier: try target.member(.bundleIdentifier).stringOrNull(),
      androidPermissions: try target.member(.androidPermissions).nonNull?.elements().map(Self.androidPermission))
  }

  private static func binary(_ node: JSONNode) throws(JSONDocumentError) -> BinarySummary {
    BinarySummary(
      path: try node.member(.path).path(), format: try node.member(.format).value(BinarySummary.Format.self),
      architectures: try node.member(.architectures).strings(), platforms: try node.member(.platforms).strings(),
      signatures: try node.member(.signature).nonNull?.elements().map(SavedSignatureReader.slice) ?? [],
      linkedLibraries: try node.member(.linkedLibraries).elements().map { library throws(JSONDocumentError) in
        LinkedLibrary(
          name: try library.member(.name).string(), kind: try library.member(.kind).value(LinkedLibrary.Kind.self))
      },
      rpaths: try node.member(.rpaths).strings())
  }

  /// The evidence in `node`, an evidence object or an API use (whose evidence fields are flat).
  private static func evidence(_ node: JSONNode) throws(JSONDocumentError) -> Evidence {
    Evidence(
      symbol: try node.member(.symbol).string(), via: try node.member(.via).value(CatalogMatch.Via.self),
      binary: try node.member(.binary).path(), architecture: try node.member(.architecture).stringOrNull(),
      member: try node.member(.member).stringOrNull(), library: try node.member(.library).stringOrNull(),
      callSites: try node.optionalMember(.callSites).map { _ throws(JSONDocumentError) in try callSites(node) })
  }

  private static func evidenceList(_ node: JSONNode) throws(JSONDocumentError) -> [Evidence] {
    try node.member(.evidence).elements().map(evidence)
  }

  /// The call sites looked for (`scan --call-sites`) beside an evidence's fields.
  private static func callSites(_ node: JSONNode) throws(JSONDocumentError) -> CallSiteSummary {
    let callers = try node.member(.callSites).elements().map { caller throws(JSONDocumentError) in
      let addressNode = try caller.member(.address)
      let text = try addressNode.string()
      guard text.hasPrefix("0x"), let address = UInt64(text.dropFirst(2), radix: 16) else {
        throw addressNode.error("expected an address in hexadecimal, '0x…'")
      }
      return CallSiteSummary.Caller(
        function: try caller.member(.function).string(), address: address, count: try caller.member(.count).int(),
        readableName: try caller.optionalMember(.demangled)?.string())
    }
    let summary = CallSiteSummary(
      callers: callers, siteCount: try node.member(.callSiteCount).int(),
      functionCount: try node.member(.callerCount).int())
    let notCalled = try node.member(.notCalled)
    guard try notCalled.bool() == summary.isNotCalled else {
      throw notCalled.error("disagrees with 'callSiteCount'")
    }
    return summary
  }

  private static func finding(_ node: JSONNode) throws(JSONDocumentError) -> Finding {
    Finding(
      rule: try node.member(.rule).value(RuleID.self), severity: try node.member(.severity).value(Severity.self),
      subject: FindingSubject(
        kind: try node.member(.subjectKind).nonNull?.value(FindingSubject.Kind.self),
        name: try node.member(.category).stringOrNull()),
      message: try node.member(.message).string(),
      file: try node.member(.file).pathOrNull(), evidence: try evidenceList(node),
      appStoreCode: try node.member(.appStoreCode).nonNull?.value(AppStoreCode.self))
  }

  private static func permission(_ node: JSONNode) throws(JSONDocumentError) -> PermissionUse {
    PermissionUse(
      resource: try node.member(.resource).string(), infoPlistKeys: try node.member(.infoPlistKeys).strings(),
      evidence: try evidenceList(node), requested: try node.member(.requested).bool(),
      source: try node.member(.source).stringOrNull())
  }

  private static func tracking(_ node: JSONNode) throws(JSONDocumentError) -> TrackingProfile {
    let profile = TrackingProfile(
      readsAdvertisingIdentifier: try node.member(.readsAdvertisingIdentifier).bool(),
      requestsAuthorization: try node.member(.requestsAuthorization).bool(),
      declaredTracking: try node.member(.declaredTracking).nonNull?.bool(),
      trackingDomains: try node.member(.trackingDomains).strings(), sources: try node.member(.sources).strings())
    let tracks = try node.member(.tracks)
    guard try tracks.bool() == profile.tracks else { throw tracks.error("disagrees with the fields it follows from") }
    return profile
  }

  private static func detection(_ node: JSONNode) throws(JSONDocumentError) -> SDKDetection {
    SDKDetection(
      sdk: try node.member(.sdk).string(), confidence: try node.member(.confidence).value(SDKDetection.Confidence.self),
      includedIn: try node.member(.includedIn).elements().map { node throws(JSONDocumentError) in try node.path() },
      evidence: try evidenceList(node))
  }

  private static func package(_ node: JSONNode) throws(JSONDocumentError) -> PackageRecord {
    PackageRecord(
      manager: try node.member(.manager).value(PackageManager.self), name: try node.member(.name).string(),
      version: try node.member(.version).stringOrNull(), branch: try node.member(.branch).stringOrNull(),
      revision: try node.member(.revision).stringOrNull(), source: try node.member(.source).stringOrNull(),
      artifactURL: try node.member(.artifactURL).stringOrNull(), checksum: try node.member(.checksum).stringOrNull())
  }

  private static func androidPermission(_ node: JSONNode) throws(JSONDocumentError) -> AndroidPermission {
    AndroidPermission(
      name: try node.member(.name).string(), maxSdkVersion: try node.member(.maxSdkVersion).nonNull?.int(),
      onlyFromSdk23: try node.member(.onlyFromSdk23).bool())
  }

  /// The verdict as saved; its outcome must be the one its codes and unknowns give.
  private static func verdict(_ node: JSONNode) throws(JSONDocumentError) -> AppStoreVerdict {
    let verdict = AppStoreVerdict(
      rejections: try node.member(.rejections).elements().map { rejection throws(JSONDocumentError) in
        AppStoreVerdict.Rejection(
          code: try rejection.member(.code).value(AppStoreCode.self),
          triggers: try rejection.member(.triggers).strings())
      },
      unknownBecause: try node.member(.unknownBecause).elements().map { rule throws(JSONDocumentError) in
        try rule.value(RuleID.self)
      },
      warnings: try node.member(.warnings).int())
    let outcome = try node.member(.outcome)
    guard try outcome.value(AppStoreVerdict.Outcome.self) == verdict.outcome else {
      throw outcome.error("disagrees with 'rejections' and 'unknownBecause'")
    }
    return verdict
  }

  private static func teamReview(_ node: JSONNode) throws(JSONDocumentError) -> TeamReview {
    TeamReview(
      inBaseline: try node.member(.inBaseline).int(),
      acceptedByPolicy: try node.member(.acceptedByPolicy).elements().map { entry throws(JSONDocumentError) in
        TeamReview.Acceptance(
          rule: try entry.member(.rule).value(RuleID.self), category: try entry.member(.category).stringOrNull(),
          reason: try entry.member(.reason).string(), expires: try entry.member(.expires).stringOrNull())
      },
      turnedOffByPolicy: try node.member(.turnedOffByPolicy).int())
  }

  /// An `.ipa` signature receipt, as a target's and an archive's `signatureReceipts` hold it.
  static func receipt(_ node: JSONNode) throws(JSONDocumentError) -> SignatureReceipt {
    SignatureReceipt(
      path: try node.member(.path).path(), xcframework: try node.member("xcframework").string(),
      signed: try node.member("signed").nonNull?.bool(), signatureType: try node.member("signatureType").stringOrNull(),
      signatureIdentifier: try node.member("signatureIdentifier").stringOrNull(),
      library: try node.member(.library).stringOrNull(), problem: try node.member("problem").stringOrNull())
  }
}

extension JSONNode {
  /// A path as a saved report writes it (`ARCHIVE!/ENTRY`): the one place report text becomes
  /// a `ScanPath` again.
  func path() throws(JSONDocumentError) -> ScanPath { ScanPath(reportText: try string()) }

  /// A path, or `nil` for `null`.
  func pathOrNull() throws(JSONDocumentError) -> ScanPath? { try stringOrNull().map(ScanPath.init(reportText:)) }
}
