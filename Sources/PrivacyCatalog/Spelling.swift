import JSONDocuments

/// One way an API or resource shows up in a compiled binary.
///
/// Names are stored exactly as the binary spells them, without normalisation: Mach-O C symbols
/// carry their leading `_` (`_stat`), ELF ones do not (`stat`), and `format` says which binary
/// format a spelling belongs to. Two kinds are not exact symbol names: a `selector` is the bare
/// selector (`systemUptime`), matched as a referenced selector and as an `_objc_msgSend$<selector>`
/// stub import; a `swiftPrefix` is written without Mach-O's leading `_` (`$s10Foundation…`) and
/// matches any imported symbol that starts with it, with or without that `_`.
package struct Spelling: Sendable, Hashable {
  /// What kind of name a spelling is, which decides how it is matched.
  package enum Kind: String, Sendable, Hashable, CatalogEnumeration {
    /// An imported C function, matched by exact symbol name.
    case cFunction = "c-function"
    /// An imported global constant (Objective-C `NSString *` keys), matched by exact symbol name.
    case objcConstant = "objc-constant"
    /// An imported Objective-C class symbol (`_OBJC_CLASS_$_…`), matched by exact symbol name.
    case objcClass = "objc-class"
    /// An Objective-C selector, matched in `__objc_selrefs` and as an `_objc_msgSend$` stub import.
    case selector
    /// The stable start of Swift-mangled names, matched as a prefix of imported symbols.
    case swiftPrefix = "swift-prefix"
  }

  /// The name as the binary spells it (see the type's documentation for selectors and prefixes).
  package var name: String
  /// How the name is matched.
  package var kind: Kind
  /// The only binary format the spelling occurs in; `nil` when it may occur in either.
  package var format: BinaryFormat?
  /// True when Apple does not list this spelling: it is reported for information only and never
  /// counts as a use that needs a declaration.
  package var advisory: Bool
  /// Provenance or caveats (e.g. "UNVERIFIED", "derived from mangling rules").
  package var note: String?
  /// Exact imported symbol names (usually the class, `_OBJC_CLASS_$_NSUserDefaults`) of which one
  /// must be referenced by the same slice for this spelling to count; empty when it counts on
  /// its own. A selector names no receiver (GoogleUtilities sends `standardUserDefaults` to its
  /// own `GULUserDefaults`), so every selector names its class here. A class condition is also
  /// met when the slice looks the class up by name (`NSClassFromString`, `objc_getClass`, … with
  /// the name as a whole C string or `NSString` literal: `Image.lookupStrings`).
  package var onlyWith: [String]
  /// The document (Apple's reference page of the API) that shows what the spelling is, when recorded.
  package var source: String?

  /// Creates a spelling.
  package init(
    name: String, kind: Kind, format: BinaryFormat? = nil, advisory: Bool = false, note: String? = nil,
    onlyWith: [String] = [], source: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.format = format
    self.advisory = advisory
    self.note = note
    self.onlyWith = onlyWith
    self.source = source
  }

  /// The prefix of an Objective-C class symbol, `_OBJC_CLASS_$_`.
  package static let objcClassPrefix = "_OBJC_CLASS_$_"
}

/// The binary formats a spelling can be restricted to.
package enum BinaryFormat: String, Sendable, Hashable, CatalogEnumeration {
  /// ELF (Linux, Android).
  case elf
  /// Mach-O (Apple platforms).
  case machO = "mach-o"
}

extension Spelling {
  /// Reads a spelling; only `name` and `kind` are required.
  init(json node: JSONNode) throws(JSONDocumentError) {
    name = try node.member("name").string()
    kind = try Kind(json: node.member("kind"))
    format = try node.optionalMember("format").map(BinaryFormat.init(json:))
    advisory = try node.optionalMember("advisory")?.bool() ?? false
    note = try node.optionalMember("note")?.string()
    onlyWith = try node.optionalMember("onlyWith")?.strings() ?? []
    source = try node.optionalMember("source")?.string()
  }
}
