import Foundation
import TestSupport

/// Mach-O files whose symbol, member, library and file names carry terminal control sequences, as
/// a crafted vendor binary could: built at test time, because such file names cannot be committed.
enum HostileNames {
  /// Retitles the terminal (`ESC ] 0 ; … BEL`), then starts a forged diagnostic on a new line and
  /// clears the screen.
  static let payload = "\u{1B}]0;pwned\u{07}\r\nsdkvet: error: forged\u{1B}[2J"
  /// The payload as `TextEscaping` writes it.
  static let escapedPayload = #"\x1b]0;pwned\x07\r\nsdkvet: error: forged\x1b[2J"#

  /// A folder holding a dylib and a static archive with hostile names throughout, and a broken
  /// file with a hostile name (for a diagnostic); every file name carries the payload too.
  static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdkvet-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let dylib = machO(
      fileType: 0x6, installName: "@rpath/Evil" + payload + ".dylib", library: "/usr/lib/lib" + payload + ".dylib",
      rpath: "@loader_path" + payload, imports: ["_stat", "_import" + payload], definitions: ["_defined" + payload])
    let object = machO(
      fileType: 0x1, installName: nil, library: nil, rpath: nil, imports: ["_stat", "_member_import" + payload],
      definitions: [])
    try Data(dylib).write(to: folder.appendingPathComponent("libEvil" + payload + ".dylib"))
    try Data(archive(member: "evil" + payload + ".o", object)).write(
      to: folder.appendingPathComponent("libEvil" + payload + ".a"))
    try Data(dylib.prefix(40)).write(to: folder.appendingPathComponent("broken" + payload + ".dylib"))
    return folder
  }

  /// A thin little-endian arm64 Mach-O image with an `LC_ID_DYLIB`, one `LC_LOAD_DYLIB` (which
  /// every import binds to), an `LC_RPATH` and a symbol table, each when given.
  static func machO(
    fileType: UInt32, installName: String?, library: String?, rpath: String?, imports: [String], definitions: [String]
  ) -> [UInt8] {
    var commands = ByteBuilder()
    var count: UInt32 = 0
    func pathCommand(_ type: UInt32, fixedSize: UInt32, _ path: String, fields: [UInt32]) {
      let size = (Int(fixedSize) + path.utf8.count + 1 + 7) / 8 * 8
      let start = commands.bytes.count
      commands.u32(type)
      commands.u32(UInt32(size))
      commands.u32(fixedSize)
      for field in fields { commands.u32(field) }
      commands.cString(path)
      commands.pad(to: start + size)
      count += 1
    }
    if let installName { pathCommand(0xD, fixedSize: 24, installName, fields: [0, 0x1_0000, 0x1_0000]) }
    if let library { pathCommand(0xC, fixedSize: 24, library, fields: [0, 0x1_0000, 0x1_0000]) }
    if let rpath { pathCommand(0x8000_001C, fixedSize: 12, rpath, fields: []) }
    let symbolOffset = 32 + commands.bytes.count + 24
    let names = imports + definitions
    var strings = ByteBuilder()
    strings.u8(0)
    var symbols = ByteBuilder()
    for (index, name) in names.enumerated() {
      let isImport = index < imports.count
      symbols.u32(UInt32(strings.bytes.count))
      strings.cString(name)
      symbols.u8(isImport ? 0x01 : 0x03)  // N_UNDF | N_EXT, or N_ABS | N_EXT
      symbols.u8(0)
      symbols.u16(isImport && library != nil ? 0x0100 : 0)  // library ordinal 1
      symbols.u64(isImport ? 0 : 0x1000)
    }
    commands.u32(0x2)  // LC_SYMTAB
    commands.u32(24)
    commands.u32(UInt32(symbolOffset))
    commands.u32(UInt32(names.count))
    commands.u32(UInt32(symbolOffset + symbols.bytes.count))
    commands.u32(UInt32(strings.bytes.count))
    count += 1

    var file = ByteBuilder()
    file.u32(0xFEED_FACF)
    file.u32(0x0100_000C)  // CPU_TYPE_ARM64
    file.u32(0)
    file.u32(fileType)
    file.u32(count)
    file.u32(UInt32(commands.bytes.count))
    file.u32(fileType == 0x6 ? 0x80 : 0)  // MH_TWOLEVEL for the dylib
    file.u32(0)
    return file.bytes + commands.bytes + symbols.bytes + strings.bytes
  }

  /// An `ar` archive of one member, its name stored BSD-style (`#1/NN`) so it may hold any byte.
  static func archive(member name: String, _ content: [UInt8]) -> [UInt8] {
    let nameBytes = Array(name.utf8)
    func field(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
    let header =
      field("#1/\(nameBytes.count)", 16) + field("0", 12) + field("0", 6) + field("0", 6) + field("644", 8)
      + field(String(nameBytes.count + content.count), 10) + "`\n"
    var bytes = Array("!<arch>\n".utf8) + Array(header.utf8) + nameBytes + content
    if bytes.count % 2 == 1 { bytes.append(UInt8(ascii: "\n")) }
    return bytes
  }
}
