import BinaryImage
import ScanFiles
import Testing

@testable import MachOImage

/// What each fixture was built to contain (see `Samples/macho/README.md` and `build.sh`),
/// checked field by field: file types, platforms, metadata, import sources and encodings.
@Suite struct FixtureFactsTests {
  private func read(_ name: String, options: ReadOptions = .all) throws -> BinaryFile {
    let file = try FileBytes(path: Fixtures.good(name), limit: ReadLimits.binaryBytes)
    return try MachOReader.read(file, path: name, options: options)
  }

  private func only(_ name: String) throws -> Image {
    let file = try read(name)
    #expect(file.images.count == 1)
    #expect(file.problems.isEmpty)
    return try #require(file.images.first)
  }

  private func importNamed(_ image: Image, _ name: String) -> Symbol? {
    image.imports.first { image.names.string($0.name) == name }
  }

  @Test func frameworkWithChainedFixupsAndSignature() throws {
    let image = try only("Fixture.framework/Fixture")
    #expect(image.kind == .sharedLibrary)
    #expect(image.fileType == "MH_DYLIB")
    #expect(image.installName == "@rpath/Fixture.framework/Fixture")
    let metadata = try #require(image.machO)
    #expect(metadata.usesChainedFixups && !metadata.usesDyldInfo && metadata.hasExportsTrie)
    #expect(metadata.rpaths == ["@loader_path/Frameworks"])
    #expect(metadata.isEncrypted == false)
    #expect(metadata.signingIdentifier == "Fixture")
    #expect(metadata.teamIdentifier == nil)
    #expect(metadata.uuid?.count == 36)
    #expect(metadata.buildVersions.map(\.platform) == ["ios"])
    #expect(metadata.buildVersions.first?.minimumOS == "15.0")
    let uiKit = image.libraries.first { $0.name.hasSuffix("UIKit.framework/UIKit") }
    #expect(uiKit?.kind == .weak)
    let voiceOver = try #require(importNamed(image, "_UIAccessibilityIsVoiceOverRunning"))
    #expect(image.libraryName(of: voiceOver) == uiKit?.name)
    #expect(importNamed(image, "_getattrlistbulk")?.binding == .weak)
    let selectors = image.selectorReferences.map { image.names.string($0) }
    #expect(
      Set(selectors) == ["processInfo", "systemUptime", "standardUserDefaults", "objectForKey:", "activeInputModes"])
    #expect(selectors.count == 5)
    #expect(!selectors.contains("fileModificationDate"))
  }

  @Test func executableBindsToTheFramework() throws {
    let image = try only("tool")
    #expect(image.kind == .executable)
    #expect(image.machO?.hasMainEntryPoint == true)
    #expect(image.machO?.rpaths == ["@executable_path/Frameworks"])
    #expect(image.machO?.signingIdentifier == "tool")
    let symbol = try #require(importNamed(image, "_fixture_file_info"))
    #expect(image.libraryName(of: symbol) == "@rpath/Fixture.framework/Fixture")
  }

  @Test func bundleAndReexport() throws {
    #expect(try only("plugin.bundle").kind == .bundle)
    let reexport = try only("libreexport.dylib")
    #expect(reexport.libraries.contains(LinkedLibrary(name: "/usr/lib/libobjc.A.dylib", kind: .reexport)))
  }

  @Test(arguments: [
    ("libold-ios10.dylib", "arm64", "ios", "10.0"), ("sim-arm64.dylib", "arm64", "ios-simulator", nil),
    ("catalyst-arm64.o", "arm64", "maccatalyst", "14.0"), ("watch-arm64_32.dylib", "arm64_32", "watchos", "5.0"),
    ("legacy-armv7.o", "armv7", "ios", "9.0"),
  ])
  func platformsAndArchitectures(name: String, architecture: String, platform: String, minimum: String?) throws {
    let image = try only(name)
    #expect(image.architecture == architecture)
    #expect(image.machO?.buildVersions.map(\.platform) == [platform])
    if let minimum { #expect(image.machO?.buildVersions.first?.minimumOS == minimum) }
  }

  @Test func teamSignatureAndLazyUpwardLibraries() throws {
    let signed = try only("team-signed.dylib")
    #expect(signed.machO?.signingIdentifier == "dev.sdkvet.fixtures.Fixture")
    #expect(signed.machO?.teamIdentifier == "SDKVET1234")
    let kinds = try only("dylib-kinds.dylib")
    #expect(kinds.libraries.first { $0.name == "/usr/lib/libobjc.A.dylib" }?.kind == .lazy)
    #expect(kinds.libraries.first { $0.name.hasSuffix("Foundation.framework/Foundation") }?.kind == .upward)
    let send = try #require(importNamed(kinds, "_objc_msgSend"))
    #expect(kinds.libraryName(of: send) == "/usr/lib/libobjc.A.dylib")
  }

  @Test(arguments: ["libmembers.a", "libmembers-sorted.a", "libmembers-symdef64.a"])
  func everySymbolIndexFormIsSkipped(name: String) throws {
    let file = try read(name)
    #expect(file.container == .archive)
    #expect(file.problems.isEmpty)
    #expect(
      file.images.compactMap(\.member) == [
        "fileinfo.o", "objcrefs.o", "msgsend_stubs.o", "dates.o", "a_rather_long_member_name_for_bsd_ar.o",
      ])
    #expect(file.images.reduce(0) { $0 + $1.imports.reduce(0) { count, _ in count + 1 } } == 25)
  }

  @Test func bigEndianImages() throws {
    let ppc = try only("bigendian-ppc.dylib")
    #expect(ppc.architecture == "ppc")
    #expect(ppc.libraries.map(\.name) == ["/usr/lib/libSystem.B.dylib"])
    #expect(try only("bigendian-ppc64.o").architecture == "ppc64")
  }

  @Test func encryptionFlag() throws {
    #expect(try only("encrypted.dylib").machO?.isEncrypted == true)
    #expect(try only("libbinds-classic.dylib").machO?.usesDyldInfo == true)
  }

  @Test func importsOnlyInDyldInformationAreListed() throws {
    let classic = try only("nosymtab-classic.dylib")
    #expect(importNamed(classic, "_strlen")?.origin == .dyldLazyBind)
    #expect(importNamed(classic, "_NSURLCreationDateKey")?.origin == .dyldBind)
    #expect(!classic.imports.contains { $0.origin == .symbolTable })
    let chained = try only("nosymtab-chained.dylib")
    #expect(importNamed(chained, "_OBJC_CLASS_$_UITextInputMode")?.origin == .chainedFixups)
    let stripped = try only("stripped-chained.dylib")
    #expect(importNamed(stripped, "_OBJC_CLASS_$_NSUserDefaults")?.origin == .chainedFixups)
    // The same imports, whichever encoding: the chained and classic builds of one library agree.
    let names = { (image: Image) in
      Set(image.imports.map { image.names.string($0.name) }).subtracting(["dyld_stub_binder"])
    }
    #expect(names(chained) == names(classic))
    #expect(names(try only("libbinds-chained.dylib")) == names(try only("libbinds-classic.dylib")))
  }

  @Test func objectImportsAreUnboundAndKeepSwiftNamesRaw() throws {
    let image = try only("fileinfo.o")
    #expect(image.kind == .object)
    #expect(image.libraries.isEmpty)
    #expect(importNamed(image, "_getattrlistbulk")?.binding == .weak)
    #expect(importNamed(image, "_$s10Foundation17URLResourceValuesV12creationDateAA0E0VSgvg")?.library == .unknown)
    #expect(
      image.symbols.contains { $0.isDefined && image.names.string($0.name) == "_my_lstat" && $0.kind == .function })
  }

  @Test func universalArchivesListMembersPerArchitecture() throws {
    let file = try read("libfat.a")
    #expect(file.container == .universal)
    #expect(file.problems.isEmpty)
    let architectures = file.images.map(\.architecture)
    #expect(Set(architectures) == ["armv7", "arm64", "x86_64"])
    for architecture in ["armv7", "arm64", "x86_64"] {
      let members = file.images.filter { $0.architecture == architecture }.compactMap(\.member)
      #expect(members.contains("a_rather_long_member_name_for_bsd_ar.o"), "\(architecture): \(members)")
      #expect(!members.contains { $0.hasPrefix("__.SYMDEF") })
    }
  }

  @Test(arguments: ["universal.dylib", "universal64.dylib"])
  func universalSlicesKeepTheirOwnPlatform(name: String) throws {
    let file = try read(name)
    #expect(file.container == .universal)
    #expect(file.images.map(\.architecture) == ["arm64", "x86_64"])
    #expect(file.images.map { $0.machO?.buildVersions.first?.platform } == ["ios", "ios-simulator"])
  }

  @Test func optionsLimitWhatIsRead() throws {
    let imports = try read(
      "libbinds-classic.dylib", options: ReadOptions(definedSymbols: false, selectorReferences: false))
    let image = try #require(imports.images.first)
    #expect(!image.symbols.isEmpty && image.symbols.allSatisfy { !$0.isDefined })
    #expect(image.selectorReferences.isEmpty)
  }
}
