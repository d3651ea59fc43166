import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 9's hostile files and folders, each scanned by the real `sdkvet` in a child process
/// under an address-space and a time limit (`ChildProcess`: its own seconds), next to a good SDK whose results must survive.
/// A hang, trap or blow-up fails the one test. The inputs are built here, by code (Docs/SECURITY.md).
@Suite struct HostileInputTests {
  /// The bound for each case: a clear answer within 2 seconds and 200 MB. The time
  /// limit of the child is looser (a loaded CI machine); the memory bound is asserted as is.
  static let peakLimitMiB = 200.0
  static let good = "NoManifestKit.framework"

  /// A tree holding a copy of the good sample SDK.
  private func treeWithGoodSDK() throws -> TemporaryTree {
    let tree = try TemporaryTree()
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("sdks/" + Self.good), toPath: tree.root + "/" + Self.good)
    return tree
  }

  /// Whether the run ended by itself within the bounds and the good SDK's finding is reported.
  private func expectBoundedWithGoodResult(_ run: ChildProcess.Outcome, _ context: Comment) {
    #expect(!run.timedOut, context)
    #expect(run.signal == nil, context)
    #expect(run.peakMiB < Self.peakLimitMiB, context)
    #expect(run.output.contains("\"missing-privacy-manifest\""), "good SDK's result lost: \(context)")
  }

  @Test func fifoNamedAsABundleExecutableIsOneUnreadableBinary() throws {
    let tree = try treeWithGoodSDK()
    try tree.plist("Piped.framework/Info.plist", ["CFBundleExecutable": "Piped"])
    expectOneUnreadableFIFO(at: "Piped.framework/Piped", in: tree)
  }

  /// Makes a FIFO at `relative` and scans the tree: one unreadable binary, nothing blocks.
  private func expectOneUnreadableFIFO(at relative: String, in tree: TemporaryTree) {
    #expect(mkfifo(tree.root + "/" + relative, 0o600) == 0)
    let run = ChildProcess().run(["scan", "--format", "json", tree.root])
    expectBoundedWithGoodResult(run, "FIFO at \(relative)")
    #expect(run.status == 1)
    #expect(run.output.contains("is a FIFO (named pipe), not a regular file"))
  }

  @Test func fifoNamedAsAnXCFrameworkLibraryIsOneUnreadableBinary() throws {
    let tree = try treeWithGoodSDK()
    try tree.plist(
      "Piped.xcframework/Info.plist",
      ["AvailableLibraries": [["LibraryIdentifier": "ios-arm64", "LibraryPath": "libPiped.a"]]])
    try FileManager.default.createDirectory(
      atPath: tree.root + "/Piped.xcframework/ios-arm64", withIntermediateDirectories: true)
    expectOneUnreadableFIFO(at: "Piped.xcframework/ios-arm64/libPiped.a", in: tree)
  }

  @Test func devicesFIFOsAndNonBinariesNamedDirectlyAreReported() throws {
    let tree = try treeWithGoodSDK()
    #expect(mkfifo(tree.root + "/pipe", 0o600) == 0)
    try tree.file("notes.txt", Array("hello".utf8))
    let inputs = ["/dev/zero", tree.root + "/pipe", tree.root + "/notes.txt", tree.root + "/" + Self.good]
    let run = ChildProcess().run(["scan", "--format", "json"] + inputs)
    expectBoundedWithGoodResult(run, "named directly")
    #expect(run.status == 1)
    #expect(run.error.contains("sdkvet: /dev/zero: is not a regular file or folder"))
    #expect(run.error.contains("/pipe: is not a regular file or folder"))
    #expect(
      run.error.contains(
        "/notes.txt: is not a binary (ELF, Mach-O or ar), an archive (zip, tar) or a bundle sdkvet reads"))
    // A path that holds no target fails the run even under --fail-on never (issue 25).
    let never = ChildProcess().run(["scan", "--format", "json", "--fail-on", "never", "/dev/zero"])
    #expect(never.status == 1)
    #expect(never.error.contains("/dev/zero: is not a regular file or folder"))
  }

  @Test func pathLongerThanPATHMAXIsReported() throws {
    let tree = try treeWithGoodSDK()
    let long = tree.root + String(repeating: "/" + String(repeating: "d", count: 200), count: 25)
    let run = ChildProcess().run(["scan", "--format", "json", long, tree.root + "/" + Self.good])
    expectBoundedWithGoodResult(run, "long path")
    #expect(run.status == 1)
    #expect(run.error.contains("no such file or folder, or a path too long to open"))
  }

  @Test func folderNamedWithAnInvalidUTF8ByteIsScannedAndOpened() throws {
    let tree = try TemporaryTree()
    let folder = Array((tree.root + "/Vendor").utf8) + [0xff]
    #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
    let sdk = folder + Array("/TrackerKit.framework".utf8)
    let copy = ChildProcess().run(["scan", "--format", "json", tree.root])
    #expect(copy.status == 1, "an empty folder is reported")
    // Copy the sample SDK in with cp, which takes the name as bytes.
    let cp = Process()
    cp.executableURL = URL(fileURLWithPath: "/bin/sh")
    cp.arguments = ["-c", "cp -R \"$0\" \"$1\"/", SampleLocator.sample("sdks/TrackerKit.framework"), tree.root]
    try cp.run()
    cp.waitUntilExit()
    let staged = tree.root + "/TrackerKit.framework"
    #expect(rename(staged, sdk.map { CChar(bitPattern: $0) } + [0]) == 0)

    let scan = ChildProcess().run(["scan", "--format", "json", tree.root])
    #expect(scan.signal == nil && !scan.timedOut)
    #expect(scan.output.contains("\"tracking-domains-missing\""), "the SDK under the non-UTF-8 folder was not audited")
    #expect(scan.output.contains("Vendor\\\\xff/TrackerKit.framework"), "the byte is shown escaped")

    let symbols = ChildProcess().run(byteArguments: [Array("symbols".utf8), sdk + Array("/TrackerKit".utf8)])
    #expect(symbols.status == 0, "\(symbols.error)")
    #expect(symbols.output.contains("_OBJC_CLASS_$_ASIdentifierManager"))
  }

  @Test func versionFolderLinkedOutsideTheRootIsNotRead() throws {
    let outside = try TemporaryTree()
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("sdks/NoManifestKit.framework/NoManifestKit"), toPath: outside.root + "/Evil")
    let tree = try TemporaryTree()
    try tree.link("Evil.framework/Versions/A", to: outside.root)
    try tree.link("Evil.framework/Versions/Current", to: "A")
    try tree.link("Evil.framework/Evil", to: "Versions/Current/Evil")
    try tree.plist(
      "Slice.xcframework/Info.plist",
      ["AvailableLibraries": [["LibraryIdentifier": "ios-arm64", "LibraryPath": "libSlice.a", "BinaryPath": "Evil"]]])
    try tree.link("Slice.xcframework/ios-arm64", to: outside.root)
    let run = ChildProcess().run(["scan", "--format", "json", tree.root])
    #expect(run.signal == nil && !run.timedOut)
    #expect(run.status == 1)
    #expect(!run.output.contains("_statfs"), "a binary outside the scanned folder was audited")
    #expect(run.error.contains("Evil.framework/Versions/A/Evil: leads outside the scanned path"))
  }

  @Test func corruptArchiveGivesTheSameAnswerNamedOrFoundInAFolder() throws {
    let tree = try TemporaryTree()
    try FileManager.default.copyItem(
      atPath: SampleLocator.sample("elf/broken/corrupt-member.a"), toPath: tree.root + "/libcorrupt.a")
    let direct = ChildProcess().run(["symbols", tree.root + "/libcorrupt.a"])
    let walked = ChildProcess().run(["symbols", tree.root])
    #expect(direct.status == 1)
    #expect(walked.status == direct.status)
    #expect(walked.error == direct.error)
  }

  @Test func fileTruncatedWhileItIsReadNeverKillsTheScan() throws {
    let tree = try treeWithGoodSDK()
    let path = tree.root + "/libgrowing.dylib"
    var bytes = try Array(
      Data(contentsOf: URL(fileURLWithPath: SampleLocator.sample("sdks/NoManifestKit.framework/NoManifestKit"))))
    bytes += [UInt8](repeating: 0, count: 64 << 20)
    for _ in 0..<3 {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let truncator = Thread {
        for size in stride(from: 64 << 20, through: 0, by: -(1 << 20)) { truncate(path, off_t(size)) }
      }
      truncator.start()
      let run = ChildProcess().run(["scan", "--format", "json", tree.root])
      expectBoundedWithGoodResult(run, "truncated while read")
      #expect(run.status == 1)
    }
  }

  @Test func controlSequencesInNamesNeverReachTheTerminal() throws {
    let folder = try HostileNames.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for command in [["scan", "--format", "text"], ["symbols"], ["info"]] {
      let run = ChildProcess().run(command + [folder.path])
      #expect(!run.timedOut && run.signal == nil && run.peakMiB < Self.peakLimitMiB, "\(command)")
      let raw = (run.output + run.error).unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
      #expect(raw.isEmpty, "\(command): raw control characters \(raw.map(\.value))")
      #expect(!(run.output + run.error).contains("\nsdkvet: error: forged"), "\(command): a forged line")
    }
  }

  @Test func repeatedKeysEscapingLibrariesHugePlistsAndFloodedManifestsAreEachReported() throws {
    let tree = try treeWithGoodSDK()
    let repeated = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
      <key>NSPrivacyTracking</key><false/><key>NSPrivacyTracking</key><true/></dict></plist>
      """
    try tree.file(
      "Repeats.framework/Repeats",
      Array(
        try Data(contentsOf: URL(fileURLWithPath: SampleLocator.sample("sdks/NoManifestKit.framework/NoManifestKit")))))
    try tree.file("Repeats.framework/PrivacyInfo.xcprivacy", Array(repeated.utf8))
    try tree.plist(
      "Escapes.xcframework/Info.plist",
      ["AvailableLibraries": [["LibraryIdentifier": "ios-arm64", "LibraryPath": "../../outside.a"]]])
    try tree.file("Huge.xcframework/Info.plist", Array(repeating: UInt8(ascii: " "), count: 9 << 20))
    let codes = String(repeating: "<string>ZZ.1</string>", count: 300_000)
    let flood = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSPrivacyAccessedAPITypes</key><array>
      <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryDiskSpace</string>
      <key>NSPrivacyAccessedAPITypeReasons</key><array>\(codes)</array></dict></array></dict></plist>
      """
    try tree.file(
      "Flood.framework/Flood",
      Array(
        try Data(contentsOf: URL(fileURLWithPath: SampleLocator.sample("sdks/NoManifestKit.framework/NoManifestKit")))))
    try tree.file("Flood.framework/PrivacyInfo.xcprivacy", Array(flood.utf8))
    let run = ChildProcess().run(["scan", "--format", "sarif", tree.root])
    expectBoundedWithGoodResult(run, "smaller ones")
    #expect(run.status == 1)
    #expect(run.output.contains("NSPrivacyTracking"), "the repeated key is reported")
    #expect(run.error.contains("../../outside.a"), "the escaping AvailableLibraries entry is reported")
    #expect(run.error.contains("larger than 8 MiB"), "the oversized Info.plist says so")
    #expect(run.output.contains("more invalid-reason-code findings about this file were left out"))
    #expect(run.output.utf8.count < 4 * flood.utf8.count, "the SARIF log stays near the manifest's size")
  }
}
