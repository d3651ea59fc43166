/// A file a command will read.
struct InputFile: Sendable, Hashable {
  /// The path as the user gave it, or as found under a folder the user gave.
  let path: String
  /// Whether the user named this file directly: a non-binary is then an error, not skipped.
  let isExplicit: Bool
}
