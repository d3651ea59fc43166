public import PrivacyCatalog
public import ScanFiles

/// Where a piece of evidence was found, in the terms a reviewer checks with `nm` or `otool`.
public struct Evidence: Sendable, Hashable {
  /// The symbol or selector as spelled in the binary (`_stat`, `systemUptime`, `_objc_msgSend$systemUptime`).
  public let symbol: String
  /// How it was found: `import`, `selector`, `objc-stub`, `swift-symbol` (see `Docs/REPORT-FORMATS.md`).
  public let via: CatalogMatch.Via
  /// The file it was found in (the archive for a member), as found under the scanned root.
  public let binary: ScanPath
  /// The architecture slice.
  public let architecture: String?
  /// The archive member, when the binary is an archive.
  public let member: String?
  /// The library the import binds to, when known.
  public let library: String?
  /// Who calls it, when call sites were looked for (`scan --call-sites`) in an image whose code is decoded.
  public let callSites: CallSiteSummary?

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

  /// The same evidence with its callers named by `readable` (`CallSiteSummary.namingCallers`).
  package func namingCallers(_ readable: (String) -> String?) -> Evidence {
    Evidence(
      symbol: symbol, via: via, binary: binary, architecture: architecture, member: member, library: library,
      callSites: callSites?.namingCallers(readable))
  }
}
