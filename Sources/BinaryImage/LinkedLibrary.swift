/// A library an image links against: an ELF `DT_NEEDED` entry or a Mach-O `LC_*_DYLIB` command.
public struct LinkedLibrary: Sendable, Hashable {
  /// How the library is linked.
  public enum Kind: String, Sendable, Hashable {
    /// A required library (`DT_NEEDED`, `LC_LOAD_DYLIB`).
    case normal
    /// May be missing at run time (`LC_LOAD_WEAK_DYLIB`).
    case weak
    /// Re-exported to this image's clients (`LC_REEXPORT_DYLIB`).
    case reexport
    /// Loaded on first use (`LC_LAZY_LOAD_DYLIB`).
    case lazy
    /// An upward dependency (`LC_LOAD_UPWARD_DYLIB`).
    case upward
  }

  /// The install name (Mach-O) or file name (ELF), e.g. `/usr/lib/libSystem.B.dylib`, `libc.so.6`.
  public let name: String
  /// How it is linked.
  public let kind: Kind

  /// The file or bundle the name refers to, as a reviewer names it: the framework folder for a
  /// framework (`/System/Library/Frameworks/AdSupport.framework/AdSupport` →
  /// `AdSupport.framework`), else the last path component (`libsqlite3.dylib`, `libc.so.6`).
  public var fileName: String {
    let components = name.split(separator: "/", omittingEmptySubsequences: true)
    if let framework = components.dropLast().last(where: { $0.hasSuffix(".framework") }) {
      return String(framework)
    }
    return components.last.map(String.init) ?? name
  }

  /// `fileName` up to its first dot: `AdSupport`, `libsqlite3`, `libc`.
  public var bareName: String {
    String(fileName.prefix { $0 != "." })
  }

  /// How the kind reads after a name: nothing for `normal`, else ` (weak)`, ` (lazy)`, ….
  public var kindSuffix: String { kind == .normal ? "" : " (\(kind.rawValue))" }

  /// Whether `reference` names this library: its install name, its `fileName` or its `bareName`.
  package func isNamed(_ reference: String) -> Bool {
    reference == name || reference == fileName || reference == bareName
  }

  /// Creates a linked library.
  package init(name: String, kind: Kind = .normal) {
    self.name = name
    self.kind = kind
  }
}
