import AuditModel
import Foundation
import PrivacyAudit
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TestSupport
import Testing

/// A scan of the filestat sample and its tampered variants (Samples/elf/tamper): every variant
/// shows the categories of the original, taken from the imports the loader binds, plus one
/// `binary-headers-inconsistent` warning; the original gives no finding at all.
@Suite(.enabled(if: TamperedELF.isAvailable, "python3 is not installed or this build has no libelf"))
struct TamperedLibraryAuditTests {
  @Test func tamperedLibrariesScanToTheOriginalCategoriesWithAWarning() throws {
    let folder = try TamperedELF.generate()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let report = ScanPipeline(catalog: try Catalog.builtIn()).run(paths: [TamperedELF.original, folder]).report
    let original = try #require(report.targets.first { $0.path.description == TamperedELF.original })
    #expect(!original.usedCategories.isEmpty)
    #expect(original.findings.isEmpty, "\(original.findings.map(\.message))")
    for (file, inconsistency) in TamperedELF.variants {
      let target = try #require(
        report.targets.first { $0.path.description == folder + "/" + file }, "\(file) is a target")
      #expect(target.usedCategories == original.usedCategories, "\(file)")
      #expect(target.apiUses.map(\.api) == original.apiUses.map(\.api), "\(file)")
      #expect(target.findings.map(\.rule) == [.binaryHeadersInconsistent], "\(file)")
      let finding = try #require(target.findings.first)
      #expect(finding.severity == .warning)
      #expect(finding.file == target.path)
      #expect(finding.message.contains(inconsistency), "\(finding.message)")
    }
  }
}
