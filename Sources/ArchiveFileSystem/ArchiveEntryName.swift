import BinaryImage
import ScanFiles

/// An entry name made safe to show and to resolve: the components of a relative path that stays
/// inside the archive's root. A stored name that is absolute or climbs out with `..` (a
/// "zip-slip" entry) is refused; nothing is ever extracted, so refusing it here is the whole
/// defence: such an entry is never reachable, never named as if it were inside.
enum ArchiveEntryName {
  /// Why a stored name is not used.
  enum Refusal: Error, Equatable {
    case absolute, climbsOut, empty, tooLong
  }

  /// The components of `raw` (bytes as stored; non-UTF-8 bytes kept as `PathBytes` escapes),
  /// without `.` and empty parts.
  static func components(_ raw: [UInt8]) -> Result<[String], Refusal> {
    guard raw.count <= ArchiveLimits.nameBytes else { return .failure(.tooLong) }
    let text = PathBytes.decode(raw)
    if text.hasPrefix("/") || text.hasPrefix("\\") || text.dropFirst().hasPrefix(":") {
      return .failure(.absolute)
    }
    var parts: [String] = []
    for part in text.split(whereSeparator: { $0 == "/" || $0 == "\\" }) where part != "." {
      guard part != ".." else { return .failure(.climbsOut) }
      parts.append(String(part))
    }
    return parts.isEmpty ? .failure(.empty) : .success(parts)
  }

  /// A refusal as the report states it.
  static func describe(_ refusal: Refusal) -> String {
    switch refusal {
    case .absolute: "is an absolute path; not read (sdkvet extracts nothing, and never names it as inside the archive)"
    case .climbsOut:
      "climbs out of the archive with '..'; not read (sdkvet extracts nothing, and never names it as inside the archive)"
    case .empty: "has an empty name; not read"
    case .tooLong: "has a name longer than \(ArchiveLimits.nameBytes) bytes; not read"
    }
  }
}
