import Foundation
import Testing

/// Compares `actual` with the golden file `Snapshots/<name>`.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the golden is rewritten and the test fails, so a
/// re-record can never pass silently: run once to record, review the diff, run again to pass.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    do {
      try Data(actual.utf8).write(to: url)
      Issue.record("Recorded \(name); run again without RECORD_SNAPSHOTS to compare.", sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not record \(name): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
    Issue.record("No golden file \(url.path); record it with RECORD_SNAPSHOTS=1.", sourceLocation: sourceLocation)
    return
  }
  guard actual != expected else { return }
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let line =
    Array(zip(actualLines, expectedLines)).firstIndex { $0 != $1 } ?? min(actualLines.count, expectedLines.count)
  let got = line < actualLines.count ? String(actualLines[line]) : "<end of output>"
  let want = line < expectedLines.count ? String(expectedLines[line]) : "<end of golden>"
  Issue.record(
    "\(name) differs at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)\nRe-record with RECORD_SNAPSHOTS=1 if the change is intended.",
    sourceLocation: sourceLocation)
}
