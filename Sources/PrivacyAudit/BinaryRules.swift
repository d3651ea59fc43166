import BinaryImage
import TargetDiscovery

/// `unreadable-binary`: every file that presents itself as a binary and could not be read, in
/// whole or in part, is reported; the scan goes on with the rest.
enum BinaryRules {
  static func findings(_ audit: TargetAudit) -> [Finding] {
    audit.binaries.flatMap { binary in
      binary.failures.map { failure in
        let whole = binary.images.isEmpty
        return Finding(
          rule: .unreadableBinary, severity: .error, category: nil,
          message:
            "\(whole ? "Binary" : "Part of binary") could not be read, so its API uses are unknown: \(failure.rendered(path: binary.file.path)).",
          file: binary.file.path)
      }
    }
  }
}
