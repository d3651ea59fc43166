/// One linkable image: an ELF file, one architecture slice of a Mach-O file, or one archive member.
///
/// This is the common model both readers produce. Names live in `names`; symbols and selector
/// references point into it. Fields a format does not have stay empty or `nil`.
public struct Image: Sendable {
  /// Which reader produced the image.
  package enum Format: String, Sendable, Hashable {
    /// Read through libelf.
    case elf
    /// Read by the Mach-O reader.
    case machO = "mach-o"
  }

  /// What the image is for the linker and loader.
  package enum Kind: String, Sendable, Hashable {
    /// A relocatable object (`ET_REL`, `MH_OBJECT`).
    case object
    /// A program (`ET_EXEC`, position-independent executables, `MH_EXECUTE`).
    case executable
    /// A shared library (`ET_DYN`, `MH_DYLIB`).
    case sharedLibrary = "shared-library"
    /// A loadable bundle (`MH_BUNDLE`).
    case bundle
    /// Anything else (core files, dSYM companions, kext bundles, …): identified and summarised only.
    case other
  }

  /// Which reader produced the image.
  package var format: Format
  /// The architecture, spelled as llvm-nm spells it (`arm64`, `x86_64`, `aarch64`, `armv7`, …).
  package var architecture: String
  /// The archive member name, `nil` when the image is not inside an archive.
  package var member: String?
  /// What the image is.
  package var kind: Kind
  /// The raw file type name (`ET_DYN`, `MH_DYLIB`, …) for display.
  package var fileType: String
  /// Storage for every name below.
  package var names: NameTable
  /// Defined symbols and imports.
  package var symbols: [Symbol] = []
  /// Objective-C selectors the code references (`__objc_selrefs`), each once.
  package var selectorReferences: [NameRef] = []
  /// Objective-C classes the image defines (`_OBJC_CLASS_$_<name>`), each name once, without the
  /// prefix; collected only with `ReadOptions.definedIdentities`.
  package var definedClasses: [NameRef] = []
  /// One symbol per Swift module the image declares types in: the first nominal type or protocol
  /// descriptor it defines in that module (`_$s9Alamofire7SessionCMn`), as the evidence that
  /// names the module (`DefinedIdentities.swiftModule(ofDescriptor:)`); collected only with
  /// `ReadOptions.definedIdentities`.
  package var swiftModuleDescriptors: [NameRef] = []
  /// The defined C functions and data `ReadOptions.definitionFilter` asks for, each name once, as
  /// the binary spells it (`_SSL_CTX_new`); collected only with `ReadOptions.definedIdentities`.
  package var documentedDefinitions: [NameRef] = []
  /// Libraries the image links against, in load order (Mach-O ordinals are 1-based indices into this).
  package var libraries: [LinkedLibrary] = []
  /// ELF GNU version names, indexed by `Symbol.version`.
  package var versions: [String] = []
  /// The image's own name: ELF `DT_SONAME` or Mach-O `LC_ID_DYLIB` install name.
  package var installName: String?
  /// ELF library search path: `DT_RUNPATH`, or `DT_RPATH` without it, one entry per path
  /// (Mach-O `LC_RPATH` entries are in `machO.rpaths`; `rpaths` is either).
  package var runPaths: [String] = []
  /// Where headers the loader ignores disagree with the ones it reads, one sentence each — for
  /// ELF, section headers missing, unreadable, or describing other dynamic symbols, imports or
  /// libraries than the dynamic segment. The reader has already taken the loader's side for
  /// `symbols` and `libraries`; the audit reports these as `binary-headers-inconsistent`,
  /// because a binary edited this way may have been post-processed to hide what it imports.
  package var headerInconsistencies: [String] = []
  /// Mach-O build and load metadata; `nil` for ELF.
  package var machO: MachOMetadata?
  /// Where the image's bytes lie in its file (a universal slice, an archive member), so that a
  /// second pass over the same bytes (call sites) finds them; `nil` when not recorded.
  package var byteRange: Range<Int>?
  /// The call sites of the image's imports and selectors, when a second pass looked for them
  /// (`symbols --call-sites`); `nil` otherwise.
  package var callSites: CallSiteMap?
  /// Identifier-like C strings of an image that imports a dynamic-lookup function
  /// (`ReadOptions.lookupStrings`, Mach-O); empty otherwise.
  package var lookupStrings: [LookupString] = []
  /// The hosts the image's strings name (`HostName`), lowercased, each once, in the order found,
  /// at most `HostName.maximumHostsPerImage` (`ReadOptions.hosts`; Mach-O, and 64-bit
  /// little-endian ELF); empty otherwise.
  package var hosts: [String] = []

  /// Creates an empty image.
  /// - Parameter imageSize: The image's size in bytes, which bounds the name bytes its readers
  ///   may take in (`NameTable`).
  package init(
    format: Format, architecture: String, member: String? = nil, kind: Kind, fileType: String, imageSize: Int
  ) {
    names = NameTable(imageSize: imageSize)
    self.format = format
    self.architecture = architecture
    self.member = member
    self.kind = kind
    self.fileType = fileType
  }

  /// The imports: undefined symbols from every table, as found.
  package var imports: some Sequence<Symbol> { symbols.lazy.filter { !$0.isDefined } }

  /// The name of the library an import binds to, for display; `nil` when unknown.
  package func libraryName(of symbol: Symbol) -> String? {
    switch symbol.library {
    case .unknown: return nil
    case .linked(let index): return libraries.indices.contains(index) ? libraries[index].name : nil
    case .selfImage: return "(self)"
    case .mainExecutable: return "(main executable)"
    case .flatLookup: return "(flat lookup)"
    case .dynamicLookup: return "(dynamic lookup)"
    case .weakLookup: return "(weak lookup)"
    }
  }

  /// The paths the loader searches for `@rpath` (Mach-O `LC_RPATH`) or for needed libraries
  /// (ELF `DT_RUNPATH`/`DT_RPATH`), in the order found.
  package var rpaths: [String] { machO?.rpaths ?? runPaths }

  /// The version name of a symbol, `nil` when it has none.
  package func versionName(of symbol: Symbol) -> String? {
    guard let index = symbol.version, versions.indices.contains(index) else { return nil }
    return versions[index]
  }
}

/// Mach-O facts about an image that `sdkvet info` shows and the audit may use.
package struct MachOMetadata: Sendable, Hashable {
  /// A platform and its versions, from `LC_BUILD_VERSION` or `LC_VERSION_MIN_*`.
  package struct BuildVersion: Sendable, Hashable {
    /// The platform, e.g. `ios`, `ios-simulator`, `maccatalyst`, `macos`.
    package var platform: String
    /// The minimum OS version, e.g. `15.0`.
    package var minimumOS: String
    /// The SDK version, e.g. `17.0`.
    package var sdk: String

    /// Creates a build version.
    package init(platform: String, minimumOS: String, sdk: String) {
      self.platform = platform
      self.minimumOS = minimumOS
      self.sdk = sdk
    }
  }

  /// Platforms the image was built for (zero, one, or several for zippered images).
  package var buildVersions: [BuildVersion] = []
  /// `LC_UUID`, uppercase with dashes.
  package var uuid: String?
  /// `LC_RPATH` entries.
  package var rpaths: [String] = []
  /// Whether `LC_ENCRYPTION_INFO(_64)` says the image is encrypted (`cryptid != 0`); `nil` without the command.
  package var isEncrypted: Bool?
  /// The code signature from `LC_CODE_SIGNATURE`; `nil` when the image has none (or it is unreadable,
  /// which the reader reports as a problem).
  package var signature: CodeSignatureInfo?
  /// The code directory identifier from `LC_CODE_SIGNATURE`.
  package var signingIdentifier: String? { signature?.identifier }
  /// The team identifier from `LC_CODE_SIGNATURE`.
  package var teamIdentifier: String? { signature?.teamIdentifier }
  /// Whether the image has an `LC_MAIN` entry point.
  package var hasMainEntryPoint = false
  /// Whether the image carries `LC_DYLD_CHAINED_FIXUPS`.
  package var usesChainedFixups = false
  /// Whether the image carries `LC_DYLD_INFO(_ONLY)`.
  package var usesDyldInfo = false
  /// Whether the image carries `LC_DYLD_EXPORTS_TRIE`.
  package var hasExportsTrie = false

  /// Creates empty metadata.
  package init() {}
}
