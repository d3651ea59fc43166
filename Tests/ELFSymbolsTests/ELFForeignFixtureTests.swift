import BinaryImage
import ELFSymbols
import ScanFiles
import TestSupport
import Testing

/// The armv7 Android shared object (ELF32 little-endian) and the s390x object (ELF64
/// big-endian) built from `Samples/elf/src/foreign_probe.c`: read like any other ELF file
/// (symbols, imports, hosts, and for the shared object the loader view, in agreement with its
/// section headers), but without call sites, since CodeScan decodes neither architecture.
@Suite(.enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason)) struct ELFForeignFixtureTests {
  static let fixtures: [(String, String, Image.Kind)] = [
    ("libforeign-armv7.so", "arm", .sharedLibrary), ("foreign-s390x.o", "s390x", .object),
  ]

  @Test(arguments: fixtures)
  func symbolsImportsAndHostsAreRead(_ fixture: String, _ architecture: String, _ kind: Image.Kind) throws {
    var options = ReadOptions.all
    options.hosts = true
    let image = try #require(try ELFFixtures.read(fixture, options: options).images.first)
    #expect(image.architecture == architecture)
    #expect(image.kind == kind)
    #expect(Set(ELFFixtures.symbols(image) { !$0.isDefined }.keys) == ["stat", "statfs"])
    let functions = ELFFixtures.symbols(image) { $0.isDefined && $0.kind == .function && $0.binding == .global }
    #expect(Set(functions.keys) == ["foreign_probe_modified", "foreign_probe_free_space", "foreign_probe_endpoint"])
    #expect(image.hosts == ["metrics.foreignprobe.example"])
  }

  @Test func theSharedObjectIsReadAsTheLoaderReadsIt() throws {
    let image = try #require(try ELFFixtures.read("libforeign-armv7.so").images.first)
    #expect(image.fileType == "ET_DYN")
    #expect(image.installName == "libforeign-armv7.so")  // -Wl,-soname
    #expect(image.symbols.allSatisfy { $0.origin == .dynamicSymbolTable })
    #expect(image.headerInconsistencies.isEmpty, "the section headers agree with the dynamic segment")
  }

  @Test(arguments: fixtures.map(\.0))
  func undecodedArchitecturesHaveNoCallSites(_ fixture: String) throws {
    let path = ELFFixtures.path(fixture)
    let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
    let image = try #require(try ELFReader.read(file, path: path, options: .all).images.first)
    #expect(try ELFCallSites.find(in: file, image: image, query: CallSiteQuery(imports: ["stat"])) == nil)
  }
}
