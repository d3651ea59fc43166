/// What a reader should collect, so that each command parses only the tables it needs.
public struct ReadOptions: Sendable, Hashable {
  /// Keep undefined symbols (imports).
  public var undefinedSymbols: Bool
  /// Keep defined symbols.
  public var definedSymbols: Bool
  /// Collect referenced Objective-C selectors (Mach-O `__objc_selrefs`).
  public var selectorReferences: Bool
  /// Collect `Image.lookupStrings` when the image imports a dynamic-lookup function (Mach-O).
  public var lookupStrings: Bool = false

  /// Creates options.
  public init(undefinedSymbols: Bool = true, definedSymbols: Bool = true, selectorReferences: Bool = true) {
    self.undefinedSymbols = undefinedSymbols
    self.definedSymbols = definedSymbols
    self.selectorReferences = selectorReferences
  }

  /// Everything.
  public static let all = ReadOptions()
  /// What the audit needs: imports, selector references and lookup strings, no definitions.
  public static let imports: ReadOptions = {
    var options = ReadOptions(definedSymbols: false)
    options.lookupStrings = true
    return options
  }()
}
