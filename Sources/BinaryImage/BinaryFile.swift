/// Everything read from one file: its images, and the parts of it that could not be read.
///
/// A file-level failure (not a binary, truncated header) is thrown by the reader instead; a
/// failure confined to one archive member or one slice lands in `problems` so the rest is kept.
public struct BinaryFile: Sendable {
  /// How the file packages its images.
  public enum Container: String, Sendable, Hashable {
    /// One ELF image.
    case elf
    /// One thin Mach-O image.
    case machO = "mach-o"
    /// A Mach-O universal (fat) file with one image per architecture.
    case universal
    /// An ar archive of objects.
    case archive
  }

  /// The path as given or found.
  public package(set) var path: String
  /// How the file packages its images.
  public package(set) var container: Container
  /// The images, in file order (slice order, then member order).
  public package(set) var images: [Image]
  /// Per-member or per-slice failures.
  public package(set) var problems: [BinaryError]

  /// Creates a file result.
  package init(path: String, container: Container, images: [Image] = [], problems: [BinaryError] = []) {
    self.path = path
    self.container = container
    self.images = images
    self.problems = problems
  }
}
