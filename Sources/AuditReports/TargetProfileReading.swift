import BinaryImage
public import Foundation
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
    let reader = JSONDocumentReader(origin: origin)
    return try JSONReportTargets.map(jsonReport, reader: reader) { targetPath, target throws(JSONDocumentError) in
      try TargetProfileReader(reader: reader, target: target, jsonPath: targetPath).profile()
    }
  }
}

/// Reads one target object of a JSON report into a profile.
private struct TargetProfileReader {
  let reader: JSONDocumentReader
  let target: [String: Any]
  let jsonPath: String

  func profile() throws(JSONDocumentError) -> TargetProfile {
    let path = try string(target, "path", jsonPath)
    let kind = try string(target, "kind", jsonPath)
    var items: [DiffAspect: [DiffItem]] = [:]
    items[.categories] = try strings(target, "usedCategories", jsonPath).map { DiffItem(value: $0) }
    items[.declaredCategories] = try strings(target, "declaredCategories", jsonPath).map { DiffItem(value: $0) }
    let slice = { (evidence: [String: Any], evidencePath: String) throws(JSONDocumentError) -> String? in
      try optionalString(evidence, "binary", evidencePath).flatMap {
        TargetProfile.slice(ofBinary: $0, targetPath: path, kind: kind)
      }
    }
    items[.apis] = try objects(target, "apiUses", jsonPath).map { (use, usePath) throws(JSONDocumentError) in
      DiffItem(
        category: try string(use, "category", usePath), value: try string(use, "api", usePath),
        symbols: [try string(use, "symbol", usePath)], slices: try slice(use, usePath).map { [$0] } ?? [])
    }
    items[.permissions] = try objects(target, "permissions", jsonPath).map {
      (permission, permissionPath) throws(JSONDocumentError) in
      var symbols: [String] = []
      var slices: [String] = []
      for (evidence, evidencePath) in try objects(permission, "evidence", permissionPath) {
        symbols.append(try string(evidence, "symbol", evidencePath))
        if let found = try slice(evidence, evidencePath) { slices.append(found) }
      }
      return DiffItem(value: try string(permission, "resource", permissionPath), symbols: symbols, slices: slices)
    }
    let trackingPath = "\(jsonPath).tracking"
    let tracking = try reader.field(target, "tracking", jsonPath, as: [String: Any].self, "an object")
    items[.tracking] = TargetProfile.trackingItems(
      readsAdvertisingIdentifier: try bool(tracking, "readsAdvertisingIdentifier", trackingPath),
      requestsAuthorization: try bool(tracking, "requestsAuthorization", trackingPath),
      declares: tracking["declaredTracking"] as? Bool == true)
    items[.trackingDomains] = try strings(tracking, "trackingDomains", trackingPath).map { DiffItem(value: $0) }
    items[.commonSDKs] = try objects(target, "commonSDKs", jsonPath).map { (sdk, sdkPath) throws(JSONDocumentError) in
      DiffItem(value: try string(sdk, "sdk", sdkPath))
    }
    let binaries = try objects(target, "binaries", jsonPath).map {
      (binary, binaryPath) throws(JSONDocumentError) in
      let libraries = try optionalObjects(binary, "linkedLibraries", binaryPath).map {
        (library, libraryPath) throws(JSONDocumentError) in
        let kind = try string(library, "kind", libraryPath)
        guard let linkKind = LinkedLibrary.Kind(rawValue: kind) else {
          throw reader.error("\(libraryPath).kind", "unknown kind '\(kind)'")
        }
        return LinkedLibrary(name: try string(library, "name", libraryPath), kind: linkKind)
      }
      let format = try optionalString(binary, "format", binaryPath)
      return ProfileBinary(
        path: try string(binary, "path", binaryPath), isReadable: format != "unreadable" && format != "archive",
        architectures: try strings(binary, "architectures", binaryPath),
        platforms: try reader.optionalField(binary, "platforms", binaryPath, as: [String].self, "an array of strings")
          ?? [],
        linkedLibraries: libraries,
        rpaths: try reader.optionalField(binary, "rpaths", binaryPath, as: [String].self, "an array of strings") ?? [])
    }
    let reasons = try reader.optionalField(
      target, "declaredReasons", jsonPath, as: [String: [String]].self, "an object of arrays of strings")
    items[.declaredReasons] = TargetProfile.reasonItems(reasons ?? [:])
    if let package = try optionalObject(target, "package", jsonPath) {
      let packagePath = "\(jsonPath).package"
      let version = try reader.stringOrNull(package, "version", packagePath)
      let branch = try reader.stringOrNull(package, "branch", packagePath)
      let revision = try reader.stringOrNull(package, "revision", packagePath)
      items[.package] = [
        TargetProfile.packageItem(
          manager: try string(package, "manager", packagePath), name: try string(package, "name", packagePath),
          version: version ?? branch ?? revision)
      ]
    }
    if let signature = try optionalObject(target, "signature", jsonPath) {
      items[.signer] = [DiffItem(value: try string(signature, "signer", "\(jsonPath).signature"))]
    }
    let identifier =
      target["bundleIdentifier"] == nil ? nil : try reader.stringOrNull(target, "bundleIdentifier", jsonPath)
    return TargetProfile(path: path, kind: kind, bundleIdentifier: identifier, items: items, binaries: binaries)
  }

  private func string(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError) -> String {
    try reader.field(object, key, path, as: String.self, "a string")
  }

  private func optionalString(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError)
    -> String?
  {
    try reader.optionalField(object, key, path, as: String.self, "a string")
  }

  private func bool(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError) -> Bool {
    try reader.field(object, key, path, as: Bool.self, "a boolean")
  }

  private func strings(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError) -> [String] {
    try reader.field(object, key, path, as: [String].self, "an array of strings")
  }

  /// The objects of the array `key`, each with its JSON path.
  private func objects(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError)
    -> [([String: Any], String)]
  {
    var objects: [([String: Any], String)] = []
    for (index, value) in try reader.field(object, key, path, as: [Any].self, "an array").enumerated() {
      let elementPath = "\(path).\(key)[\(index)]"
      objects.append((try reader.object(value, elementPath), elementPath))
    }
    return objects
  }

  /// The objects of the array `key` when present, as `objects`; none when absent.
  private func optionalObjects(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError)
    -> [([String: Any], String)]
  {
    object[key] == nil ? [] : try objects(object, key, path)
  }

  /// The member `key`: an object, or `nil` for `null`.
  private func optionalObject(_ object: [String: Any], _ key: String, _ path: String) throws(JSONDocumentError)
    -> [String: Any]?
  {
    guard let value = object[key] else { throw reader.error(path, "required key '\(key)' is missing") }
    if value is NSNull { return nil }
    return try reader.object(value, "\(path).\(key)")
  }
}
