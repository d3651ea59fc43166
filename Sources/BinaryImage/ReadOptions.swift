/// What a reader should collect, so that each command parses only the tables it needs.
public struct ReadOptions: Sendable {
  /// Keep undefined symbols (imports).
  public var undefinedSymbols: Bool
  /// Keep defined symbols.
  public var definedSymbols: Bool
  /// Collect referenced Objective-C selectors (Mach-O `__objc_selrefs`).
  public var selectorReferences: Bool
  /// Collect the Objective-C classes and Swift modules the image defines, each once
  /// (`Image.definedClasses`, `Image.swiftModuleDescriptors`), without keeping the definitions.
  package var definedIdentities: Bool
  /// Collect `Image.lookupStrings` when the image imports a dynamic-lookup function (Mach-O).
  package var lookupStrings: Bool = false
  /// Collect `Image.hosts` from the string sections (Mach-O `__cstring` and `__cfstring`, ELF
  /// `.rodata` and `.rodata.str*`).
  package var hosts: Bool = false
  /// The imports and selector references to keep; `nil` keeps them all.
  package var importFilter: (any ImportFilter)?
  /// With `definedIdentities`, the defined C functions and data to keep in
  /// `Image.documentedDefinitions` (the catalog's documented symbols); `nil` keeps none.
  package var definitionFilter: DefinitionFilter?

  /// Creates options.
  package init(
    undefinedSymbols: Bool = true, definedSymbols: Bool = true, selectorReferences: Bool = true,
    definedIdentities: Bool = false
  ) {
    self.undefinedSymbols = undefinedSymbols
    self.definedSymbols = definedSymbols
    self.selectorReferences = selectorReferences
    self.definedIdentities = definedIdentities
  }

  /// Everything.
  public static let all = ReadOptions()
  /// Imports and selector references, no definitions.
  public static let imports = ReadOptions(definedSymbols: false)
  /// What the scan needs: `imports`, plus the classes and Swift modules the image defines (to
  /// recognise a commonly used SDK inside it), and the lookup strings of images that import a
  /// dynamic-lookup function, and the hosts the image's strings name.
  package static let audit: ReadOptions = {
    var options = ReadOptions(definedSymbols: false, definedIdentities: true)
    options.lookupStrings = true
    options.hosts = true
    return options
  }()
}
