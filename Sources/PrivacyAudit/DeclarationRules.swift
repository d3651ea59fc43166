import AuditModel
import ScanFiles
import TargetDiscovery

/// The rules that compare what the binaries use with what the manifests declare:
/// `missing-privacy-manifest`, `undeclared-api-category` and `unused-api-declaration`.
///
/// Each xcframework slice is judged against its own manifest (plus any outside every slice).
/// Uses found only in macOS-only Mach-O images are reported as notes: Apple requires the
/// declarations on iOS, iPadOS, tvOS, visionOS and watchOS. Uses found only in archive members
/// (static libraries) keep the documented rule, and the message says what App Store Connect has
/// been seen to accept instead (Docs/RULES.md, evidence table).
enum DeclarationRules {
  /// The categories the target uses (each use counted against the categories it is attributed
  /// to) and every use as reported.
  static func summary(_ audit: TargetAudit) -> (used: [String], uses: [APIUse]) {
    var uses: [APIUse] = []
    for use in audit.uses {
      for category in audit.attributedCategories(of: use) {
        uses.append(APIUse(category: category, api: use.api, evidence: use.evidence))
      }
    }
    return (Set(uses.map(\.category)).sorted(), Array(Set(uses)).sorted(by: precedes))
  }

  /// Orders uses by category, API and evidence, field by field: a tuple of the strings would
  /// copy (retain and release) them at every comparison of the sort.
  private static func precedes(_ lhs: APIUse, _ rhs: APIUse) -> Bool {
    if lhs.category != rhs.category { return lhs.category < rhs.category }
    if lhs.api != rhs.api { return lhs.api < rhs.api }
    return Evidence.ordered(lhs.evidence, rhs.evidence)
  }

  static func findings(_ audit: TargetAudit, known: Set<String>) -> [Finding] {
    missingManifest(audit) + undeclared(audit) + unused(audit, known: known)
  }

  private static func severity(of uses: [UseRecord]) -> Severity {
    uses.allSatisfy(\.isMacOSOnly) ? .note : .error
  }

  private static func macOSNote(_ uses: [UseRecord]) -> String {
    uses.allSatisfy(\.isMacOSOnly)
      ? " (macOS-only binary: Apple requires this on iOS-family platforms, so it is a note here)" : ""
  }

  /// For statically linked code only: App Store Connect has accepted a declaration in the app's
  /// own manifest (firebase/firebase-ios-sdk#12811), while Apple asks each SDK for its own.
  private static func staticNote(_ uses: [UseRecord]) -> String {
    uses.allSatisfy(\.isStatic)
      ? " App Store Connect has been seen to accept a declaration in the app's own manifest for statically linked code, but Apple asks every SDK to ship its own manifest."
      : ""
  }

  private static func sliceText(_ uses: [UseRecord]) -> String {
    let slices = Set(uses.compactMap(\.slice)).sorted()
    return slices.isEmpty ? "" : " in slice \(slices.joined(separator: ", "))"
  }

  private static func apiList(_ uses: [UseRecord]) -> String {
    Set(uses.map(\.api)).sorted().joined(separator: ", ")
  }

  /// A Mach-O slice (or the whole target) that uses a category and has no manifest at all.
  private static func missingManifest(_ audit: TargetAudit) -> [Finding] {
    let uncovered = audit.uses.filter { $0.isMachO && !audit.hasManifest(covering: $0.slice) }
    guard !uncovered.isEmpty else { return [] }
    let categories = Set(uncovered.flatMap(\.categories)).sorted()
    return [
      Finding(
        rule: .missingPrivacyManifest, severity: severity(of: uncovered),
        subject: categories.count == 1 ? categories.first.map(FindingSubject.category) ?? .target : .target,
        message:
          "Uses required-reason APIs (\(apiList(uncovered)))\(sliceText(uncovered)) but has no PrivacyInfo.xcprivacy; "
          + "add one declaring \(categories.joined(separator: ", ")) with approved reasons\(macOSNote(uncovered))."
          + staticNote(uncovered),
        evidence: uncovered.map(\.evidence).normalized)
    ]
  }

  /// One finding per category used where a manifest exists and does not declare it.
  private static func undeclared(_ audit: TargetAudit) -> [Finding] {
    var byCategory: [String: [UseRecord]] = [:]
    for use in audit.uses where audit.hasReadManifests(covering: use.slice) {
      let declared = audit.declaredCategories(covering: use.slice)
      guard use.categories.allSatisfy({ !declared.contains($0) }) else { continue }
      for category in use.categories { byCategory[category, default: []].append(use) }
    }
    return byCategory.keys.sorted().compactMap { category in
      guard let uses = byCategory[category] else { return nil }
      let dual = uses.contains { $0.categories.count > 1 }
      let either =
        dual
        ? " (\(apiList(uses.filter { $0.categories.count > 1 })) also counts as another category: declaring either one is enough)"
        : ""
      return Finding(
        rule: .undeclaredAPICategory, severity: severity(of: uses), subject: .category(category),
        message: "Uses \(apiList(uses))\(sliceText(uses)) but the manifest does not declare \(category); "
          + "add it to NSPrivacyAccessedAPITypes with an approved reason\(either)\(macOSNote(uses))."
          + staticNote(uses),
        evidence: uses.map(\.evidence).normalized)
    }
  }

  /// A declared category nothing in the target's binaries uses: one finding per category, naming
  /// the slices whose manifests declare it in vain. A slice whose binary could not be read gives
  /// no verdict (its `unreadable-binary` error is the finding), and the advice is for the SDK's
  /// user, who cannot edit the vendor's manifest.
  private static func unused(_ audit: TargetAudit, known: Set<String>) -> [Finding] {
    guard audit.hasReadableCode else { return [] }
    let unreadableSlices = Set(audit.binaries.filter { $0.images.isEmpty }.map(\.file.slice))
    var unusedIn: [String: [ParsedManifest]] = [:]
    for parsed in audit.manifests where !unreadableSlices.contains(parsed.file.slice) || parsed.file.slice == nil {
      for category in Set(parsed.manifest.accessedAPITypes.map(\.category)).sorted() where known.contains(category) {
        let usedHere = audit.uses.contains {
          ($0.slice == parsed.file.slice || parsed.file.slice == nil) && $0.categories.contains(category)
        }
        if !usedHere { unusedIn[category, default: []].append(parsed) }
      }
    }
    return unusedIn.sorted { $0.key < $1.key }.map { category, manifests in
      let slices = manifests.compactMap(\.file.slice)
      let place = slices.isEmpty ? "" : " of slice\(slices.count == 1 ? "" : "s") \(slices.joined(separator: ", "))"
      let advice =
        audit.isAppTarget
        ? "remove the declaration unless code outside the scanned binaries needs it."
        : "a declaration without a use is harmless (App Store Connect does not reject it); if you expected the SDK "
          + "to use these APIs, ask its vendor which code does."
      return Finding(
        rule: .unusedAPIDeclaration, subject: .category(category),
        message: "Declares \(category) but no binary\(place) of the target uses its APIs; \(advice)",
        file: manifests[0].file.path)
    }
  }
}
