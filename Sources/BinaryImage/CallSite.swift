/// One instruction (or, in a relocatable object, one relocation) that reaches an import or
/// sends a selector: a `bl`/`call` to its stub, a load of its GOT slot or selector reference.
package struct CallSite: Sendable, Hashable {
  /// The instruction's address (the image's vmaddr; the section offset in an object file).
  package var address: UInt64
  /// The function that holds the instruction, as the symbol table spells it; `nil` when the
  /// image names no function there (stripped code, `LC_FUNCTION_STARTS` only).
  package var function: String?
  /// Where that function starts, when known; names an unnamed function for display.
  package var functionStart: UInt64?

  /// Creates a call site.
  package init(address: UInt64, function: String?, functionStart: UInt64?) {
    self.address = address
    self.function = function
    self.functionStart = functionStart
  }
}

/// The names whose call sites to look for: imports as spelled in the image (`_stat`) and
/// selectors (`systemUptime`).
public struct CallSiteQuery: Sendable, Hashable {
  /// Import names, as spelled in the image (Mach-O's leading `_` kept).
  package var imports: Set<String>
  /// Selector names.
  package var selectors: Set<String>
  /// C strings whose address the code computes (names a dynamic-lookup function may be given).
  package var strings: Set<String> = []

  /// Creates a query.
  package init(imports: Set<String> = [], selectors: Set<String> = []) {
    self.imports = imports
    self.selectors = selectors
  }

  /// Whether there is nothing to look for.
  package var isEmpty: Bool { imports.isEmpty && selectors.isEmpty && strings.isEmpty }
}

/// What a call-site search found: for every name of the query, its sites in address order
/// (an empty list when the name is imported but nothing in the code reaches it).
public struct CallSiteMap: Sendable, Hashable {
  /// Sites per import name.
  package var imports: [String: [CallSite]]
  /// Sites per selector.
  package var selectors: [String: [CallSite]]
  /// Sites per C string (the instructions that compute its address).
  package var strings: [String: [CallSite]] = [:]

  /// Creates a map.
  package init(imports: [String: [CallSite]] = [:], selectors: [String: [CallSite]] = [:]) {
    self.imports = imports
    self.selectors = selectors
  }
}
