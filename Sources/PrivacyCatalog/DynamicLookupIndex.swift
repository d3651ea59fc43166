package import BinaryImage

/// The names a binary could pass to a dynamic-lookup function (`dlsym`, `NSClassFromString`,
/// `NSSelectorFromString`, …) to reach a required-reason API without importing it: each Mach-O
/// C-function spelling without its leading `_` (`stat`), each selector (`systemUptime`), and each
/// class without `_OBJC_CLASS_$_` (`NSUserDefaults`). Advisory spellings are left out.
package struct DynamicLookupIndex: Sendable {
  /// What a lookup string may reach.
  package struct Hit: Sendable, Hashable {
    /// The string as found.
    package var string: String
    /// The section it was found in (`__cstring`, `__objc_methname`, `__objc_classname`).
    package var section: String
    /// The API (`RequiredReasonAPI.id`).
    package var apiID: String
    /// Apple's name for the API.
    package var apiName: String
    /// Its categories.
    package var categories: [String]
  }

  private let names: ByteKeyTable<Int>
  /// The indexed lookup names, as bytes: for the scan's filter, which holds them with others.
  let nameBytes: [[UInt8]]
  private let apis: [RequiredReasonAPI]

  /// Indexes the lookup names of `catalog`'s required-reason APIs.
  package init(catalog: Catalog) {
    var pairs: [(key: [UInt8], value: Int)] = []
    var seen = Set<String>()
    for (index, api) in catalog.apis.enumerated() where !api.advisory {
      for spelling in api.spellings where !spelling.advisory && spelling.format != .elf {
        let name: Substring
        switch spelling.kind {
        case .cFunction where spelling.name.hasPrefix("_"): name = spelling.name.dropFirst()
        case .selector: name = Substring(spelling.name)
        case .objcClass where spelling.name.hasPrefix("_OBJC_CLASS_$_"):
          name = spelling.name.dropFirst("_OBJC_CLASS_$_".count)
        default: continue
        }
        guard !name.isEmpty, seen.insert(String(name)).inserted else { continue }
        pairs.append((Array(name.utf8), index))
      }
    }
    names = ByteKeyTable(pairs)
    nameBytes = pairs.map(\.key)
    apis = catalog.apis
  }

  /// The APIs `image`'s lookup strings name.
  package func hits(in image: Image) -> [Hit] {
    image.lookupStrings.compactMap { lookup in
      guard let index = image.names.withBytes(of: lookup.name, { names.value(for: $0) }) else { return nil }
      let api = apis[index]
      return Hit(
        string: image.names.string(lookup.name), section: lookup.section.rawValue, apiID: api.id, apiName: api.name,
        categories: api.categories)
    }
  }
}
