import BinaryImage
import TestSupport
import Testing

/// Compares the reader with binutils `nm` on every well-formed fixture: per file and archive
/// member, the undefined and the external (global and weak) symbol names must be the same sets.
@Suite(
  .enabled(if: ELFSupport.isAvailable, ELFSupport.skipReason),
  .enabled(if: NM.isAvailable, "binutils nm is not installed"))
struct ELFDifferentialTests {
  @Test(arguments: ELFFixtures.wellFormed)
  func undefinedSymbolsMatchNM(_ fixture: String) throws {
    let file = try ELFFixtures.read(fixture, options: .imports)
    let expected = try NM.symbols(ELFFixtures.path(fixture), dynamic: isLinked(file), selection: "--undefined-only")
    #expect(ours(file) { !$0.isDefined } == expected.filter { !$0.value.isEmpty })
  }

  /// `nm --extern-only` lists global and weak symbols, defined and undefined.
  @Test(arguments: ELFFixtures.wellFormed)
  func externalSymbolsMatchNM(_ fixture: String) throws {
    let file = try ELFFixtures.read(fixture)
    let expected = try NM.symbols(ELFFixtures.path(fixture), dynamic: isLinked(file), selection: "--extern-only")
    #expect(ours(file) { $0.binding != .local } == expected.filter { !$0.value.isEmpty })
  }

  private func isLinked(_ file: BinaryFile) -> Bool {
    file.images.contains { $0.fileType == "ET_DYN" || $0.fileType == "ET_EXEC" }
  }

  private func ours(_ file: BinaryFile, _ include: (Symbol) -> Bool) -> [String: Set<String>] {
    var table: [String: Set<String>] = [:]
    for image in file.images {
      let names = image.symbols.filter(include).map { image.names.string($0.name) }
      if !names.isEmpty { table[image.member ?? "", default: []].formUnion(names) }
    }
    return table
  }
}
