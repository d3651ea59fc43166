import PrivacyAudit

/// The summary matrix of the HTML report: one row per target, one column per required-reason
/// category, per protected resource and for tracking, each cell saying `declared`, `used` or
/// `both` (categories, tracking) or `requested` / `referenced` (permissions).
///
/// The columns are the union over all targets, found in one pass; each cell is a set lookup, so
/// the matrix costs targets × columns, never targets².
struct HTMLMatrix {
  /// Every category some target declares or uses, sorted.
  let categories: [String]
  /// Every protected resource some target can ask for, sorted.
  let resources: [String]

  init(_ report: AuditReport) {
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
      "<div class=\"matrix-wrap\"><table class=\"matrix\" id=\"matrix\"><thead><tr><th rowspan=\"2\">Target</th>"
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
    let path = HTMLEscaping.text(target.path)
    var row =
      "<tr data-path=\"\(path)\"><th scope=\"row\"><a class=\"path\" href=\"#\(HTMLReporter.anchor(index))\">"
      + path + "</a></th>"
    let declared = Set(target.declaredCategories)
    let used = Set(target.usedCategories)
    for category in categories {
      row += cell(declared: declared.contains(category), used: used.contains(category))
    }
    var requested: [String: Bool] = [:]
    for permission in target.permissions {
      requested[permission.resource, default: false] =
        requested[permission.resource, default: false] || permission.requested
    }
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
        + (missing ? " title=\"no purpose string\"" : "") + ">\(strength)</td>"
    }
    let tracking = target.tracking
    row += cell(
      declared: tracking.declaredTracking == true,
      used: tracking.readsAdvertisingIdentifier || tracking.requestsAuthorization)
    return row + "</tr>\n"
  }

  /// `both`, `declared`, `used`, or an empty cell.
  private func cell(declared: Bool, used: Bool) -> String {
    switch (declared, used) {
    case (true, true): "<td class=\"both\">both</td>"
    case (true, false): "<td class=\"declared\">declared</td>"
    case (false, true): "<td class=\"used\">used</td>"
    case (false, false): "<td></td>"
    }
  }
}
