/// One instruction (or, in a relocatable object, one relocation) that reaches an import or
/// sends a selector: a `bl`/`call` to its stub, a load of its GOT slot or selector reference.
public struct CallSite: Sendable, Hashable {
  /// The instruction's address (the image's vmaddr; the section offset in an object file).
  public var address: UInt64
  /// The function that holds the instruction, as the symbol table spells it; `nil` when the
  /// image names no function there (stripped code, `LC_FUNCTION_STARTS` only).
  public var function: String?
  /// Where that function starts, when known; names an unnamed function for display.
  public var functionStart: UInt64?

  /// Creates a call site.
  public init(address: UInt64, function: String?, functionStart: UInt64?) {
    self.address = address
    self.function = function
    self.functionStart = functionStart
  }
}

/// The names whose call sites to look for: imports as spelled in the image (`_stat`) and
/// selectors (`systemUptime`).
public struct CallSiteQuery: Sendable, Hashable {
  /// Import names, as spelled in the image (Mach-O's leading `_` kept).
  public var imports: Set<String>
  /// Selector names.
  public var selectors: Set<String>
  /// C strings whose address the code computes (names a dynamic-lookup function may be given).
  public var strings: Set<String> = []

  /// Creates a query.
  public init(imports: Set<String> = [], selectors: Set<String> = []) {
    self.imports = imports
    self.selectors = selectors
  }

  /// Whether there is nothing to look for.
  public var isEmpty: Bool { imports.isEmpty && selectors.isEmpty && strings.isEmpty }
}

/// What a call-site search found: for every name of the query, its sites in address order
/// (an empty list when the name is imported but nothing in the code reaches it).
public struct CallSiteMap: Sendable, Hashable {
  /// Sites per import name.
  public var imports: [String: [CallSite]]
  /// Sites per selector.
  public var selectors: [String: [CallSite]]
  /// Sites per C string (the instructions that compute its address).
  public var strings: [String: [CallSite]] = [:]

  /// Creates a map.
  public init(imports: [String: [CallSite]] = [:], selectors: [String: [CallSite]] = [:]) {
    self.imports = imports
    self.selectors = selectors
  }
}
