import BinaryImage
import Foundation
import MachOImage
import ScanFiles
import Testing

/// Compares the reader with llvm-nm and llvm-objdump on every fixture: the same undefined
/// symbols (names, weak flags and libraries) per architecture and member, the same external
/// definitions (the export trie's included), the same imports from
/// dyld bind tables and chained fixups, the same linked libraries, the same selectors.
@Suite(.enabled(if: LLVMTools.areAvailable, "needs the Swift toolchain's llvm-nm and llvm-objdump"))
struct DifferentialTests {
  /// Our view of one file, keyed like the oracle's.
  struct Ours {
    var images: [UnitKey: Image] = [:]

    init(path: String) throws {
      let file = try FileBytes(path: path, limit: ReadLimits.binaryBytes)
      let read = try MachOReader.read(file, path: path, options: .all)
      #expect(read.problems.isEmpty, "problems in \(path): \(read.problems)")
      for image in read.images {
        let key = UnitKey(architecture: read.container == .universal ? image.architecture : nil, member: image.member)
        #expect(images[key] == nil, "two images for \(key)")
        images[key] = image
      }
    }
  }

  static func libraryShortName(_ image: Image, _ symbol: Symbol) -> String? {
    switch symbol.library {
    case .linked: image.libraryName(of: symbol).map(LLVMOracle.shortName)
    case .unknown: nil
    case .selfImage: "this-image"
    case .mainExecutable: "main-executable"
    case .flatLookup: "flat-namespace"
    case .dynamicLookup: "dynamic-lookup"
    case .weakLookup: "weak"
    }
  }

  @Test(arguments: Fixtures.differential)
  func undefinedSymbolsMatchLLVMNm(path: String) throws {
    let ours = try Ours(path: path)
    let oracle = try LLVMOracle(path: path).undefinedSymbols()
    for (key, image) in ours.images {
      let expected = oracle[key] ?? []
      let actual = Set(
        image.imports.filter { $0.origin == .symbolTable }.map { symbol in
          OracleImport(
            name: image.names.string(symbol.name),
            library: image.kind == .object ? nil : Self.libraryShortName(image, symbol) ?? "bad library ordinal",
            isWeak: symbol.binding == .weak)
        })
      let normalizedExpected = Set(
        expected.map { entry -> OracleImport in
          var copy = entry
          if copy.library?.hasPrefix("bad library ordinal") == true {
            copy.library = "bad library ordinal"
          } else {
            copy.library = copy.library.map(LLVMOracle.shortName)  // `libavutil.59` as `libavutil`
          }
          return copy
        })
      #expect(
        actual == normalizedExpected,
        "\(path)\(key): ours-only \(actual.subtracting(normalizedExpected)), llvm-nm-only \(normalizedExpected.subtracting(actual))"
      )
    }
    #expect(
      Set(oracle.keys).isSubset(of: Set(ours.images.keys)),
      "\(path): llvm-nm lists images we do not: \(Set(oracle.keys).subtracting(ours.images.keys))")
  }

  /// The external definitions, from the symbol table and the export trie (which alone holds
  /// them in a stripped image), are the ones llvm-nm lists with `--add-dyldinfo`.
  @Test(arguments: Fixtures.differential + Fixtures.strippedExports)
  func definedSymbolsMatchLLVMNm(path: String) throws {
    let ours = try Ours(path: path)
    let oracle = try LLVMOracle(path: path).definedExternalNames()
    for (key, image) in ours.images {
      let actual = Set(
        image.symbols.filter { $0.isDefined && $0.binding != .local }.map { image.names.string($0.name) })
      let expected = oracle[key] ?? []
      #expect(
        actual == expected,
        "\(path)\(key): ours-only \(actual.subtracting(expected)), llvm-nm-only \(expected.subtracting(actual))")
    }
  }

  @Test(arguments: Fixtures.differential)
  func dyldImportsMatchLLVMObjdump(path: String) throws {
    let ours = try Ours(path: path)
    let oracle = LLVMOracle(path: path)
    let (binds, weakBinds) = try oracle.dyldInfoBinds()
    let chained = try oracle.chainedImports()
    let undefined = try oracle.undefinedSymbols()
    for (key, image) in ours.images where image.kind != .object {
      let expected = (binds[key] ?? []).union(chained[key] ?? [])
      let ourImports = image.imports.map {
        (name: image.names.string($0.name), library: Self.libraryShortName(image, $0), symbol: $0)
      }
      for entry in expected {
        // llvm-objdump keeps a version in a library's short name (`libavutil.59`). A weak-lookup
        // import is reported once, from the library the symbol table names; a flat lookup once,
        // as the symbol table's dynamic lookup when it lists the name.
        let match = ourImports.first {
          $0.name == entry.name
            && ($0.library == entry.library || $0.library == entry.library.map(LLVMOracle.shortName)
              || entry.library == "weak"
              || (entry.library == "flat-namespace" && $0.library == "dynamic-lookup"))
        }
        #expect(
          match != nil, "\(path)\(key): llvm-objdump import \(entry.name) from \(entry.library ?? "?") is missing")
      }
      // Every import we report comes from one of the tables llvm shows; each import once.
      let known = Set(expected.map(\.name)).union((undefined[key] ?? []).map(\.name))
      let weakBindNames = weakBinds[key] ?? []
      for entry in ourImports {
        if entry.symbol.origin == .dyldWeakBind {
          #expect(
            weakBindNames.contains(entry.name),
            "\(path)\(key): weak-bind import \(entry.name) not in llvm-objdump --weak-bind")
        } else {
          #expect(known.contains(entry.name), "\(path)\(key): import \(entry.name) is in no llvm table")
        }
      }
      let pairs = ourImports.map { "\($0.name)\u{0}\($0.library ?? "")" }
      #expect(Set(pairs).count == pairs.count, "\(path)\(key): an import is listed twice")
    }
  }

  @Test(arguments: Fixtures.differential)
  func linkedLibrariesMatchLLVMObjdump(path: String) throws {
    let ours = try Ours(path: path)
    let oracle = try LLVMOracle(path: path).dylibsUsed()
    for (key, image) in ours.images where image.kind != .object {
      var expected = oracle[key] ?? []
      if let own = image.installName, let index = expected.firstIndex(where: { $0.name == own && $0.marker == nil }) {
        expected.remove(at: index)
      }
      #expect(image.libraries.map(\.name) == expected.map(\.name), "\(path)\(key): libraries differ")
      let kinds = image.libraries.map { $0.kind == .normal ? nil : $0.kind.rawValue }
      #expect(kinds == expected.map(\.marker), "\(path)\(key): library kinds differ")
    }
  }

  @Test(arguments: Fixtures.differential)
  func selectorReferencesMatchLLVMObjdump(path: String) throws {
    let ours = try Ours(path: path)
    let oracle = try LLVMOracle(path: path).selectorReferences()
    for (key, image) in ours.images {
      let actual = image.selectorReferences.map { image.names.string($0) }
      #expect(actual == (oracle[key] ?? []), "\(path)\(key): selectors differ")
    }
  }
}
