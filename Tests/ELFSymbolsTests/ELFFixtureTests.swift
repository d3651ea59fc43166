import BinaryImage
import ELFSymbols
import TestSupport
import Testing

/// Facts about the fixtures that follow from their C sources and build commands
/// (Samples/elf/src, Samples/elf/build.sh), checked against what the reader reports.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFFixtureTests {
  @Test func sharedLibraryHasSonameNeededLibrariesAndVersionedImports() throws {
    let file = try ELFFixtures.read("libstorageprobe.so")
    #expect(file.container == .elf)
    let image = try #require(file.images.first)
    #expect(image.kind == .sharedLibrary)
    #expect(image.fileType == "ET_DYN")
    #expect(image.architecture == "x86_64")
    #expect(image.installName == "libstorageprobe.so.1")  // -Wl,-soname
    #expect(image.libraries.map(\.name).contains("libc.so.6"))
    let imports = ELFFixtures.symbols(image) { !$0.isDefined }
    for name in ["stat", "fstat", "lstat", "statfs", "statvfs", "clock_gettime"] {
      let symbol = try #require(imports[name], "\(name) is imported")
      #expect(symbol.origin == .dynamicSymbolTable)
      #expect(image.libraryName(of: symbol) == "libc.so.6", "\(name) comes from libc through its version")
      #expect(image.versionName(of: symbol)?.hasPrefix("GLIBC_") == true)
    }
    let hook = try #require(imports["storage_probe_log"])  // declared weak, defined nowhere
    #expect(hook.binding == .weak)
    #expect(hook.library == .unknown)
    #expect(hook.version == nil)
    let defined = ELFFixtures.symbols(image) { $0.isDefined }
    let modified = try #require(defined["storage_probe_modified"])
    #expect(modified.kind == .function)
    #expect(image.versionName(of: modified) == "STORAGE_PROBE_1")  // src/storage_probe.map
    #expect(modified.library == .unknown)
    #expect(defined["storage_probe_uptime"].flatMap(image.versionName(of:)) == "STORAGE_PROBE_1")
    #expect(defined["storage_probe_calls"]?.kind == .object)
    #expect(defined["storage_probe_calls"]?.binding == .global)
  }

  @Test func positionIndependentProgramIsAnExecutable() throws {
    let image = try #require(try ELFFixtures.read("storage-tool").images.first)
    #expect(image.kind == .executable)  // ET_DYN with PT_INTERP
    #expect(image.fileType == "ET_DYN")
    #expect(image.installName == nil)
    #expect(image.libraries.map(\.name).contains("libstorageprobe.so.1"))
    let imports = ELFFixtures.symbols(image) { !$0.isDefined }
    let probe = try #require(imports["storage_probe_modified"])
    #expect(image.versionName(of: probe) == "STORAGE_PROBE_1")
    #expect(image.libraryName(of: probe) == "libstorageprobe.so.1", "the version is needed from the probe library")
    #expect(image.libraryName(of: try #require(imports["getenv"])) == "libc.so.6")
  }

  @Test func relocatableObjectReadsTheStaticSymbolTable() throws {
    let image = try #require(try ELFFixtures.read("boot_clock.o").images.first)
    #expect(image.kind == .object)
    #expect(image.fileType == "ET_REL")
    #expect(image.libraries.isEmpty)
    let symbols = ELFFixtures.symbols(image)
    #expect(symbols["clock_gettime"]?.isDefined == false)
    #expect(symbols["clock_gettime"]?.origin == .symbolTable)
    #expect(symbols["boot_clock_seconds"]?.isDefined == true)
    #expect(symbols["boot_clock_seconds"]?.kind == .function)
    #expect(symbols["boot_clock.c"] == nil, "file symbols are skipped")
  }

  @Test(arguments: ["libprobes.a", "libprobes-bsd.a"])
  func archivesListEveryObjectMember(_ fixture: String) throws {
    let file = try ELFFixtures.read(fixture)
    #expect(file.container == .archive)
    #expect(file.problems.isEmpty)
    #expect(file.images.map(\.member) == ["boot_clock.o", "disk_space_probe_helpers.o"])
    let helpers = try #require(file.images.last)
    let imports = Set(ELFFixtures.symbols(helpers) { !$0.isDefined }.keys)
    #expect(imports == ["statvfs", "fstat"])
    let locals = ELFFixtures.symbols(helpers) { $0.binding == .local }
    #expect(locals["helper_calls"]?.kind == .object)  // a file-static variable
  }

  @Test(arguments: [
    ("portable-i386.o", "i386", Image.Kind.object), ("libportable-i386.so", "i386", .sharedLibrary),
    ("portable-ppc64.o", "ppc64", .object), ("libportable-ppc64.so", "ppc64", .sharedLibrary),
    ("portable-mips.o", "mips", .object),
  ])
  func otherClassesAndByteOrders(_ fixture: String, _ architecture: String, _ kind: Image.Kind) throws {
    let image = try #require(try ELFFixtures.read(fixture).images.first)
    #expect(image.architecture == architecture)
    #expect(image.kind == kind)
    let symbols = ELFFixtures.symbols(image)
    #expect(symbols["stat"]?.isDefined == false)
    #expect(symbols["statfs"]?.isDefined == false)
    #expect(symbols["portable_probe_optional"]?.binding == .weak)
    #expect(symbols["portable_probe_counter"]?.kind == .object)
    #expect(symbols["portable_probe_exists"]?.kind == .function)
  }

  @Test func optionsSelectDefinedOrUndefinedSymbols() throws {
    let importsOnly = try #require(try ELFFixtures.read("libstorageprobe.so", options: .imports).images.first)
    #expect(!importsOnly.symbols.isEmpty)
    #expect(importsOnly.symbols.allSatisfy { !$0.isDefined })
    let definedOnly = ReadOptions(undefinedSymbols: false)
    let definitions = try #require(try ELFFixtures.read("libstorageprobe.so", options: definedOnly).images.first)
    #expect(!definitions.symbols.isEmpty)
    #expect(definitions.symbols.allSatisfy { $0.isDefined })
  }

  @Test func readerIsAvailableOnLinux() {
    #if os(Linux)
      #expect(ELFReader.isAvailable)
    #endif
  }
}
