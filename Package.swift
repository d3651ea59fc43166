// swift-tools-version:6.1
import PackageDescription

/// On Linux the ELF reader always builds over elfutils' libelf (`apt-get install libelf-dev`).
/// On macOS it is opt-in through the `LibELF` trait (`swift build --traits LibELF`), which the
/// Makefile turns on only when `Scripts/lib/has-elfutils` finds that the libelf `pkg-config`
/// resolves is elfutils' (the reader needs its extensions, `ELF_C_READ_MMAP` and
/// `elf_getaroff`; Homebrew's `libelf` formula is a different, older library without them).
/// Without the trait the package still builds and an ELF input is reported as
/// "built without libelf".
let libELF: Target.Dependency = .target(
  name: "CLibELF",
  condition: .when(platforms: [.linux, .android], traits: []))
let libELFOnMac: Target.Dependency = .target(
  name: "CLibELF",
  condition: .when(platforms: [.macOS], traits: ["LibELF"]))

/// Archives (`.zip`, `.ipa`, `.aar`, `.tar.*`) are read in place through libarchive
/// (`apt-get install libarchive-dev`; on macOS Homebrew's `libarchive`, whose headers the SDK
/// lacks). Linux always builds with it; on macOS the `LibArchive` trait turns it on, and the
/// Makefile does so when `pkg-config` finds it. Without it an archive input is reported as
/// unreadable, never scanned as empty.
let libArchive: Target.Dependency = .target(
  name: "CLibArchive",
  condition: .when(platforms: [.linux, .android], traits: []))
let libArchiveOnMac: Target.Dependency = .target(
  name: "CLibArchive",
  condition: .when(platforms: [.macOS], traits: ["LibArchive"]))

/// SHA-1 and SHA-256 come from the platform: libcrypto (`apt-get install libssl-dev`) on Linux,
/// CryptoKit on macOS. Hashing whole archives with the hand-written SHA-256 it replaced was a
/// fifth of a scan's CPU time.
let libCrypto: Target.Dependency = .target(
  name: "CLibCrypto",
  condition: .when(platforms: [.linux, .android], traits: []))

/// The commit `sdkvet --version` names: `SDKVET_COMMIT` in the environment SwiftPM reads this
/// manifest in (the Makefile sets it from git; hex digits, `-dirty`), else none, so a plain
/// `swift build`, and a tree without git metadata, build as they are.
let buildCommit = Context.environment["SDKVET_COMMIT"].flatMap { commit -> String? in
  let allowed = Set("0123456789abcdefABCDEF-dirty")
  return !commit.isEmpty && commit.allSatisfy(allowed.contains) ? commit : nil
}

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "sdkvet",
  // macOS 15: `Synchronization.Mutex` and `Atomic` (checked by `make portability`).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "sdkvet", targets: ["sdkvet"]),
    /// The scan as a library: `ScanEngine.ScanPipeline` and `BinaryListing`, with the modules
    /// their public API speaks in (catalog, discovery, audit report, renderers, image model),
    /// and `CodeSigning`, which reads the image model's signatures.
    .library(
      name: "SDKVetScan",
      targets: [
        "ScanEngine", "BinaryImage", "ScanFiles", "PropertyLists", "TargetDiscovery", "PrivacyCatalog", "AuditModel",
        "PrivacyAudit", "AuditReports", "PackageProvenance", "JSONDocuments",
      ]),
    /// `swift package sdkvet`: scans the binary targets of the package that depends on this one.
    .plugin(name: "SDKVetPlugin", targets: ["SDKVetPlugin"]),
  ],
  traits: [
    .trait(name: "LibELF", description: "Read ELF files through elfutils' libelf on macOS (always on for Linux)."),
    .trait(name: "LibArchive", description: "Read archives through libarchive on macOS (always on for Linux)."),
  ],
  targets: [
    .systemLibrary(
      name: "CLibELF",
      pkgConfig: "libelf",
      // No Homebrew provider: its `libelf` formula is not elfutils, and its `elfutils` is Linux-only.
      providers: [.apt(["libelf-dev"])]),
    .systemLibrary(
      name: "CLibArchive",
      pkgConfig: "libarchive",
      providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]),
    .systemLibrary(
      name: "CLibCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]),
    .target(name: "CBuildInfo", cSettings: buildCommit.map { [.define("SDKVET_COMMIT", to: "\"\($0)\"")] }),
    .target(name: "BinaryImage", swiftSettings: strictSettings),
    .target(name: "ScanFiles", dependencies: ["BinaryImage"], swiftSettings: strictSettings),
    .target(name: "JSONDocuments", swiftSettings: strictSettings),
    .target(
      name: "CodeSigning", dependencies: ["BinaryImage", "PropertyLists", libCrypto], swiftSettings: strictSettings),
    .target(
      name: "ELFSymbols", dependencies: ["BinaryImage", "ScanFiles", "CodeScan", libELF, libELFOnMac], swiftSettings: strictSettings),
    .target(name: "CodeScan", dependencies: ["BinaryImage"], swiftSettings: strictSettings),
    .target(name: "MachOImage", dependencies: ["BinaryImage", "ScanFiles", "CodeScan", "CodeSigning"], swiftSettings: strictSettings),
    .target(name: "PropertyLists", dependencies: ["BinaryImage", "ScanFiles"], swiftSettings: strictSettings),
    .target(
      name: "TargetDiscovery", dependencies: ["BinaryImage", "ScanFiles", "CodeSigning", "PropertyLists"],
      swiftSettings: strictSettings),
    .target(
      name: "ArchiveFileSystem",
      dependencies: ["BinaryImage", "ScanFiles", "CodeSigning", "TargetDiscovery", libArchive, libArchiveOnMac],
      swiftSettings: strictSettings),
    .target(
      name: "PackageProvenance", dependencies: ["BinaryImage", "JSONDocuments", "ScanFiles", "TargetDiscovery"],
      swiftSettings: strictSettings),
    .target(name: "ImageLoader", dependencies: ["BinaryImage", "ScanFiles", "ELFSymbols", "MachOImage"], swiftSettings: strictSettings),
    .target(
      name: "PrivacyCatalog", dependencies: ["BinaryImage", "JSONDocuments", "ScanFiles"], resources: [.embedInCode("Resources/catalog.json")],
      swiftSettings: strictSettings),
    /// The audit's result as immutable values: what the rules produce and the reader of saved
    /// JSON reports produces too, and what every view renders.
    .target(
      name: "AuditModel",
      dependencies: ["BinaryImage", "ScanFiles", "PrivacyCatalog", "PropertyLists", "TargetDiscovery", "PackageProvenance"],
      swiftSettings: strictSettings),
    .target(
      name: "PrivacyAudit",
      dependencies: [
        "AuditModel", "BinaryImage", "JSONDocuments", "ScanFiles", "PrivacyCatalog", "PropertyLists", "TargetDiscovery", "PackageProvenance",
      ],
      swiftSettings: strictSettings),
    .target(
      name: "AuditReports",
      dependencies: [
        "AuditModel", "BinaryImage", "JSONDocuments", "ScanFiles", "PrivacyAudit", "PrivacyCatalog", "PropertyLists",
        "TargetDiscovery", "PackageProvenance",
      ],
      swiftSettings: strictSettings),
    .target(
      name: "ScanEngine",
      dependencies: [
        "ArchiveFileSystem", "AuditModel", "AuditReports", "BinaryImage", "CodeSigning", "JSONDocuments", "ScanFiles", "ImageLoader",
        "PrivacyCatalog", "PrivacyAudit", "TargetDiscovery", "PackageProvenance",
      ],
      swiftSettings: strictSettings),
    .target(
      name: "SDKVetCommand",
      dependencies: [
        "AuditModel", "BinaryImage", "JSONDocuments", "ScanFiles", "CodeSigning", "PrivacyCatalog", "PrivacyAudit",
        "AuditReports", "TargetDiscovery", "ScanEngine", "CBuildInfo",
      ],
      swiftSettings: strictSettings),
    .executableTarget(name: "sdkvet", dependencies: ["SDKVetCommand"], swiftSettings: strictSettings),
    .plugin(
      name: "SDKVetPlugin",
      capability: .command(
        intent: .custom(verb: "sdkvet", description: "Scan the package's binary targets (xcframeworks, artifact bundles) with sdkvet.")),
      dependencies: ["sdkvet"]),
    .target(
      name: "TestSupport", dependencies: ["ArchiveFileSystem", "BinaryImage", "ScanFiles", "ELFSymbols", "TargetDiscovery"], path: "Tests/TestSupport",
      swiftSettings: strictSettings),
    .testTarget(
      name: "ScanEngineTests", dependencies: ["ScanEngine", "AuditModel", "PrivacyAudit", "PrivacyCatalog", "TargetDiscovery", "ScanFiles", "TestSupport"],
      swiftSettings: strictSettings),
    /// Only the `SDKVetScan` product's public API, as a package that depends on it would use it.
    .testTarget(
      name: "ScanEngineAPITests",
      dependencies: [
        "ScanEngine", "BinaryImage", "ScanFiles", "TargetDiscovery", "PrivacyCatalog", "AuditModel", "PrivacyAudit",
        "AuditReports", "PackageProvenance", "JSONDocuments",
      ],
      swiftSettings: strictSettings),
    .testTarget(name: "ScanFilesTests", dependencies: ["ScanFiles", "BinaryImage", "TestSupport"], swiftSettings: strictSettings),
    .testTarget(name: "BinaryImageTests", dependencies: ["BinaryImage", "ScanFiles", "TestSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "CodeSigningTests", dependencies: ["CodeSigning", "BinaryImage", "PropertyLists", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(name: "CodeScanTests", dependencies: ["CodeScan"], swiftSettings: strictSettings),
    .testTarget(name: "ELFSymbolsTests", dependencies: ["ELFSymbols", "ImageLoader", "ScanFiles", "TestSupport", "CodeScan"], swiftSettings: strictSettings),
    .testTarget(name: "MachOImageTests", dependencies: ["MachOImage", "ImageLoader", "ScanFiles", "TestSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "ArchiveFileSystemTests", dependencies: ["ArchiveFileSystem", "BinaryImage", "TargetDiscovery", "ScanFiles", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "TargetDiscoveryTests", dependencies: ["TargetDiscovery", "PropertyLists", "BinaryImage", "ScanFiles", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ImageLoaderTests", dependencies: ["ImageLoader", "BinaryImage", "ScanFiles", "TestSupport"], swiftSettings: strictSettings),
    .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "BinaryImage", "ScanFiles", "TestSupport"], swiftSettings: strictSettings),
    .testTarget(name: "JSONDocumentsTests", dependencies: ["JSONDocuments"], swiftSettings: strictSettings),
    .testTarget(
      name: "PrivacyCatalogTests", dependencies: ["JSONDocuments", "PrivacyCatalog", "ScanFiles", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "PrivacyAuditTests",
      dependencies: [
        "AuditModel", "PrivacyAudit", "PrivacyCatalog", "PropertyLists", "TargetDiscovery", "ImageLoader", "ScanEngine",
        "ScanFiles", "TestSupport", "JSONDocuments",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "PackageProvenanceTests", dependencies: ["PackageProvenance", "TargetDiscovery", "ScanFiles", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(name: "AuditReportsTests", dependencies: ["AuditModel", "AuditReports", "ScanFiles", "TestSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "SDKVetCommandTests", dependencies: ["AuditModel", "BinaryImage", "CodeSigning", "SDKVetCommand", "ScanFiles", "TestSupport"],
      swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
