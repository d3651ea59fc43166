package import AuditModel
package import BinaryImage
package import Foundation
package import PackageProvenance
package import PrivacyCatalog
package import TargetDiscovery

/// One image of a binary after catalog matching: what the audit keeps once the `Image` itself
/// (its symbol tables) has been dropped.
package struct ScannedImage: Sendable, Hashable {
  /// Which reader produced the image.
  package var format: Image.Format
  /// The architecture, as llvm-nm spells it.
  package var architecture: String
  /// The archive member, when the binary is an archive.
  package var member: String?
  /// Mach-O build platforms (`ios`, `ios-simulator`, `macos`, …); empty for ELF or when unrecorded.
  package var platforms: [String]
  /// What the catalog matched in the image.
  package var matches: [CatalogMatch]
  /// Where headers the loader ignores disagree with the ones it reads (`Image.headerInconsistencies`).
  package var headerInconsistencies: [String]
  /// The Mach-O code signature (`MachOMetadata.signature`); `nil` when unsigned or not Mach-O.
  package var signature: CodeSignatureInfo?
  /// Commonly used SDKs recognised by the classes and Swift modules the image defines.
  package var commonSDKs: [CommonSDKMatch]
  /// The call sites of the matched imports and selectors; `nil` when not looked for.
  package var callSites: CallSiteMap?
  /// APIs the image may reach by name through a dynamic-lookup function (never uses).
  package var dynamicLookups: [DynamicLookupIndex.Hit] = []
  /// The hosts the image's strings name (`Image.hosts`).
  package var hosts: [String] = []
  /// The libraries the image links against, in load order (`Image.libraries`).
  package var libraries: [LinkedLibrary] = []
  /// The image's rpaths (`Image.rpaths`).
  package var rpaths: [String] = []
  /// The image's install name (`Image.installName`, `LC_ID_DYLIB`), which a renamed folder keeps.
  package var installName: String?

  /// Creates a scanned image.
  package init(
    format: Image.Format, architecture: String, member: String? = nil, platforms: [String] = [],
    matches: [CatalogMatch],
    headerInconsistencies: [String] = [], signature: CodeSignatureInfo? = nil, commonSDKs: [CommonSDKMatch] = []
  ) {
    self.format = format
    self.architecture = architecture
    self.member = member
    self.platforms = platforms
    self.matches = matches
    self.headerInconsistencies = headerInconsistencies
    self.signature = signature
    self.commonSDKs = commonSDKs
  }

  /// Matches `image` against the catalog and keeps only what the audit needs.
  package init(image: Image, matcher: CatalogMatcher) {
    self.init(image: image, matches: matcher.matches(in: image), matcher: matcher)
  }

  /// Keeps what the audit needs of `image`, whose `matches` were found in its slice. The image
  /// and matcher are borrowed: a copy of either retains dozens of references.
  init(image: borrowing Image, matches: [CatalogMatch], matcher: borrowing CatalogMatcher) {
    // Every field set here, not through the memberwise initializer and then changed: that way
    // built a whole scanned image twice over.
    format = image.format
    architecture = image.architecture
    member = image.member
    platforms = image.machO?.buildVersions.map(\.platform) ?? []
    self.matches = matches
    headerInconsistencies = image.headerInconsistencies
    signature = image.machO?.signature
    commonSDKs = matcher.commonSDKs(in: image)
    dynamicLookups = matcher.dynamicLookups(in: image, besides: matches)
    hosts = image.hosts
    libraries = image.libraries
    rpaths = image.rpaths
    installName = image.installName
  }

  /// The names whose call sites would say who uses the matches: selectors for selector matches,
  /// the import's own name for the rest.
  package var callSiteQuery: CallSiteQuery {
    var query = CallSiteQuery()
    for match in matches {
      if match.via == .selector { query.selectors.insert(match.symbol) } else { query.imports.insert(match.symbol) }
    }
    query.strings = Set(dynamicLookups.map(\.string))
    return query
  }

  /// Who reaches `match`, when call sites were looked for.
  func callSites(of match: CatalogMatch) -> CallSiteSummary? {
    guard let callSites else { return nil }
    let sites = match.via == .selector ? callSites.selectors[match.symbol] : callSites.imports[match.symbol]
    return sites.map { CallSiteSummary(sites: $0) }
  }

  /// Whether the image was built for macOS only, where Apple does not require API declarations.
  var isMacOSOnly: Bool { !platforms.isEmpty && platforms.allSatisfy { $0 == "macos" } }
}

/// One binary of a target after reading: its matched images, or why it could not be read.
package struct ScannedBinary: Sendable, Hashable {
  /// The file, with its xcframework slice.
  package var file: TargetFile
  /// What it was read as: the format of its images, `archive` for an archive without readable
  /// members, or `unreadable`.
  package var format: BinarySummary.Format
  /// The images read.
  package var images: [ScannedImage]
  /// Why the file could not be read at all, or why some of its members or slices could not.
  package var failures: [BinaryError]

  /// Creates a scanned binary.
  package init(file: TargetFile, format: BinarySummary.Format, images: [ScannedImage], failures: [BinaryError] = []) {
    self.file = file
    self.format = format
    self.images = images
    self.failures = failures
  }

  /// A binary that was read: its images matched, its per-member problems kept.
  package init(file: TargetFile, reading binary: BinaryFile, matcher: CatalogMatcher) {
    let matches = matcher.matches(inSlicesOf: binary.images)
    // By index, so that each image is borrowed, not copied (an image retains dozens of references).
    let images = binary.images.indices.map {
      ScannedImage(image: binary.images[$0], matches: matches[$0], matcher: matcher)
    }
    let format: BinarySummary.Format
    switch (images.first?.format, binary.container) {
    case (.elf?, _), (nil, .elf): format = .elf
    case (.machO?, _), (nil, .machO), (nil, .universal): format = .machO
    case (nil, .archive): format = .archive
    }
    self.init(file: file, format: format, images: images, failures: binary.problems)
  }

  /// A binary that could not be read at all.
  package init(file: TargetFile, failure: BinaryError) {
    self.init(file: file, format: .unreadable, images: [], failures: [failure])
  }
}

/// A manifest or strings file as read from disk.
package struct LoadedFile: Sendable, Hashable {
  /// What reading produced.
  package enum Contents: Sendable, Hashable {
    /// The file's bytes.
    case bytes(Data)
    /// The file could not be read; the sentence says why.
    case unreadable(String)
  }

  /// The file, with its xcframework slice.
  package var file: TargetFile
  /// Its bytes, or why they could not be read.
  package var contents: Contents

  /// Creates a loaded file.
  package init(file: TargetFile, contents: Contents) {
    self.file = file
    self.contents = contents
  }
}

/// Everything the audit needs about one target, already read: the audit itself does no I/O.
package struct TargetEvidence: Sendable, Hashable {
  /// The target as discovered.
  package var target: DiscoveredTarget
  /// Its binaries after reading and matching.
  package var binaries: [ScannedBinary]
  /// Its `PrivacyInfo.xcprivacy` files.
  package var manifests: [LoadedFile]
  /// Its localized `InfoPlist.strings` files. (Its `Info.plist` is `target.infoPlist`, parsed by discovery.)
  package var localizedInfoPlistStrings: [LoadedFile]
  /// The package a dependency manager recorded for it, with the problems met reading the manager's files.
  package var package: PackageAttribution?

  /// Creates target evidence.
  package init(
    target: DiscoveredTarget, binaries: [ScannedBinary], manifests: [LoadedFile] = [],
    localizedInfoPlistStrings: [LoadedFile] = [], package: PackageAttribution? = nil
  ) {
    self.target = target
    self.binaries = binaries
    self.manifests = manifests
    self.localizedInfoPlistStrings = localizedInfoPlistStrings
    self.package = package
  }
}
