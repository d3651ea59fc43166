import JSONDocuments

extension Catalog {
  /// Reads a catalog from its JSON. Only `schemaVersion` is required, so an overlay file may
  /// carry just the sections it adds to; `origin` names the file, it is not read from it.
  init(json root: JSONNode, origin: String) throws(CatalogError) {
    schemaVersion = try root.member("schemaVersion").int()
    asOf = try root.optionalMember("asOf")?.string()
    sources = try root.list("sources", CatalogSource.init(json:))
    categories = try root.list("categories", APICategory.init(json:))
    apis = try root.list("apis", RequiredReasonAPI.init(json:))
    resources = try root.list("resources", ProtectedResource.init(json:))
    commonSDKs = try root.list("commonSDKs", CommonSDK.init(json:))
    trackingHosts = try root.list("trackingHosts", TrackingHost.init(json:))
    collectedDataHints = try root.list("collectedDataHints", CollectedDataHint.init(json:))
    self.origin = origin
  }
}

extension JSONNode {
  /// Each element of the array `key`, read by `read`; none when the key is absent or `null`.
  func list<Element>(_ key: String, _ read: (JSONNode) throws(JSONDocumentError) -> Element)
    throws(JSONDocumentError) -> [Element]
  {
    try optionalMember(key)?.elements().map(read) ?? []
  }
}
