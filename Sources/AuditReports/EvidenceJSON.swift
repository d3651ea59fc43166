import PrivacyAudit
import PrivacyCatalog

extension PrivacyAudit.Evidence {
  /// The evidence's fields in schema order, every optional one present (`null` when unknown);
  /// shared by the JSON document (evidence objects and flat `apiUses`) and SARIF properties.
  var jsonMembers: [(key: String, value: JSONValue)] {
    [
      ("symbol", .string(symbol)),
      ("via", .string(via.rawValue)),
      ("binary", .string(binary)),
      ("architecture", .optional(architecture)),
      ("member", .optional(member)),
      ("library", .optional(library)),
    ]
  }

  /// The evidence as a JSON object.
  var json: JSONValue { .object(jsonMembers) }
}
