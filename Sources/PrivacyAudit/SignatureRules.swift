import AuditModel
import BinaryImage
import ScanFiles
import TargetDiscovery

/// The rules about who built an xcframework (ITMS-91065 territory). Nothing here verifies a
/// signature: the rules read what the signature claims and which files it seals.
///
/// `unsigned-binary-sdk` (note): the xcframework has no `_CodeSignature/`, only an ad-hoc
/// signature (which Xcode treats as unsigned), or one that cannot be read.
///
/// `signature-inner-unsigned` (warning): the xcframework is signed with a certificate, but a
/// framework in one of its slices has neither a certificate signature in its binary nor one
/// in its own `_CodeSignature/` (signing only the outer bundle leaves the inner ones as the
/// linker left them: unsigned or linker-signed ad hoc). A static framework, whose binary is an
/// archive of objects, carries no signature and is not reported: only the outer bundle's
/// signature exists to be read (and, in an exported app, its `Signatures/` receipt).
///
/// `signature-seal-mismatch` (warning): the xcframework's `CodeResources` lists a file that is
/// not there, or a file is there that it does not list (see `SealCheck`), so `codesign --verify`
/// would fail; contents are not hashed.
///
/// `listed-sdk-unsigned` (error, ITMS-91065): a commonly used SDK on Apple's list is an
/// xcframework without a certificate signature, or the `.ipa`'s signature receipt for the
/// xcframework it was built from says `signed` false. It replaces `unsigned-binary-sdk` there.
///
/// `signature-unverified` (warning): the xcframework's CMS signature names no certificate tied
/// to its code directory (`Signer.unverified`), or the certificate's team differs from the one
/// the code directory claims. For a listed SDK the first case is `listed-sdk-unsigned` instead.
enum SignatureRules {
  /// How many paths a message names before it says how many more there are.
  static let namedPathLimit = 5

  static func findings(_ audit: TargetAudit, detections: [SDKDetection]) -> [Finding] {
    let listed = listedUnsigned(audit, detections: detections)
    guard audit.target.kind == .xcframework, let signature = audit.target.signature else { return listed }
    return (listed.isEmpty ? unsigned(signature) + unverified(signature) : listed + teamsDiffer(signature))
      + innerUnsigned(audit, outer: signature) + seal(signature)
  }

  /// Why the xcframework counts as unsigned, as a clause ("is not signed (…)"); `nil` when it
  /// is signed with a certificate.
  private static func unsignedState(_ signature: BundleSignature) -> String? {
    switch signature.state {
    case .unsigned: "is not signed (it has no _CodeSignature/CodeDirectory)"
    case .unreadable(let reason): "has a signature that cannot be read (\(reason))"
    case .signed(let info):
      switch info.signer {
      case .unverified(let reason): "has a signature that names no signer sdkvet can check (\(reason))"
      case .unsigned, .adHoc: "is only ad-hoc signed, which Xcode treats as unsigned"
      case .appleDeveloperProgram, .selfSigned: nil
      }
    }
  }

  /// `listed-sdk-unsigned` for the listed SDKs the target is (by name, identifier or recorded
  /// package); an SDK compiled into another vendor's binary is that vendor's to sign.
  private static func listedUnsigned(_ audit: TargetAudit, detections: [SDKDetection]) -> [Finding] {
    let detections = detections.filter(\.includedIn.isEmpty)
    guard let sdk = detections.first?.sdk else { return [] }
    var reasons: [String] = []
    if audit.target.kind == .xcframework, let signature = audit.target.signature, let state = unsignedState(signature) {
      reasons.append("the xcframework \(state)")
    }
    for receipt in audit.target.signatureReceipts where receipt.signed == false {
      reasons.append("the app's signature receipt \(receipt.path) says it was not signed")
    }
    guard !reasons.isEmpty else { return [] }
    let names = detections.map(\.sdk).joined(separator: ", ")
    return [
      Finding(
        rule: .listedSDKUnsigned, subject: .target,
        message:
          "\(names), on Apple's list of commonly used SDKs, ships without a certificate signature: "
          + reasons.joined(separator: "; ")
          + ". App Store Connect rejects an app that uses it as a binary dependency (ITMS-91065). "
          + "Use a release of \(sdk) signed by its vendor.",
        file: audit.target.signature.map { $0.bundle.appending("_CodeSignature") }
          ?? audit.target.signatureReceipts.first?.path,
        evidence: detections.flatMap(\.evidence))
    ]
  }

  private static func unsigned(_ signature: BundleSignature) -> [Finding] {
    if case .unverified = signature.signer { return [] }
    guard let state = unsignedState(signature) else { return [] }
    return [
      Finding(
        rule: .unsignedBinarySDK, subject: .target,
        message:
          "The xcframework \(state): nothing says who built it, and Xcode cannot warn when a later release comes from someone else. Ask the vendor for a release signed with their certificate (App Store Connect rejects a commonly used SDK shipped unsigned, ITMS-91065).",
        file: signature.bundle.appending("_CodeSignature"))
    ]
  }

  private static func unverified(_ signature: BundleSignature) -> [Finding] {
    guard case .signed(let info) = signature.state, case .unverified(let reason) = info.signer else {
      return teamsDiffer(signature)
    }
    return [unverifiedFinding(signature, "its CMS signature names no signer sdkvet can check: \(reason)")]
  }

  /// The certificate names one team and the code directory claims another.
  private static func teamsDiffer(_ signature: BundleSignature) -> [Finding] {
    guard case .signed(let info) = signature.state, info.teamsAgree == false,
      let claimed = info.teamIdentifier, let certified = info.certificateTeamIdentifier
    else { return [] }
    return [
      unverifiedFinding(
        signature, "its code directory claims team \(claimed) but the signing certificate is team \(certified)")
    ]
  }

  private static func unverifiedFinding(_ signature: BundleSignature, _ why: String) -> Finding {
    Finding(
      rule: .signatureUnverified, subject: .target,
      message:
        "sdkvet cannot tell who signed this xcframework: \(why). A team identifier written in a code directory proves nothing on its own, so no signer is named. Check the release on a Mac with `codesign --verify --strict -v` and obtain it from the vendor.",
      file: signature.bundle.appending("_CodeSignature"))
  }

  private static func innerUnsigned(_ audit: TargetAudit, outer: BundleSignature) -> [Finding] {
    guard outer.signer.hasCertificate else { return [] }
    return audit.target.nestedFrameworks.compactMap { framework in
      if framework.signature.signer.hasCertificate { return nil }
      let images = audit.binaries.filter { $0.file.path == framework.executable }.flatMap(\.images)
      if !images.isEmpty && images.allSatisfy({ $0.signature?.signer.hasCertificate == true }) { return nil }
      // A static framework's binary is an archive of objects, which no signature can cover.
      if !images.isEmpty && images.allSatisfy({ $0.member != nil }) { return nil }
      let what =
        images.contains { $0.signature != nil } ? "its binary is only ad-hoc (linker) signed" : "it is not signed"
      return Finding(
        rule: .signatureInnerUnsigned, subject: .target,
        message:
          "The xcframework is signed (\(outer.signer)) but the framework inside it is not: \(what). Signing the outer bundle does not sign the frameworks in it; the vendor must sign each framework before creating the xcframework.",
        file: framework.path)
    }
  }

  private static func seal(_ signature: BundleSignature) -> [Finding] {
    guard let seal = signature.seal, !seal.isIntact else { return [] }
    var parts: [String] = []
    if let problem = seal.problem { parts.append(problem) }
    if !seal.missing.isEmpty { parts.append("sealed but missing: \(named(seal.missing))") }
    if !seal.unsealed.isEmpty { parts.append("present but not sealed: \(named(seal.unsealed))") }
    return [
      Finding(
        rule: .signatureSealMismatch, subject: .target,
        message:
          "The xcframework's files do not match its signature's CodeResources (\(parts.joined(separator: "; "))), so `codesign --verify` fails: files were added or removed after signing. Obtain the release as the vendor signed it.",
        file: signature.bundle.appending("_CodeSignature/CodeResources"))
    ]
  }

  private static func named(_ paths: [String]) -> String {
    let shown = paths.prefix(namedPathLimit).joined(separator: ", ")
    return paths.count > namedPathLimit ? "\(shown) and \(paths.count - namedPathLimit) more" : shown
  }
}
