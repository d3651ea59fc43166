import Foundation

/// Runs binutils `nm` as an independent reader the tests compare against.
enum NM {
  /// Whether `nm` is installed.
  static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/nm")

  /// Symbol names per archive member ("" outside archives), versions stripped, as
  /// `nm [-D] -A --format=posix <selection> path` lists them.
  static func symbols(_ path: String, dynamic: Bool, selection: String) throws -> [String: Set<String>] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
    process.arguments = (dynamic ? ["-D"] : []) + ["-A", "--format=posix", selection, path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var table: [String: Set<String>] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let (member, rest) = split(line, path: path)
      guard let rest else { continue }
      let fields = rest.trimmingCharacters(in: .whitespaces).split(separator: " ")
      guard let name = fields.first else { continue }
      table[member, default: []].insert(stripVersion(String(name)))
    }
    return table
  }

  /// `stat@GLIBC_2.33` → `stat`.
  static func stripVersion(_ name: String) -> String {
    guard let at = name.firstIndex(of: "@"), at != name.startIndex else { return name }
    return String(name[..<at])
  }

  private static func split(_ line: Substring, path: String) -> (String, Substring?) {
    if line.hasPrefix(path + "["), let close = line.range(of: "]: ") {
      let member = line[line.index(line.startIndex, offsetBy: path.count + 1)..<close.lowerBound]
      return (String(member), line[close.upperBound...])
    }
    if line.hasPrefix(path + ": ") { return ("", line.dropFirst(path.count + 2)) }
    return ("", nil)
  }
}
