import PrivacyAudit
import Testing

/// `ReportDiff` over hand-made profiles: how targets are matched and how changes are graded.
@Suite struct ReportDiffTests {
  private func profile(
    _ path: String, kind: String = "framework", identifier: String? = nil, _ items: [DiffAspect: [DiffItem]]
  ) -> TargetProfile {
    TargetProfile(path: path, kind: kind, bundleIdentifier: identifier, items: items)
  }

  /// The changes as `+aspect value` / `-aspect value` strings with their severity.
  private func summary(_ diff: ReportDiff) -> [String] {
    diff.targets.flatMap { target in
      target.changes.map {
        "\(target.name) \($0.direction == .added ? "+" : "-")\($0.aspect.rawValue) \($0.item.value) \($0.severity.rawValue)"
      }
    }
  }

  @Test func targetsAreMatchedByNameWhateverTheirFolder() {
    let old = [
      profile("v1/Kit.framework", [.categories: [DiffItem(value: "A")], .apis: [DiffItem(category: "A", value: "x")]])
    ]
    let new = [
      profile(
        "vendor/v2/Kit.framework",
        [
          .categories: [DiffItem(value: "A"), DiffItem(value: "B")],
          .apis: [DiffItem(category: "A", value: "x"), DiffItem(category: "A", value: "y", symbols: ["_y", "_y"])],
        ])
    ]
    let diff = ReportDiff(old: old, new: new)
    #expect(summary(diff) == ["Kit.framework +categories B error", "Kit.framework +apis y warning"])
    #expect(diff.targets.first?.oldPath == "v1/Kit.framework")
    #expect(diff.targets.first?.changes.last?.item.symbols == ["_y"])
    #expect(diff.hasAddition(atLeast: .error))
  }

  @Test func evidenceSymbolsAreNotCompared() {
    let old = [profile("Kit.framework", [.permissions: [DiffItem(value: "camera", symbols: ["_a"])]])]
    let new = [profile("Kit.framework", [.permissions: [DiffItem(value: "camera", symbols: ["_b"])]])]
    #expect(ReportDiff(old: old, new: new).targets.isEmpty)
  }

  @Test func removalsAreNotes() {
    let old = [
      profile(
        "Kit.framework", [.declaredCategories: [DiffItem(value: "A")], .permissions: [DiffItem(value: "camera")]])
    ]
    let new = [profile("Kit.framework", [:])]
    let diff = ReportDiff(old: old, new: new)
    #expect(summary(diff) == ["Kit.framework -permissions camera note", "Kit.framework -declaredCategories A note"])
    #expect(!diff.hasAddition(atLeast: .note))
  }

  @Test func aChangedSignerIsAnErrorAndANewOneANote() {
    let signed = [profile("K.xcframework", kind: "xcframework", [.signer: [DiffItem(value: "ad-hoc")]])]
    let resigned = [
      profile("K.xcframework", kind: "xcframework", [.signer: [DiffItem(value: "AppleDeveloperProgram:T")]])
    ]
    #expect(
      summary(ReportDiff(old: signed, new: resigned)) == [
        "K.xcframework -signer ad-hoc note", "K.xcframework +signer AppleDeveloperProgram:T error",
      ])
    #expect(summary(ReportDiff(old: [], new: resigned)) == ["K.xcframework +signer AppleDeveloperProgram:T note"])
  }

  @Test func namesFoundTwiceAreMatchedByPathAndTheRestAreGoneOrNew() {
    let old = [
      profile("a/Kit.framework", [.architectures: [DiffItem(value: "arm64")]]),
      profile("b/Kit.framework", [.architectures: [DiffItem(value: "arm64")]]),
    ]
    let new = [
      profile("a/Kit.framework", [.architectures: [DiffItem(value: "arm64")]]),
      profile("c/Kit.framework", [.architectures: [DiffItem(value: "x86_64")]]),
    ]
    let diff = ReportDiff(old: old, new: new)
    #expect(diff.targets.map { [$0.oldPath, $0.newPath] } == [["b/Kit.framework", nil], [nil, "c/Kit.framework"]])
    #expect(summary(diff) == ["Kit.framework -architectures arm64 note", "Kit.framework +architectures x86_64 note"])
  }

  @Test func theNameIsTheLastComponentAfterAnArchive() {
    #expect(profile("Kit.zip!/Kit.xcframework", [:]).name == "Kit.xcframework")
    #expect(profile("out.zip!/in.zip!/x/Kit.framework", [:]).name == "Kit.framework")
    #expect(
      TargetProfile.sliceItem(
        "arm64", binaryPath: "K.xcframework/ios-arm64/K.framework/K", targetPath: "K.xcframework", kind: "xcframework"
      )
      .value == "ios-arm64/arm64")
  }

  @Test func aRenamedTargetIsMatchedByItsBundleIdentifier() {
    let old = [
      profile(
        "v1/Legacy.framework", identifier: "com.example.kit", [.linkedLibraries: [DiffItem(value: "libz.dylib")]]),
      profile("v1/Kit.framework", identifier: "com.example.other", [:]),
    ]
    let new = [
      profile("v2/Kit.framework", identifier: "com.example.kit", [.linkedLibraries: [DiffItem(value: "libz.dylib")]])
    ]
    let diff = ReportDiff(old: old, new: new)
    #expect(diff.targets.map { [$0.oldPath, $0.newPath] } == [["v1/Legacy.framework", "v2/Kit.framework"]])
    #expect(summary(diff) == ["Kit.framework -name Legacy.framework note", "Kit.framework +name Kit.framework note"])
    #expect(diff.targets.last?.bundleIdentifier == "com.example.kit")
  }

  @Test func anIdentifierFoundTwiceFallsBackToNames() {
    let arm64 = [DiffAspect.architectures: [DiffItem(value: "arm64")]]
    let old = [
      profile("a/A.framework", identifier: "same", arm64), profile("a/B.framework", identifier: "same", arm64),
    ]
    let new = [profile("b/A.framework", identifier: "same", arm64)]
    let diff = ReportDiff(old: old, new: new)
    #expect(diff.targets.map { [$0.oldPath, $0.newPath] } == [["a/B.framework", nil]])
    #expect(summary(diff) == ["B.framework -architectures arm64 note"])
  }

  @Test func anAddedLinkedLibraryIsAWarningAndRpathsAndReasonsNotes() {
    // D's reason goes with D: reasons are compared under categories both versions declare.
    let reasons = [DiffItem(category: "C", value: "CA92.1"), DiffItem(category: "D", value: "35F9.1")]
    let old = [
      profile(
        "Kit.framework",
        [.declaredCategories: [DiffItem(value: "C"), DiffItem(value: "D")], .declaredReasons: reasons])
    ]
    let new = [
      profile(
        "Kit.framework",
        [
          .declaredCategories: [DiffItem(value: "C")],
          .linkedLibraries: [DiffItem(value: "/System/Library/Frameworks/AdSupport.framework/AdSupport")],
          .rpaths: [DiffItem(value: "@loader_path/Frameworks")],
          .declaredReasons: [DiffItem(category: "C", value: "1C8F.1")],
        ])
    ]
    #expect(
      summary(ReportDiff(old: old, new: new)) == [
        "Kit.framework -declaredCategories D note",
        "Kit.framework -declaredReasons CA92.1 note", "Kit.framework +declaredReasons 1C8F.1 note",
        "Kit.framework +linkedLibraries /System/Library/Frameworks/AdSupport.framework/AdSupport warning",
        "Kit.framework +rpaths @loader_path/Frameworks note",
      ])
  }

  @Test func aNewPlatformOfASliceIsANote() {
    let binary = "Kit.xcframework/ios-arm64_x86_64-simulator/Kit.framework/Kit"
    let items = { (platforms: [String]) in
      TargetProfile.binaryItems(
        architectures: ["arm64"], platforms: platforms, linkedLibraries: [], rpaths: [], binaryPath: binary,
        targetPath: "Kit.xcframework", kind: "xcframework")
    }
    let old = [TargetProfile(path: "Kit.xcframework", kind: "xcframework", items: items(["ios-simulator"]))]
    let new = [TargetProfile(path: "Kit.xcframework", kind: "xcframework", items: items(["ios-simulator", "xros"]))]
    #expect(
      summary(ReportDiff(old: old, new: new)) == ["Kit.xcframework +platforms ios-arm64_x86_64-simulator/xros note"])
  }
}
