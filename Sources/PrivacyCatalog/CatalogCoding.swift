extension Catalog: Decodable {
  private enum CodingKeys: String, CodingKey {
    case schemaVersion, asOf, sources, categories, apis, resources, commonSDKs, trackingHosts, collectedDataHints
  }

  /// Decodes a catalog. Only `schemaVersion` is required, so an overlay file may carry just the
  /// sections it adds to; `origin` is set by the loader, not read from the file.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    asOf = try container.decodeIfPresent(String.self, forKey: .asOf)
    sources = try container.decodeIfPresent([CatalogSource].self, forKey: .sources) ?? []
    categories = try container.decodeIfPresent([APICategory].self, forKey: .categories) ?? []
    apis = try container.decodeIfPresent([RequiredReasonAPI].self, forKey: .apis) ?? []
    resources = try container.decodeIfPresent([ProtectedResource].self, forKey: .resources) ?? []
    commonSDKs = try container.decodeIfPresent([CommonSDK].self, forKey: .commonSDKs) ?? []
    trackingHosts = try container.decodeIfPresent([TrackingHost].self, forKey: .trackingHosts) ?? []
    collectedDataHints = try container.decodeIfPresent([CollectedDataHint].self, forKey: .collectedDataHints) ?? []
    origin = "in-memory catalog"
  }
}
