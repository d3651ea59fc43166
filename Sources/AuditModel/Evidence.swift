public import PrivacyCatalog
public import ScanFiles

/// Where a piece of evidence was found, in the terms a reviewer checks with `nm` or `otool`.
public struct Evidence: Sendable, Hashable {
  /// The symbol or selector as spelled in the binary (`_stat`, `systemUptime`, `_objc_msgSend$systemUptime`).
  public package(set) var symbol: String
  /// How it was found: `import`, `selector`, `objc-stub`, `swift-symbol` (see `Docs/REPORT-FORMATS.md`).
  public package(set) var via: CatalogMatch.Via
  /// The file it was found in (the archive for a member), as found under the scanned root.
  public package(set) var binary: ScanPath
  /// The architecture slice.
  public package(set) var architecture: String?
  /// The archive member, when the binary is an archive.
  public package(set) var member: String?
  /// The library the import binds to, when known.
  public package(set) var library: String?
  /// Who calls it, when call sites were looked for (`scan --call-sites`) in an image whose code is decoded.
  public package(set) var callSites: CallSiteSummary?

  /// Creates evidence.
  package init(
    symbol: String, via: CatalogMatch.Via, binary: ScanPath, architecture: String?, member: String?, library: String?,
    callSites: CallSiteSummary? = nil
  ) {
    self.symbol = symbol
    self.via = via
    self.binary = binary
    self.architecture = architecture
    self.member = member
    self.library = library
    self.callSites = callSites
  }
}
