import Foundation
import TestSupport
import Testing

/// Scanning an archive gives the answer scanning the same tree unpacked gives: the same
/// targets, findings and evidence, paths aside. Each archive is unpacked here by a tool other
/// than libarchive (`unzip`, `tar`), so the two readings are independent.
@Suite(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) struct ArchiveScanTests {
  /// The JSON report of `sdkvet scan` over `path`, as Foundation objects.
  private func report(_ path: String) throws -> [String: Any] {
    let run = ChildProcess().run(["scan", "--format", "json", "--fail-on", "never", path])
    #expect(run.status == 0, "\(path): \(run.error)")
    return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  /// `value` with every occurrence of `prefix` in its strings replaced by `replacement`.
  private func replacing(_ prefix: String, with replacement: String, in value: Any) -> Any {
    switch value {
    case let text as String: text.replacingOccurrences(of: prefix, with: replacement)
    case let array as [Any]: array.map { replacing(prefix, with: replacement, in: $0) }
    case let object as [String: Any]: object.mapValues { replacing(prefix, with: replacement, in: $0) }
    default: value
    }
  }

  /// The targets of both reports, serialized with sorted keys so they compare as text.
  private func comparableTargets(_ report: [String: Any]) throws -> String {
    let targets = (report["targets"] as? [[String: Any]] ?? []).map { target in
      target.filter { $0.key != "signatureReceipts" }
    }
    let data = try JSONSerialization.data(withJSONObject: targets, options: [.sortedKeys, .prettyPrinted])
    return String(decoding: data, as: UTF8.self)
  }

  @Test(arguments: [
    ("GoodKit.xcframework.zip", "unzip"), ("MacKit.framework.zip", "unzip"), ("SampleApp.ipa", "unzip"),
    ("Kits.tar.gz", "tar"), ("Kits.tar.xz", "tar"),
  ])
  func archiveScansLikeItsUnpackedTree(archive: String, unpacker: String) throws {
    guard let tool = ReferenceTools.onPath(unpacker) else {
      Issue.record("\(unpacker) is not installed; Scripts/setup installs it")
      return
    }
    let tree = try TemporaryTree()
    let path = SampleLocator.sample("archives/" + archive)
    let arguments = unpacker == "unzip" ? ["-q", path, "-d", tree.root] : ["-xf", path, "-C", tree.root]
    _ = try ReferenceTools.output(of: tool, arguments)
    let packed = try report(path)
    let unpacked = replacing(tree.root, with: path + "!", in: try report(tree.root))
    #expect(try comparableTargets(packed) == comparableTargets(unpacked as? [String: Any] ?? [:]))
    #expect(!(packed["targets"] as? [Any] ?? []).isEmpty)
    let archives = packed["archives"] as? [[String: Any]] ?? []
    #expect(archives.map { $0["path"] as? String } == [path])
  }

  /// An .aar is one target named after the archive, holding each ABI's library, with the
  /// evidence the same libraries give unpacked.
  @Test func androidArchiveIsOneTargetWithItsLibraries() throws {
    let path = SampleLocator.sample("archives/NativeFile.aar")
    let targets = try report(path)["targets"] as? [[String: Any]] ?? []
    #expect(targets.count == 1)
    let target = try #require(targets.first)
    #expect(target["path"] as? String == path)
    #expect(target["kind"] as? String == "android-archive")
    let binaries = (target["binaries"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    #expect(binaries == [path + "!/jni/arm64-v8a/libnativefile.so", path + "!/jni/x86_64/libnativefile.so"])
    let uses = (target["apiUses"] as? [[String: Any]] ?? []).compactMap { $0["symbol"] as? String }
    #expect(uses == ["stat", "stat"])
    let permissions = try #require(target["androidPermissions"] as? [[String: Any]])
    #expect(
      permissions.map { "\($0["name"] ?? "") \($0["maxSdkVersion"] ?? "") \($0["onlyFromSdk23"] ?? "")" } == [
        "android.permission.ACCESS_COARSE_LOCATION <null> 1", "android.permission.ACCESS_FINE_LOCATION <null> 0",
        "android.permission.INTERNET <null> 0", "android.permission.WRITE_EXTERNAL_STORAGE 28 0",
        "com.google.android.gms.permission.AD_ID <null> 0",
      ])
  }

  /// The text report lists the permissions beside the libraries, `android.permission.` left out.
  @Test func androidPermissionsAreOneLineOfTheTextReport() {
    let run = ChildProcess().run([
      "scan", "--no-color", "--fail-on", "never", SampleLocator.sample("archives/NativeFile.aar"),
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.output.contains(
        """
          android   permissions ACCESS_COARSE_LOCATION (API 23+), ACCESS_FINE_LOCATION, INTERNET,
                    WRITE_EXTERNAL_STORAGE (up to API 28), com.google.android.gms.permission.AD_ID
        """), "\(run.output)")
  }

  /// `listed-sdk-unsigned` (ITMS-91065) fires on the listed SDK whose receipt says it was not
  /// signed (FMDB in the sample .ipa), on the unsigned FBAEMKit copy named Renamed.xcframework,
  /// and nowhere else among the samples.
  @Test func listedSDKUnsignedFiresOnlyOnTheUnsignedListedSDK() throws {
    let report = try report(SampleLocator.sample(""))
    let targets = report["targets"] as? [[String: Any]] ?? []
    let fired = targets.filter { target in
      (target["findings"] as? [[String: Any]] ?? []).contains { $0["rule"] as? String == "listed-sdk-unsigned" }
    }
    #expect(
      fired.compactMap { $0["path"] as? String } == [
        SampleLocator.sample("archives/SampleApp.ipa!/Payload/SampleApp.app/Frameworks/FMDB.framework"),
        SampleLocator.sample("sdks/Renamed.xcframework"),
      ])
    let finding = (fired.first?["findings"] as? [[String: Any]] ?? []).first {
      $0["rule"] as? String == "listed-sdk-unsigned"
    }
    #expect(finding?["appStoreCode"] as? String == "ITMS-91065")
  }
}

/// A real folder named like an archive's inside (`Vendor.zip!` beside `Vendor.zip`, issue 22
/// case 2) is never read as the archive, nor silently skipped: it is one clear problem and the
/// archive beside it is read as usual.
/// A folder whose name ends in `!` would read as an archive's inside: it is refused, and the
/// refusal is in the report in every format, never on standard error alone (issue 32).
@Suite struct ArchivePathCollisionTests {
  /// A folder holding `Vendor.zip` and a real folder `Vendor.zip!` beside it.
  private func collidingTree() throws -> TemporaryTree {
    let tree = try TemporaryTree()
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("archives/GoodKit.xcframework.zip"), toPath: tree.root + "/Vendor.zip")
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("sdks/NoManifestKit.framework"),
      toPath: tree.root + "/Vendor.zip!/NoManifestKit.framework")
    return tree
  }

  @Test func aFolderNamedLikeAnArchivesInsideIsAProblem() throws {
    let tree = try collidingTree()
    let run = ChildProcess().run(["scan", "--format", "json", tree.root])
    #expect(run.status == 1, "a problem fails the run: \(run.error)")
    #expect(run.error.contains("Vendor.zip!: its name ends in \"!\""), "\(run.error)")
    #expect(run.output.contains("Vendor.zip!/GoodKit.xcframework"), "the archive is read")
    #expect(!run.output.contains("NoManifestKit"), "the folder is not read as the archive")
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let problems = try #require(report["problems"] as? [[String: Any]])
    #expect(problems.count == 1)
    #expect(problems.first?["path"] as? String == tree.root + "/Vendor.zip!")
    #expect((problems.first?["message"] as? String)?.contains("its name ends in \"!\"") == true)
    #expect(problems.first?["unusableInput"] as? Bool == false)
  }

  /// `--fail-on never` keeps the exit status 0, but no format reads as a clean run: SARIF's
  /// invocation fails with a notification, the others list the path as not read.
  @Test(arguments: ["text", "markdown", "sarif", "html", "json"])
  func theRefusalIsInEveryFormat(format: String) throws {
    let tree = try collidingTree()
    let run = ChildProcess().run(["scan", "--format", format, "--fail-on", "never", "--no-color", tree.root])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("its name ends in"), "\(format): \(run.output.suffix(600))")
    switch format {
    case "sarif":
      #expect(run.output.contains(#""executionSuccessful": false"#))
      #expect(run.output.contains(#""toolExecutionNotifications""#))
    case "json": break
    default: #expect(run.output.contains("1 path not read"), "\(format)")
    }
  }
}

/// A name stored three times under spellings extractors fold into one (`Samples/archives/DuplicateKit.zip`):
/// every copy is audited, and the name is an `archive-entry-ambiguous` warning in every format.
@Suite(.enabled(if: ArchiveSupport.isAvailable, ArchiveSupport.skipReason)) struct AmbiguousArchiveEntryTests {
  static let path = SampleLocator.sample("archives/DuplicateKit.zip")

  @Test func everyCopyIsAuditedAndTheNameIsOneFinding() throws {
    let run = ChildProcess().run(["scan", "--format", "json", "--fail-on", "never", Self.path])
    #expect(run.status == 0, "\(run.error)")
    let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let target = try #require((report["targets"] as? [[String: Any]])?.first)
    let framework = Self.path + "!/DuplicateKit.framework/"
    let binaries = (target["binaries"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    #expect(
      binaries.sorted() == ["DuplicateKit", "DuplicateKit\\copy-1", "DuplicateKit\\copy-2"].map { framework + $0 })
    let findings = target["findings"] as? [[String: Any]] ?? []
    let ambiguous = findings.filter { $0["rule"] as? String == "archive-entry-ambiguous" }
    #expect(ambiguous.count == 1)
    #expect(ambiguous.first?["severity"] as? String == "warning")
    let message = ambiguous.first?["message"] as? String ?? ""
    #expect(message.contains("stored 3 times") && message.contains("DuplicateKit\\copy-2"))
    // The APIs of the earlier copies count: the first uses statfs, the second NSUserDefaults.
    let used = target["usedCategories"] as? [String] ?? []
    let earlierCopies = ["NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryUserDefaults"]
    #expect(Set(used).isSuperset(of: earlierCopies))
  }

  @Test(arguments: ["text", "markdown", "sarif", "html"])
  func theFindingIsInEveryFormat(format: String) {
    let run = ChildProcess().run(["scan", "--format", format, "--fail-on", "never", "--no-color", Self.path])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("archive-entry-ambiguous"))
  }
}
