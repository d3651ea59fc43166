import BinaryImage
import ELFSymbols
import Foundation
import ScanFiles
import TestSupport
import Testing

/// Shared libraries are read as the dynamic loader reads them: the tampered variants of the
/// filestat sample (Samples/elf/tamper/make-tampered.py) hide their imports from the section
/// headers, and the reader must still list every import the loader binds and say what disagrees.
@Suite(.enabled(if: TamperedELF.isAvailable, "python3 is not installed or this build has no libelf"))
struct ELFLoaderViewTests {
  @Test(arguments: TamperedELF.variants.map(\.file))
  func tamperedLibraryListsTheImportsTheLoaderBinds(_ variant: String) throws {
    let folder = try TamperedELF.generate()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let original = try #require(try read(TamperedELF.original).images.first)
    let tampered = try #require(try read(folder + "/" + variant).images.first)
    #expect(!imports(of: original).isEmpty)
    #expect(imports(of: tampered) == imports(of: original))
    #expect(
      Set(ELFFixtures.symbols(tampered) { $0.isDefined }.keys)
        == Set(ELFFixtures.symbols(original).filter(\.value.isDefined).keys))
    #expect(tampered.libraries == original.libraries)
    #expect(tampered.installName == original.installName)
    let expected = try #require(TamperedELF.variants.first { $0.file == variant }?.inconsistency)
    #expect(
      tampered.headerInconsistencies.contains { $0.contains(expected) }, "\(tampered.headerInconsistencies)")
  }

  /// The edits really do hide the imports from a reader of section headers (binutils nm -D),
  /// so the test above could fail. (binutils ignores an extended-index table on `.dynsym`;
  /// libelf, which reads sections for sdkvet, rejects every symbol through the 4-byte one.)
  @Test(
    .enabled(if: NM.isAvailable, "binutils nm is not installed"),
    arguments: TamperedELF.variants.map(\.file).filter { $0 != "four-byte-shndx.so" })
  func sectionHeadersOfTamperedLibraryHideItsPrivacyImports(_ variant: String) throws {
    let folder = try TamperedELF.generate()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let original = try NM.symbols(TamperedELF.original, dynamic: true, selection: "--undefined-only")[""] ?? []
    #expect(original.isSuperset(of: ["stat", "statfs"]))
    let sectionView = try NM.symbols(folder + "/" + variant, dynamic: true, selection: "--undefined-only")[""] ?? []
    #expect(sectionView.isDisjoint(with: ["stat", "statfs"]), "nm -D still lists them: \(sectionView.sorted())")
  }

  @Test func untouchedLibrariesHaveConsistentHeaders() throws {
    let linked = ["libstorageprobe.so", "storage-tool", "libportable-i386.so", "libportable-ppc64.so"]
    for path in [TamperedELF.original] + linked.map(ELFFixtures.path) {
      let image = try #require(try read(path).images.first)
      #expect(image.headerInconsistencies.isEmpty, "\(path): \(image.headerInconsistencies)")
    }
  }

  /// With no section headers at all the reader has only the dynamic segment: the symbol count
  /// comes from the hash table and relocations. Every linked fixture (ELF64 and ELF32, both byte
  /// orders) must read the same without them.
  @Test(arguments: [
    "libstorageprobe.so", "storage-tool", "libportable-i386.so", "libportable-ppc64.so", "libforeign-armv7.so",
  ])
  func linkedFixtureReadsTheSameWithoutSectionHeaders(_ fixture: String) throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ELFFixtures.path(fixture))))
    for field in ELFHeaderLayout.sectionTableFields(of: bytes) {
      bytes.replaceSubrange(field, with: repeatElement(0, count: field.count))
    }
    let stripped = try #require(try ELFFixtures.readScratch(bytes).images.first)
    let original = try #require(try ELFFixtures.read(fixture).images.first)
    #expect(describe(stripped) == describe(original))
    #expect(stripped.libraries == original.libraries)
    #expect(stripped.runPaths == original.runPaths)
    #expect(stripped.headerInconsistencies == ["the file has no section headers (e_shoff is 0)"])
  }

  @Test func runPathComesFromTheDynamicSegment() throws {
    let image = try #require(try ELFFixtures.read("storage-tool").images.first)
    #expect(image.runPaths == ["$ORIGIN"])  // build.sh: -Wl,-rpath,'$ORIGIN'
  }

  private func read(_ path: String) throws -> BinaryFile {
    try ELFReader.read(FileBytes(path: path, limit: ReadLimits.binaryBytes), path: path, options: .all)
  }

  /// Each import as `name@version (library)`.
  private func imports(of image: Image) -> Set<String> {
    Set(image.imports.map { describe($0, in: image) })
  }

  private func describe(_ image: Image) -> [String] {
    image.symbols.map { (($0.isDefined ? "D " : "U ") + describe($0, in: image)) }.sorted()
  }

  private func describe(_ symbol: Symbol, in image: Image) -> String {
    image.names.string(symbol.name) + "@" + (image.versionName(of: symbol) ?? "") + " ("
      + (image.libraryName(of: symbol) ?? "") + ") \(symbol.binding) \(symbol.kind)"
  }
}

/// Where the section header table fields of an ELF header are, for either class.
enum ELFHeaderLayout {
  /// `e_shoff`, `e_shnum` and `e_shstrndx`.
  static func sectionTableFields(of bytes: [UInt8]) -> [Range<Int>] {
    bytes[4] == 2 ? [40..<48, 60..<62, 62..<64] : [32..<36, 48..<50, 50..<52]
  }
}
