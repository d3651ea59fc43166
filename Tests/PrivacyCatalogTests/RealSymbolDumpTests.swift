import BinaryImage
import PrivacyCatalog
import Testing

/// The matcher against the undefined symbols of real Linux binaries (x86_64, glibc 2.36, Swift 6.3.1).
///
/// The dumps come from `llvm-nm -D --undefined-only --without-version` on two programs:
///
/// ```swift
/// // swiftc -O probe.swift
/// import Foundation
/// let url = URL(fileURLWithPath: "/tmp")
/// let values = try? url.resourceValues(forKeys: [.creationDateKey, .contentModificationDateKey,
///   .volumeAvailableCapacityKey, .volumeTotalCapacityKey])
/// print(values?.creationDate as Any, values?.contentModificationDate as Any,
///   values?.volumeAvailableCapacity as Any, values?.volumeTotalCapacity as Any)
/// let attrs = try? FileManager.default.attributesOfItem(atPath: "/tmp")
/// print(attrs?[.creationDate] as Any, attrs?[.modificationDate] as Any)
/// let fs = try? FileManager.default.attributesOfFileSystem(forPath: "/")
/// print(fs?[.systemFreeSize] as Any, fs?[.systemSize] as Any)
/// print(ProcessInfo.processInfo.systemUptime)
/// UserDefaults.standard.set(1, forKey: "x")
/// print(UserDefaults(suiteName: "g") as Any)
/// ```
///
/// and a C program calling `stat`, `fstat`, `lstat`, `fstatat`, `statfs`, `fstatfs`, `statvfs`,
/// `fstatvfs` and `printf`, built with `clang -O1` and again with `-D_FILE_OFFSET_BITS=64`.
/// The expected API of each symbol follows from the source, not from the catalog.
@Suite struct RealSymbolDumpTests {
  static let swiftProbe: [(symbol: String, api: String?)] = [
    ("$s10Foundation12UserDefaultsC8standardACvgZ", "user-defaults"),
    ("$s10Foundation12UserDefaultsC9suiteNameACSgSSSg_tcfc", "user-defaults"),
    ("$s10Foundation12UserDefaultsCMa", "user-defaults"),
    ("$s10Foundation12UserDefaultsCMn", "user-defaults"),
    ("$s10Foundation14URLResourceKeyV012creationDateC0ACvau", "url-creation-date-key"),
    ("$s10Foundation14URLResourceKeyV019volumeTotalCapacityC0ACvau", "url-volume-total-capacity-key"),
    ("$s10Foundation14URLResourceKeyV023contentModificationDateC0ACvau", "url-content-modification-date-key"),
    ("$s10Foundation14URLResourceKeyV023volumeAvailableCapacityC0ACvau", "url-volume-available-capacity-key"),
    ("$s10Foundation14URLResourceKeyVMn", nil),
    ("$s10Foundation14URLResourceKeyVN", nil),
    ("$s10Foundation17URLResourceValuesV12creationDate0A10Essentials0E0VSgvg", "url-creation-date-key"),
    ("$s10Foundation17URLResourceValuesV19volumeTotalCapacitySiSgvg", "url-volume-total-capacity-key"),
    (
      "$s10Foundation17URLResourceValuesV23contentModificationDate0A10Essentials0F0VSgvg",
      "url-content-modification-date-key"
    ),
    ("$s10Foundation17URLResourceValuesV23volumeAvailableCapacitySiSgvg", "url-volume-available-capacity-key"),
    ("$s20FoundationEssentials11FileManagerC7defaultACvgZ", nil),
    ("$s20FoundationEssentials11FileManagerCMa", nil),
    ("$s20FoundationEssentials11ProcessInfoC07processD0ACvau", nil),
    ("$s20FoundationEssentials11ProcessInfoC12systemUptimeSdvg", "process-info-system-uptime"),
    ("$s20FoundationEssentials16FileAttributeKeyV10systemSizeACvau", "file-attribute-system-size"),
    ("$s20FoundationEssentials16FileAttributeKeyV12creationDateACvau", "file-attribute-creation-date"),
    ("$s20FoundationEssentials16FileAttributeKeyV14systemFreeSizeACvau", "file-attribute-system-free-size"),
    ("$s20FoundationEssentials16FileAttributeKeyV16modificationDateACvau", "file-attribute-modification-date"),
    ("$s20FoundationEssentials3URLV0A0E14resourceValues7forKeysAD011URLResourceE0VShyAD0H3KeyVG_tKF", nil),
    ("$s20FoundationEssentials3URLV15fileURLWithPathACSSh_tcfC", nil),
    ("$s20FoundationEssentials4DateVMn", nil),
    ("$sSS4hash4intoys6HasherVz_tF", nil),
    ("$ss5print_9separator10terminatoryypd_S2StF", nil),
    ("__libc_start_main", nil),
    ("swift_allocObject", nil),
    ("swift_getTypeByMangledNameInContext2", nil),
  ]

  static let cProbe: [(symbol: String, version: String, api: String?)] = [
    ("stat", "GLIBC_2.33", "stat"), ("fstat", "GLIBC_2.33", "fstat"), ("lstat", "GLIBC_2.33", "lstat"),
    ("fstatat", "GLIBC_2.33", "fstatat"), ("statfs", "GLIBC_2.2.5", "statfs"), ("fstatfs", "GLIBC_2.2.5", "fstatfs"),
    ("statvfs", "GLIBC_2.2.5", "statvfs"), ("fstatvfs", "GLIBC_2.2.5", "fstatvfs"),
    ("stat64", "GLIBC_2.33", "stat"), ("fstat64", "GLIBC_2.33", "fstat"), ("lstat64", "GLIBC_2.33", "lstat"),
    ("fstatat64", "GLIBC_2.33", "fstatat"), ("statfs64", "GLIBC_2.2.5", "statfs"),
    ("fstatfs64", "GLIBC_2.2.5", "fstatfs"), ("statvfs64", "GLIBC_2.2.5", "statvfs"),
    ("fstatvfs64", "GLIBC_2.2.5", "fstatvfs"), ("printf", "GLIBC_2.2.5", nil), ("__cxa_finalize", "GLIBC_2.2.5", nil),
  ]

  let matcher: CatalogMatcher

  init() throws {
    matcher = CatalogMatcher(catalog: try Catalog.builtIn())
  }

  @Test func everyUseInTheSwiftProgramIsFoundAndNothingElse() {
    for entry in Self.swiftProbe {
      let image = SyntheticImage.with(format: .elf, imports: [entry.symbol])
      #expect(matcher.matches(in: image).map(\.apiID) == (entry.api.map { [$0] } ?? []), "\(entry.symbol)")
    }
  }

  @Test func everyUseInTheCProgramIsFoundWithItsVersion() {
    var synthetic = SyntheticImage(format: .elf, libraries: ["libc.so.6"])
    for entry in Self.cProbe { synthetic.addImport(entry.symbol, version: entry.version) }
    let matches = matcher.matches(in: synthetic.image)
    let expected = Self.cProbe.filter { $0.api != nil }
    #expect(matches.map(\.symbol) == expected.map(\.symbol))
    #expect(matches.map(\.apiID) == expected.map(\.api))
    #expect(matches.map(\.version) == expected.map(\.version))
  }
}
