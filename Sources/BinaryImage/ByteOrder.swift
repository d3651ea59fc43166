/// The byte order of the integers in a file or slice.
public enum ByteOrder: Sendable, Hashable {
  /// Least significant byte first (x86, arm in practice).
  case little
  /// Most significant byte first (PowerPC, some MIPS, fat headers).
  case big
}
