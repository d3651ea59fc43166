import Foundation
import TestSupport
import Testing

/// Issue 10's hostile archives (`Samples/hostile/archives.py` writes them), each scanned by the
/// real `sdkvet` in a child process under an address-space and a time limit (`ChildProcess`: its own seconds): one clear
/// line, exit status 1, bounded time and memory, and the good SDK beside it still reported.
@Suite(.serialized, .enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) struct HostileArchiveTests {
  /// The folder the generator wrote, made once for the suite.
  static let folder: String? = {
    // A folder of this run's own: test runs in other checkouts write theirs at the same time.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sdkvet-hostile-archives-\(UUID().uuidString)").path
    guard
      let python = ReferenceTools.onPath("python3"),
      (try? ReferenceTools.output(of: python, [SampleLocator.sample("hostile/archives.py"), folder])) != nil,
      FileManager.default.fileExists(atPath: folder + "/ebcdic-manifest.aar")
    else { return nil }
    return folder
  }()

  /// Peak memory allowed: the biggest entry these archives make sdkvet read is 16 MiB of a bomb
  /// before its ratio is judged, so a scan holding anything like a whole bomb fails.
  static let peakLimitMiB = 150.0

  /// Scans `name` beside the good sample SDK and checks the bounds and the good result.
  private func scan(_ name: String) throws -> ChildProcess.Outcome {
    let folder = try #require(Self.folder, "Samples/hostile/archives.py could not run (python3 missing?)")
    var child = ChildProcess()
    child.timeLimit = 60
    let run = child.run([
      "scan", "--format", "json", folder + "/" + name, SampleLocator.sample("sdks/NoManifestKit.framework"),
    ])
    #expect(!run.timedOut, "\(name)")
    #expect(run.signal == nil, "\(name)")
    #expect(run.peakMiB < Self.peakLimitMiB, "\(name): \(run.peakMiB) MiB")
    #expect(run.status == 1, "\(name)")
    #expect(run.output.contains("\"missing-privacy-manifest\""), "good SDK's result lost beside \(name)")
    // Never standard error alone: every path refused or not read is a problem of the report.
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let problems = (report["problems"] as? [[String: Any]] ?? []).map {
      "sdkvet: \($0["path"] as? String ?? ""): \($0["message"] as? String ?? "")"
    }
    #expect(problems == run.error.split(separator: "\n").map(String.init), "\(name)")
    return run
  }

  /// The JSON report's target whose path ends with `suffix`.
  private func target(_ run: ChildProcess.Outcome, endingWith suffix: String) throws -> [String: Any]? {
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    return (report["targets"] as? [[String: Any]] ?? []).first { ($0["path"] as? String)?.hasSuffix(suffix) == true }
  }

  /// The lines of standard error that name `name`.
  private func errorLines(_ run: ChildProcess.Outcome, naming name: String) -> [Substring] {
    run.error.split(separator: "\n").filter { $0.contains(name) }
  }

  @Test(arguments: [
    ("corrupt.zip", "cannot be opened as an archive"), ("truncated.zip", "cannot be opened as an archive"),
    ("not-a-zip.zip", "is not a binary (ELF, Mach-O or ar), an archive (zip, tar) or a bundle"),
    ("bomb.tar.gz", "a decompression bomb; not read"),
    ("nested.zip", "sdkvet opens one level of nesting, no further"),
    ("bang-entry.zip", "its name ends in \"!\", which sdkvet's paths use for an archive's inside; not read"),
    ("ebcdic-manifest.aar", "the XML is in EBCDIC"),
  ])
  func unreadableArchivesAreOneLine(name: String, message: String) throws {
    let run = try scan(name)
    let lines = errorLines(run, naming: name)
    #expect(lines.count == 1, "\(name): \(lines)")
    #expect(lines.first?.contains(message) == true, "\(name): \(lines)")
  }

  @Test(arguments: [
    ("bomb.zip", "Bomb.framework/Bomb", "a decompression bomb; not read"),
    ("claims-gigabytes.zip", "Huge.framework/Huge", "claims 3 GiB expanded"),
    ("encrypted.zip", "Locked.framework/Locked", "is encrypted; sdkvet does not decrypt"),
    ("corrupt-entry.zip", "Broken.framework/Broken", "archive entry data"),
  ])
  func unreadableEntriesAreOneUnreadableBinaryAndTheRestIsRead(name: String, entry: String, message: String) throws {
    let run = try scan(name)
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let findings = (report["targets"] as? [[String: Any]] ?? []).flatMap { $0["findings"] as? [[String: Any]] ?? [] }
    let unreadable = findings.filter { $0["rule"] as? String == "unreadable-binary" }
    #expect(unreadable.count == 1, "\(name)")
    #expect((unreadable.first?["message"] as? String)?.contains(entry + ": ") == true)
    #expect((unreadable.first?["message"] as? String)?.contains(message) == true)
    // GoodKit.xcframework, stored beside the hostile entry, is read as usual.
    #expect(run.output.contains(name + "!/GoodKit.xcframework\""), "\(name)")
  }

  @Test func entriesLeavingTheArchiveAreNamedOnceAndNeverRead() throws {
    let run = try scan("slip.zip")
    let lines = errorLines(run, naming: "slip.zip")
    #expect(lines.count == 2)
    #expect(lines.contains { $0.contains("!/../../evil.dylib: climbs out of the archive with '..'; not read") })
    #expect(lines.contains { $0.contains("/tmp/evil.dylib: is an absolute path; not read") })
    // Named only as problems of the report, never as a target or a binary read.
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let targets = try JSONSerialization.data(withJSONObject: report["targets"] ?? [])
    #expect(!String(decoding: targets, as: UTF8.self).contains("evil.dylib"))
  }

  @Test func linksLeavingTheArchiveAreNotFollowed() throws {
    let run = try scan("links-out.zip")
    let lines = errorLines(run, naming: "links-out.zip")
    #expect(lines.count == 2, "\(lines)")
    #expect(
      lines.contains {
        $0.contains(
          "LinkKit.framework/LinkKit: leads outside the scanned path (to ../../../../etc/passwd, outside the archive)")
      })
    #expect(
      lines.contains {
        $0.contains(
          "LinkKit.framework/Resources: symbolic link leads outside the scanned path (to /etc, outside the archive)")
      })
  }

  /// Issue 22, case 5: an archive's entries are read in one pass, and what reads decompress in
  /// all is bounded by the archive's size, so each case costs about what its files cost unpacked.
  @Test func manySmallEntriesAreReadInOnePass() throws {
    for name in ["many-objects.zip", "zeros-first.tar.gz"] {
      let run = try scan(name)
      #expect(run.seconds < 5, "\(name): \(run.seconds) s")
      let objects = run.output.components(separatedBy: "\"path\": \"").filter { $0.contains("!/objects/") }
      #expect(objects.count >= 800, "\(name): every object is a target with its binary (\(objects.count))")
      #expect(!run.output.contains("unreadable-binary"), "\(name)")
    }
  }

  /// Issue 22, case 5: an entry is decompressed only as far as its tables reach, so 2,000
  /// entries of 2 MiB whose headers declare nothing are each read from their first bytes, with
  /// the verdict their files get unpacked (`Scripts/bench-scan --only hostile-archives` times both).
  @Test func entriesAreReadAsFarAsTheirTablesReach() throws {
    let run = try scan("many-large.zip")
    #expect(run.seconds < 8, "\(run.seconds) s")
    let entries = run.output.components(separatedBy: "\"path\": \"").filter {
      $0.prefix { $0 != "\"" }.contains("many-large.zip!/large/")
    }
    #expect(entries.count == 2 * 2000, "each entry is a target and its binary (\(entries.count))")
    #expect(!run.output.contains("unreadable-binary"))
    #expect(run.output.contains("many-large.zip!/GoodKit.xcframework\""), "the good entry is read")
  }

  @Test func entriesThatExpandPastTheArchivesBoundAreRefused() throws {
    let run = try scan("spanning-large.zip")
    #expect(run.seconds < 8, "\(run.seconds) s")
    #expect(run.output.contains("past what sdkvet reads from one archive; not read"))
    #expect(run.output.contains("spanning-large.zip!/GoodKit.xcframework\""), "the good entry is read")
  }

  /// Which binaries the bound refuses is the archive's doing: the first in entry order are read,
  /// the rest refused, the same on every run however the cores reach them (counted as reads came
  /// in, three scans gave three reports).
  @Test func theBoundRefusesTheSameBinariesOnEveryRun() throws {
    let runs = try (0..<3).map { _ in try scan("spanning-large.zip") }
    #expect(Set(runs.map(\.output)).count == 1, "the reports differ from run to run")
    let first = try #require(try target(runs[0], endingWith: "spanning-large.zip!/large/0000.dylib"))
    let last = try #require(try target(runs[0], endingWith: "spanning-large.zip!/large/1999.dylib"))
    let outcome = { (target: [String: Any]) in (target["appStoreVerdict"] as? [String: Any])?["outcome"] as? String }
    #expect(outcome(first) == "will-accept", "\(first)")
    #expect(outcome(last) == "cannot-tell", "\(last)")
  }

  /// The documents the bound refuses are the archive's doing too: read in the targets' order
  /// before the targets are audited on every core, the first manifests are read and the rest
  /// refused on every run (read as each target was audited, each run refused others), each an
  /// `unreadable-privacy-manifest` that leaves its target's verdict open.
  @Test func theBoundRefusesTheSameManifestsOnEveryRun() throws {
    let runs = try (0..<3).map { _ in try scan("large-manifests.zip") }
    #expect(Set(runs.map(\.output)).count == 1, "the reports differ from run to run")
    let outcome = { (name: String) throws -> (refused: Bool, verdict: String?) in
      let target = try #require(try target(runs[0], endingWith: "large-manifests.zip!/\(name).framework"))
      let findings = target["findings"] as? [[String: Any]] ?? []
      let refused = findings.contains {
        $0["rule"] as? String == "unreadable-privacy-manifest"
          && ($0["message"] as? String)?.contains("past what sdkvet reads from one archive") == true
      }
      return (refused, (target["appStoreVerdict"] as? [String: Any])?["outcome"] as? String)
    }
    #expect(try outcome("Kit00") == (false, "will-accept"))
    // Unread, the manifest is not judged invalid, nor its categories missing: the verdict is open.
    #expect(try outcome("Kit59") == (true, "cannot-tell"))
  }

  /// A file stored after a link and under it (`Staging -> CleanKit.framework`, then
  /// `Staging/CleanKit`) is the binary tar extractors install as `CleanKit.framework/CleanKit`:
  /// it is audited under that name, the clean copy stored before it as well, and the name is an
  /// `archive-entry-ambiguous` warning; nothing is left on standard error alone.
  @Test(arguments: ["through-link.tar", "through-link.zip"])
  func aFileWrittenThroughALinkIsAuditedWhereItInstalls(name: String) throws {
    let run = try scan(name)
    let target = try #require(try target(run, endingWith: name + "!/CleanKit.framework"))
    let rules = Set((target["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
    #expect(rules.contains("archive-entry-ambiguous"), "\(rules)")
    let tracking = target["tracking"] as? [String: Any]
    #expect(
      tracking?["readsAdvertisingIdentifier"] as? Bool == true, "TrackerKit's binary, installed as CleanKit, is audited"
    )
    #expect(run.output.contains("CleanKit.framework/CleanKit\\\\copy-1"), "the clean copy is read too")
    #expect(errorLines(run, naming: name).isEmpty, "\(run.error)")
  }

  @Test func thousandsOfEntriesStopAtTheLimit() throws {
    let run = try scan("many-entries.zip")
    let lines = errorLines(run, naming: "many-entries.zip")
    #expect(lines.count == 1)
    #expect(lines.first?.contains("holds more than 100000 entries; the rest are not read") == true)
  }
}
