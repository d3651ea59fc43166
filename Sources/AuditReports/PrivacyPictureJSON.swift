import AuditModel
import PackageProvenance
package import PrivacyAudit
import PropertyLists
import TargetDiscovery

/// The privacy picture as the versioned JSON document of `sdkvet privacy-report --format json`
/// (`Docs/REPORT-FORMATS.md`, "Privacy report").
package enum PrivacyPictureJSON {
  /// The layout version; bumped when a field changes meaning or is removed.
  package static let schemaVersion = 1

  /// The document for `picture`.
  /// - Parameters:
  ///   - picture: What to write.
  ///   - toolVersion: sdkvet's version, written as `tool.version`.
  package static func document(_ picture: PrivacyPicture, toolVersion: String) -> JSONValue {
    .object([
      ("schemaVersion", .int(schemaVersion)),
      ("tool", .object([("name", .string("sdkvet")), ("version", .string(toolVersion))])),
      ("bundles", .array(picture.bundles.map(bundle))),
      ("collectedDataTypes", .array(picture.dataTypes.map(row))),
      ("questions", .array(picture.questions.map(question))),
    ])
  }

  private static func bundle(_ bundle: PrivacyPicture.Bundle) -> JSONValue {
    .object([
      ("path", .path(bundle.path)),
      ("kind", .string(bundle.kind.rawValue)),
      ("embeddedIn", .optionalPath(bundle.embeddedIn)),
      ("package", bundle.package?.json ?? .null),
      ("includedSDKs", .strings(bundle.includedSDKs.map(\.sdk))),
      ("includedSDKDetails", .array(bundle.includedSDKs.map(includedSDK))),
      ("manifests", .paths(bundle.manifests)),
      ("androidPermissions", bundle.androidPermissions.map { .array($0.map(JSONReporter.androidPermission)) } ?? .null),
      ("declared", declared(bundle)),
      (
        "reachable",
        .object([
          ("complete", .bool(bundle.binariesNotRead.isEmpty)),
          ("binariesNotRead", .paths(bundle.binariesNotRead)),
          ("requiredReasonCategories", .strings(bundle.usedCategories)),
          ("capabilities", .array(bundle.capabilities.map(capability))),
          ("hosts", .strings(bundle.hosts)),
          ("trackingHosts", .strings(bundle.trackingHosts)),
        ])
      ),
    ])
  }

  private static func declared(_ bundle: PrivacyPicture.Bundle) -> JSONValue {
    .object([
      ("complete", .bool(bundle.readEveryManifest)),
      ("tracking", bundle.declaredTracking.map(JSONValue.bool) ?? .null),
      ("trackingDomains", .strings(bundle.trackingDomains)),
      (
        "collectedDataTypes",
        .array(
          bundle.collectedData.map { entry in
            .object([
              ("type", .string(entry.type)), ("linked", .bool(entry.linked)), ("tracking", .bool(entry.tracking)),
              ("purposes", .strings(entry.purposes)),
            ])
          })
      ),
      (
        "accessedAPITypes",
        .array(
          bundle.declaredReasons.keys.sorted().map { category in
            .object([("category", .string(category)), ("reasons", .strings(bundle.declaredReasons[category] ?? []))])
          })
      ),
    ])
  }

  private static func includedSDK(_ sdk: PrivacyPicture.IncludedSDK) -> JSONValue {
    .object([
      ("sdk", .string(sdk.sdk)), ("confidence", .string(sdk.confidence.rawValue)),
      ("binaries", .paths(sdk.binaries)), ("symbols", .strings(sdk.symbols)),
    ])
  }

  private static func capability(_ capability: PrivacyPicture.Capability) -> JSONValue {
    .object([
      ("resource", .string(capability.resource)), ("name", .string(capability.name)),
      ("requested", .bool(capability.requested)), ("symbols", .strings(capability.symbols)),
    ])
  }

  private static func row(_ row: PrivacyPicture.DataTypeRow) -> JSONValue {
    .object([
      ("type", .string(row.dataType)), ("bundles", .paths(row.bundles)), ("linked", .bool(row.linked)),
      ("tracking", .bool(row.tracking)), ("purposes", .strings(row.purposes)),
    ])
  }

  private static func question(_ question: PrivacyPicture.Question) -> JSONValue {
    .object([
      ("bundle", .path(question.bundle)), ("capability", capability(question.capability)),
      ("expectedDataTypes", .strings(question.expectedDataTypes)),
      ("answeredByTracking", .bool(question.answeredByTracking)), ("source", .string(question.source)),
      ("ownCode", .bool(question.isOwnCode)),
    ])
  }
}
