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
  public var name: String
  /// How it is linked.
  public var kind: Kind

  /// Creates a linked library.
  public init(name: String, kind: Kind = .normal) {
    self.name = name
    self.kind = kind
  }
}
