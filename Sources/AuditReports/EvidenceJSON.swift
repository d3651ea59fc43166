import AuditModel
import PrivacyAudit
import PrivacyCatalog

extension Evidence {
  /// The evidence's fields in schema order, every optional one present (`null` when unknown);
  /// shared by the JSON document's evidence objects and flat `apiUses`.
  var jsonMembers: [(key: ReportKey, value: JSONValue)] {
    [
      (.symbol, .string(symbol)),
      (.via, .string(via.rawValue)),
      (.binary, .path(binary)),
      (.architecture, .optional(architecture)),
      (.member, .optional(member)),
      (.library, .optional(library)),
    ] + (callSites?.jsonMembers ?? [])
  }

  /// The evidence as a JSON object.
  var json: JSONValue { .report(jsonMembers) }
}

extension CallSiteSummary {
  /// `callSites` (the listed callers), `callSiteCount`, `callerCount` and `notCalled`: present
  /// only when call sites were looked for.
  var jsonMembers: [(key: ReportKey, value: JSONValue)] {
    [
      (
        .callSites,
        .array(
          callers.map { caller in
            .report(
              [
                (.function, .string(caller.function)), (.address, .string("0x" + String(caller.address, radix: 16))),
                (.count, .int(caller.count)),
              ] + (caller.readableName.map { [(.demangled, .string($0))] } ?? []))
          })
      ),
      (.callSiteCount, .int(siteCount)),
      (.callerCount, .int(functionCount)),
      (.notCalled, .bool(isNotCalled)),
    ]
  }
}
