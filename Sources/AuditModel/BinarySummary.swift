public import BinaryImage
public import ScanFiles

/// A binary of a target and what it was built as.
public struct BinarySummary: Sendable, Hashable {
  /// What a binary was read as; the raw values are the report's `format` strings.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// Mach-O: a thin or universal file, or an archive of Mach-O objects.
    case machO = "mach-o"
    /// ELF: an object, shared object or executable, or an archive of ELF objects.
    case elf
    /// An archive none of whose members could be read.
    case archive
    /// A file that could not be read at all.
    case unreadable

    /// Whether the binary's symbols were read: what an unread one uses is unknown.
    public var wasRead: Bool { self == .machO || self == .elf }
  }

  /// The path as found under the scanned root.
  public let path: ScanPath
  /// What it was read as.
  public let format: Format
  /// The architectures of its images, sorted, each once.
  public let architectures: [String]
  /// The platforms its Mach-O images are built for (`LC_BUILD_VERSION`, `LC_VERSION_MIN_*`:
  /// `ios`, `ios-simulator`, `macos`, …), sorted, each once; empty for ELF or when unrecorded.
  public let platforms: [String]
  /// The code signature of each Mach-O image that is not an archive member (one per slice of a
  /// universal file), in image order; empty for ELF files and archives.
  public let signatures: [SliceSignature]
  /// The libraries and frameworks its images link against (Mach-O `LC_LOAD_DYLIB` and its weak,
  /// re-export, lazy and upward forms; ELF `DT_NEEDED`), sorted by name then kind, each once.
  public let linkedLibraries: [LinkedLibrary]
  /// Its images' rpaths (Mach-O `LC_RPATH`; ELF `DT_RUNPATH`, or `DT_RPATH` without it), each
  /// once, in the order found.
  public let rpaths: [String]

  /// Creates a summary; `linkedLibraries` are sorted and made unique, `rpaths` made unique.
  package init(
    path: ScanPath, format: Format, architectures: [String], platforms: [String] = [],
    signatures: [SliceSignature] = [], linkedLibraries: [LinkedLibrary] = [], rpaths: [String] = []
  ) {
    self.path = path
    self.format = format
    self.architectures = architectures
    self.platforms = Set(platforms).sorted()
    self.signatures = signatures
    self.linkedLibraries = Self.uniqueSorted(linkedLibraries)
    self.rpaths = Self.uniqueInOrder(rpaths)
  }

  /// `libraries` each once, sorted by name, then kind.
  static func uniqueSorted(_ libraries: [LinkedLibrary]) -> [LinkedLibrary] {
    Set(libraries).sorted { ($0.name, $0.kind.rawValue) < ($1.name, $1.kind.rawValue) }
  }

  /// `paths` each once, in the order given.
  static func uniqueInOrder(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
  }
}
