import AuditModel
import BinaryImage
import PrivacyAudit
import ScanFiles

/// The summary matrix of the HTML report: one row per target with its verdict (App Store
/// Connect, the codes predicted, its manifests and signer), then one column per required-reason
/// category, per protected resource and for tracking, each cell in plain words: `declared,
/// used`, `used, NOT declared`, `declared, not used` (categories, tracking) or `asks` / `API
/// only` (permissions). Paths are shown relative to the folder all targets share when they are
/// absolute.
///
/// The columns are the union over all targets, found in one pass; each cell is a set lookup, so
/// the matrix costs targets × columns, never targets².
struct HTMLMatrix {
  /// Every category some target declares or uses, sorted.
  let categories: [String]
  /// Every protected resource some target can ask for, sorted.
  let resources: [String]

  /// The folder every target path starts with, stripped from the shown paths; empty when the
  /// paths are relative already.
  let sharedFolder: String

  init(_ report: AuditReport) {
    let paths = report.targets.map(\.path.description)
    sharedFolder = paths.allSatisfy { $0.hasPrefix("/") } ? Self.sharedFolder(of: paths) : ""
    var categories: Set<String> = []
    var resources: Set<String> = []
    for target in report.targets {
      categories.formUnion(target.usedCategories)
      categories.formUnion(target.declaredCategories)
      resources.formUnion(target.permissions.map(\.resource))
    }
    self.categories = categories.sorted()
    self.resources = resources.sorted()
  }

  /// The table, written into `output` row by row.
  func write(_ report: AuditReport, to output: inout some TextOutputStream) {
    var head =
      (sharedFolder.isEmpty
        ? "" : "<p class=\"muted\">Paths are in <code>\(HTMLEscaping.text(sharedFolder))</code>.</p>")
      + "<div class=\"matrix-wrap\"><table class=\"matrix\" id=\"matrix\"><thead><tr><th rowspan=\"2\">Target</th>"
      + "<th rowspan=\"2\">App Store Connect</th><th rowspan=\"2\">Codes</th><th rowspan=\"2\">Manifest</th>"
      + "<th rowspan=\"2\">Signature</th>"
    if !categories.isEmpty {
      head += "<th colspan=\"\(categories.count)\">Required-reason categories</th>"
    }
    if !resources.isEmpty { head += "<th colspan=\"\(resources.count)\">Permissions</th>" }
    head += "<th rowspan=\"2\" data-column=\"tracking\">Tracking</th></tr><tr>"
    for category in categories {
      let status = CategoryStatus(category: category, declared: false, used: false)
      head +=
        "<th data-column=\"\(HTMLEscaping.text(category))\" title=\"\(HTMLEscaping.text(category))\">"
        + HTMLEscaping.text(status.shortName) + "</th>"
    }
    for resource in resources {
      head += "<th data-column=\"\(HTMLEscaping.text(resource))\">" + HTMLEscaping.text(resource) + "</th>"
    }
    output.write(head + "</tr></thead><tbody>\n")
    for (index, target) in report.targets.enumerated() {
      output.write(row(target, index: index))
    }
    output.write("</tbody></table></div>\n")
  }

  private func row(_ target: TargetReport, index: Int) -> String {
    let verdict = TargetVerdict(target)
    let fullPath = target.path.description
    let path = HTMLEscaping.text(fullPath)
    let shown = sharedFolder.isEmpty ? fullPath : String(fullPath.dropFirst(sharedFolder.count + 1))
    var row =
      "<tr data-path=\"\(path)\"><th scope=\"row\"><a class=\"path\" href=\"#\(HTMLReporter.anchor(index))\">"
      + HTMLEscaping.text(shown) + "</a></th>" + verdictCells(verdict, target)
    let statuses = Dictionary(
      CategoryStatus.statuses(of: target).map { ($0.category, $0) }, uniquingKeysWith: { first, _ in first })
    for category in categories {
      let status = statuses[category]
      row += cell(
        declared: status?.declared ?? false, used: status?.used ?? false,
        declarationKnown: status?.declarationKnown ?? true)
    }
    let requested = Dictionary(verdict.permissions.map { ($0.resource, $0.requested) }, uniquingKeysWith: { $0 || $1 })
    let missingPurpose = Set(
      target.findings.filter { $0.rule == .missingPurposeString }.compactMap(\.category))
    for resource in resources {
      guard let isRequested = requested[resource] else {
        row += "<td></td>"
        continue
      }
      let strength = isRequested ? "requested" : "referenced"
      let missing = missingPurpose.contains(resource)
      row +=
        "<td class=\"\(strength)\(missing ? " missing" : "")\""
        + (missing ? " title=\"no purpose string\"" : "") + ">\(isRequested ? "asks" : "API only")"
        + (missing ? ", no purpose string" : "") + "</td>"
    }
    let tracking = target.tracking
    row += cell(
      declared: tracking.declaredTracking == true, used: tracking.readsAdvertisingIdentifier,
      declarationKnown: tracking.declaredTracking == true || target.readEveryManifest)
    return row + "</tr>\n"
  }

  /// The verdict's cells: App Store Connect, the codes, the manifests, the signers.
  private func verdictCells(_ verdict: TargetVerdict, _ target: TargetReport) -> String {
    let appStore =
      switch verdict.appStore.outcome {
      case .willReject: "<td class=\"reject\">will reject</td>"
      case .cannotTell: "<td class=\"unknown\">cannot tell</td>"
      case .willAccept: "<td class=\"accept\">will accept</td>"
      }
    let codes = verdict.appStore.rejections.map(\.code.rawValue).joined(separator: ", ")
    let manifests = (target.privacyManifest == nil ? 0 : 1) + target.otherPrivacyManifests.count
    let signers = verdict.signers.isEmpty ? Signer.unsigned.description : verdict.signers.joined(separator: ", ")
    return appStore + "<td>\(codes)</td>"
      + "<td>\(manifests == 0 ? "none" : manifests == 1 ? "yes" : "\(manifests)")</td>"
      + "<td>\(HTMLEscaping.text(signers))</td>"
  }

  /// `declared, used`, `declared, not used`, `used, NOT declared`, `used, declaration not known`
  /// (a manifest could not be read), or an empty cell.
  private func cell(declared: Bool, used: Bool, declarationKnown: Bool) -> String {
    switch (declared, used) {
    case (true, true): "<td class=\"both\">declared, used</td>"
    case (true, false): "<td class=\"declared\">declared, not used</td>"
    case (false, true) where !declarationKnown: "<td class=\"unknown\">used, declaration not known</td>"
    case (false, true): "<td class=\"used\">used, NOT declared</td>"
    case (false, false): "<td></td>"
    }
  }

  /// The longest folder every path lies in (`/a/b` for `/a/b/c` and `/a/b/d/e`), so that no
  /// path is shown empty; empty for none.
  private static func sharedFolder(of paths: [String]) -> String {
    guard var shared = paths.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() })
    else { return "" }
    for path in paths.dropFirst() {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      shared = shared.prefix(zip(shared, parts).prefix { $0 == $1 }.count)
    }
    return shared.joined(separator: "/")
  }
}
