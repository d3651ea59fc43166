import BinaryImage
import ScanFiles
import TestSupport
import Testing

@testable import MachOImage

/// The call sites of `Samples/callsites`, whose sources reach each name in one known way
/// (`Samples/callsites/README.md`): linked images of both architectures and their objects.
@Suite struct CallSiteFixtureTests {
  /// The callers `MachOCallSites` names for `query` in the fixture's only image.
  static func callers(_ name: String, _ query: CallSiteQuery) throws -> CallSiteMap {
    let path = SampleLocator.sample("callsites/bin/" + name)
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let read = try MachOReader.read(file, path: path, options: .imports)
    let image = try #require(read.images.first)
    return try #require(try MachOCallSites.find(in: file, image: image, query: query))
  }

  static func functions(_ sites: [CallSite]?) -> [String] { (sites ?? []).map { $0.function ?? "?" } }

  @Test(arguments: [
    "libcallsites-arm64.dylib", "libcallsites-x86_64.dylib", "libcallsites-arm64-classic.dylib", "calls-arm64.o",
    "calls-x86_64.o",
  ])
  func importsAreCalledFromTheirFunctionsOrNotAtAll(name: String) throws {
    let found = try Self.callers(name, CallSiteQuery(imports: ["_stat", "_lstat", "_statfs", "_fstatfs"]))
    #expect(Self.functions(found.imports["_stat"]) == ["_probe_size", "_probe_mode"])
    #expect(found.imports["_lstat"] == [], "only stored in a table")
    #expect(Self.functions(found.imports["_statfs"]) == ["_probe_volume"], "through its GOT slot")
    #expect(found.imports["_fstatfs"] == [], "never imported: looked up by name with dlsym")
  }

  /// `weak.c`: a weak import's null check reads its slot (x86-64 `cmpq $0, slot(%rip)`, arm64
  /// a literal `ldr`), and a weak definition dyld binds by weak lookup is called through its stub.
  @Test(arguments: ["libweak-arm64.dylib", "libweak-x86_64.dylib"])
  func aWeakImportsNullCheckAndAWeaklyBoundDefinitionAreSites(name: String) throws {
    let found = try Self.callers(name, CallSiteQuery(imports: ["_stat", "_statfs"]))
    #expect(Self.functions(found.imports["_statfs"]) == ["_has_statfs"])
    #expect(Self.functions(found.imports["_stat"]) == ["_probe_weak"])
  }

  @Test(arguments: ["libcallsites-arm64.dylib", "libcallsites-x86_64.dylib", "libcallsites-arm64-classic.dylib"])
  func selectorsAreSentFromAMethodAStubCallerAndABlock(name: String) throws {
    let found = try Self.callers(
      name,
      CallSiteQuery(
        imports: ["_OBJC_CLASS_$_NSUserDefaults"], selectors: ["systemUptime", "standardUserDefaults"]))
    #expect(Self.functions(found.selectors["systemUptime"]) == ["-[Probe uptime]", "_stub_uptime"])
    #expect(
      Self.functions(found.selectors["standardUserDefaults"]) == ["___25-[Probe defaultsProvider]_block_invoke"])
    // Class references bound by chained fixups (arm64) and by classic bind opcodes (x86_64, arm64-classic).
    #expect(
      Self.functions(found.imports["_OBJC_CLASS_$_NSUserDefaults"]) == ["___25-[Probe defaultsProvider]_block_invoke"])
  }

  @Test(arguments: ["messages-arm64.o", "messages-x86_64.o"])
  func objectRelocationsNameSelectorsAndClasses(name: String) throws {
    let found = try Self.callers(
      name,
      CallSiteQuery(
        imports: ["_OBJC_CLASS_$_NSUserDefaults"], selectors: ["systemUptime", "standardUserDefaults"]))
    #expect(Self.functions(found.selectors["systemUptime"]) == ["-[Probe uptime]"])
    let block = ["___25-[Probe defaultsProvider]_block_invoke"]
    #expect(Self.functions(found.selectors["standardUserDefaults"]) == block)
    #expect(Self.functions(found.imports["_OBJC_CLASS_$_NSUserDefaults"]) == block)
  }

  @Test func aSiteAddressIsTheInstructionsAndItsFunctionStartIsKnown() throws {
    let found = try Self.callers("libcallsites-arm64.dylib", CallSiteQuery(imports: ["_stat"]))
    let sites = try #require(found.imports["_stat"])
    // `bl` instructions of probe_size and probe_mode (llvm-objdump -d: 0x4020 and 0x4078).
    #expect(sites.map(\.address) == [0x4020, 0x4078])
    #expect(sites.map(\.functionStart) == [0x4000, 0x4058])
  }
}

/// Stripped code: `stripped-chained.dylib` is `libbinds-chained.dylib` after `--strip-all`, so
/// its sites are the same instructions, in functions known only from `LC_FUNCTION_STARTS`.
@Suite struct StrippedCallSiteTests {
  static func sites(_ name: String) throws -> [String: [CallSite]] {
    let path = Fixtures.good(name)
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let image = try #require(try MachOReader.read(file, path: path, options: .imports).images.first)
    let query = CallSiteQuery(imports: Set(image.imports.map { image.names.string($0.name) }))
    return try #require(try MachOCallSites.find(in: file, image: image, query: query)).imports
  }

  @Test func strippedSitesAreTheSameInstructionsInUnnamedFunctions() throws {
    // Stripping also drops symbols no instruction reaches (dyld_stub_binder); compare the rest.
    let stripped = try Self.sites("stripped-chained.dylib")
    let named = try Self.sites("libbinds-chained.dylib").filter { stripped[$0.key] != nil }
    #expect(named.count == stripped.count)
    #expect(named.mapValues { $0.map(\.address) } == stripped.mapValues { $0.map(\.address) })
    #expect(named.mapValues { $0.map(\.functionStart) } == stripped.mapValues { $0.map(\.functionStart) })
    #expect(named["_stat"]?.map(\.function) == ["_fixture_file_info"])
    #expect(stripped.values.joined().allSatisfy { $0.function == nil && $0.functionStart != nil })
    #expect(!stripped.values.joined().isEmpty)
  }
}

/// Stripped Objective-C: methods are named `-[Class selector]` from the class metadata (chained
/// fixups on arm64, classic rebases on x86_64); a block, which has no metadata, stays unnamed.
@Suite struct StrippedObjCCallSiteTests {
  @Test(arguments: ["libcallsites-arm64-stripped.dylib", "libcallsites-x86_64-stripped.dylib"])
  func methodsAreNamedFromClassMetadata(name: String) throws {
    let found = try CallSiteFixtureTests.callers(
      name, CallSiteQuery(imports: ["_stat"], selectors: ["systemUptime", "standardUserDefaults"]))
    let uptime = CallSiteFixtureTests.functions(found.selectors["systemUptime"])
    #expect(uptime.first == "-[Probe uptime]")
    #expect(uptime.count == 2 && uptime.last == "?", "stub_uptime is a C function: unnamed once stripped")
    #expect(CallSiteFixtureTests.functions(found.selectors["standardUserDefaults"]) == ["?"])
    #expect(CallSiteFixtureTests.functions(found.imports["_stat"]) == ["?", "?"])
    #expect(found.imports["_stat"]?.allSatisfy { $0.functionStart != nil } == true)
  }
}

/// The name passed to `dlsym` is found where the code computes its address (`adr`/`adrp`+`add`,
/// `lea`; in an arm64 object, the relocation against the string).
@Suite struct LookupStringSiteTests {
  @Test(arguments: ["libcallsites-arm64.dylib", "libcallsites-x86_64.dylib", "calls-arm64.o"])
  func theLookupStringIsLoadedByItsFunction(name: String) throws {
    var query = CallSiteQuery()
    query.strings = ["fstatfs"]
    let found = try CallSiteFixtureTests.callers(name, query)
    #expect(CallSiteFixtureTests.functions(found.strings["fstatfs"]) == ["_probe_dynamic"])
  }
}
