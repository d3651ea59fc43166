public import ScanFiles

/// A commonly used SDK (Apple's list, ITMS-91061) recognised in a target.
public struct SDKDetection: Sendable, Hashable {
  /// How the SDK was recognised, weakest first; the raw values are the report's strings.
  ///
  /// Each identifies the SDK: a name, an identifier, every class the catalog documents as the
  /// SDK's own (read from its headers, `CommonSDK.classes`), or types of its Swift module (a
  /// module's name is unique in a process). A class prefix does not: vendors share them.
  public enum Confidence: String, Sendable, Hashable, Comparable {
    /// A binary defines types of the SDK's Swift module (their nominal type descriptors).
    case module
    /// A binary defines every class and C symbol the catalog documents as the SDK's own.
    case classes
    /// The framework, library or bundle is named like the SDK or an alias.
    case name
    /// The last part of the bundle's `CFBundleIdentifier` is the SDK's name or an alias, or a
    /// dependency manager recorded the target under that name (a pod, a package identity).
    case identifier

    /// Weaker than: `module` < `classes` < `name` < `identifier`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      let order: [Self] = [.module, .classes, .name, .identifier]
      return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
  }

  /// The SDK's name as Apple's list spells it.
  public let sdk: String
  /// The strongest way it was recognised.
  public let confidence: Confidence
  /// The binaries that include the SDK under another name ("X includes Y"), sorted; empty when
  /// the target itself is named or identified as the SDK.
  public let includedIn: [ScanPath]
  /// What recognised it: the name, the bundle identifier and the definitions, sorted.
  public let evidence: [Evidence]

  /// Creates a detection.
  package init(sdk: String, confidence: Confidence, includedIn: [ScanPath] = [], evidence: [Evidence]) {
    self.sdk = sdk
    self.confidence = confidence
    self.includedIn = includedIn
    self.evidence = evidence
  }
}
