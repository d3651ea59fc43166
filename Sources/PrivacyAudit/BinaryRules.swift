import AuditModel
import BinaryImage
import PrivacyCatalog
import ScanFiles
import TargetDiscovery

/// The rules about reading binaries.
///
/// `unreadable-binary`: every file that presents itself as a binary and could not be read, in
/// whole or in part, is reported; the scan goes on with the rest.
///
/// `no-binary`: a framework or xcframework without any binary is one finding; the rules that
/// judge an SDK by its name or signature are not applied to it (`PrivacyAuditor`).
///
/// `binary-headers-inconsistent`: an image whose headers disagree the way a post-processed
/// binary's do (ELF section headers missing, or describing other imports than the dynamic
/// segment) is reported once, with every disagreement; its uses were taken from the loader's view.
///
/// `possible-dynamic-use`: an image that imports a dynamic-lookup function (`dlsym`,
/// `NSClassFromString`, …) and holds a required-reason API's name as a whole string, without
/// otherwise using that API, is noted once per API; it is never counted as a use.
enum BinaryRules {
  static func findings(_ audit: TargetAudit) -> [Finding] {
    audit.binaries.flatMap { binary in
      unreadable(binary) + inconsistent(binary) + dynamicLookups(binary)
    } + noBinary(audit)
  }

  /// Whether the target is a framework or xcframework with no binary, listed or found.
  static func holdsNoBinary(_ audit: TargetAudit) -> Bool {
    audit.binaries.isEmpty && (audit.target.kind == .framework || audit.target.kind == .xcframework)
  }

  /// The one `no-binary` finding of a target that `holdsNoBinary`.
  static func noBinary(_ audit: TargetAudit) -> [Finding] {
    guard holdsNoBinary(audit) else { return [] }
    let name = audit.target.path.lastComponent.map(String.init) ?? audit.target.path.description
    return [
      Finding(
        rule: .noBinary, subject: .target,
        message:
          "\(name) holds no binary (no Info.plist lists one and none was found in it): there is nothing to audit, and nothing here is an SDK App Store Connect would see. If it should hold an SDK, its download or copy is incomplete."
      )
    ]
  }

  private static func dynamicLookups(_ binary: ScannedBinary) -> [Finding] {
    binary.images.flatMap { image in
      Dictionary(grouping: image.dynamicLookups, by: \.apiID).values.compactMap { hits -> Finding? in
        guard let first = hits.first else { return nil }
        let strings = hits.map { "\"\($0.string)\" (\($0.section))" }.joined(separator: ", ")
        return Finding(
          rule: .possibleDynamicUse, subject: first.categories.first.map(FindingSubject.category) ?? .target,
          message:
            "This binary imports a function that looks names up at run time and holds \(strings): it may reach \(first.apiName) without importing it. Not counted as a use; if the code calls it, declare its category.",
          evidence: hits.map { hit in
            Evidence(
              symbol: hit.string, via: .string, binary: binary.file.path, architecture: image.architecture,
              member: image.member, library: nil,
              callSites: image.callSites.map { CallSiteSummary(sites: $0.strings[hit.string] ?? []) })
          })
      }
    }
  }

  private static func unreadable(_ binary: ScannedBinary) -> [Finding] {
    binary.failures.map { failure in
      let whole = binary.images.isEmpty
      return Finding(
        rule: .unreadableBinary, subject: .target,
        message:
          "\(whole ? "Binary" : "Part of binary") could not be read, so its API uses are unknown: \(failure.rendered(path: binary.file.path.description)).",
        file: binary.file.path)
    }
  }

  private static func inconsistent(_ binary: ScannedBinary) -> [Finding] {
    binary.images.filter { !$0.headerInconsistencies.isEmpty }.map { image in
      var place = binary.file.path.description
      if let member = image.member { place += "[\(member)]" }
      if binary.images.count > 1 || image.member != nil { place += "(\(image.architecture))" }
      return Finding(
        rule: .binaryHeadersInconsistent, subject: .target,
        message:
          "The headers of \(place) disagree with what the dynamic loader reads, as in a binary post-processed to hide its imports: \(image.headerInconsistencies.joined(separator: "; ")). Its API uses were read as the loader binds them.",
        file: binary.file.path)
    }
  }
}
