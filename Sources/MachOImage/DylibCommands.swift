import BinaryImage

/// The commands that name other images: `dylib_command` (`LC_LOAD_DYLIB` and its weak,
/// re-export, lazy and upward variants, `LC_ID_DYLIB`) and `rpath_command` (`LC_RPATH`).
enum DylibCommands {
  /// `sizeof(struct dylib_command)`: name offset, timestamp, current and compatibility versions.
  private static let dylibCommandSize = 24
  /// `sizeof(struct rpath_command)`.
  private static let rpathCommandSize = 12

  /// How a library command links its library, or `nil` when `type` is not one.
  static func linkKind(of type: UInt32) -> LinkedLibrary.Kind? {
    switch type {
    case LoadCommandType.loadDylib: .normal
    case LoadCommandType.loadWeakDylib: .weak
    case LoadCommandType.reexportDylib: .reexport
    case LoadCommandType.lazyLoadDylib: .lazy
    case LoadCommandType.loadUpwardDylib: .upward
    default: nil
    }
  }

  /// The install name in a `dylib_command`.
  /// - Throws: `malformed` when the name offset is outside the command.
  static func installName(_ command: LoadCommand) throws(BinaryError) -> String {
    try command.string(atOffsetField: 8, fixedSize: dylibCommandSize, "Mach-O dylib command")
  }

  /// The path in an `rpath_command`.
  /// - Throws: `malformed` when the path offset is outside the command.
  static func rpath(_ command: LoadCommand) throws(BinaryError) -> String {
    try command.string(atOffsetField: 8, fixedSize: rpathCommandSize, "Mach-O LC_RPATH")
  }
}
