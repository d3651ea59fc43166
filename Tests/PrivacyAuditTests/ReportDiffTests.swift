import AuditModel
import BinaryImage
import PrivacyAudit
import ScanFiles
import Testing

/// `ReportDiff` over hand-made profiles: how targets are matched and how changes are graded.
@Suite struct ReportDiffTests {
  private func profile(
    _ path: String, kind: String = "framework", identifier: String? = nil, _ items: [DiffAspect: [DiffItem]]
  ) -> TargetProfile {
    TargetProfile(path: ScanPath(path), kind: kind, bundleIdentifier: identifier, items: items)
  }

  /// The changes as `+aspect value` / `-aspect value` strings with their severity.
  private static let signs: [DiffChange.Direction: String] = [.added: "+", .removed: "-", .notComparable: "?"]

  private func summary(_ diff: ReportDiff) -> [String] {
    diff.targets.flatMap { target in
      target.changes.map {
        "\(target.name) \(Self.signs[$0.direction] ?? "")\($0.aspect.rawValue) \($0.item.value) \($0.severity.rawValue)"
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
    #expect(diff.hasGatedChange(atLeast: .error))
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
    #expect(!diff.hasGatedChange(atLeast: .note))
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
      TargetProfile.slice(
        ofBinary: "K.xcframework/ios-arm64/K.framework/K", targetPath: "K.xcframework", kind: "xcframework")
        == "ios-arm64")
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

  /// An xcframework of `slices`, each holding one binary `K.framework/K` built for `platform`
  /// with `libraries`; `items` as given.
  private func xcframework(
    _ slices: [(identifier: String, platforms: [String], libraries: [String])], _ items: [DiffAspect: [DiffItem]] = [:]
  ) -> TargetProfile {
    let binaries = slices.map { slice in
      BinarySummary(
        path: ScanPath("Kit.xcframework/\(slice.identifier)/K.framework/K"), format: .machO, architectures: ["arm64"],
        platforms: slice.platforms, linkedLibraries: slice.libraries.map { LinkedLibrary(name: $0, kind: .normal) },
        rpaths: ["/usr/lib/swift"])
    }
    return TargetProfile(path: "Kit.xcframework", kind: "xcframework", items: items, binaries: binaries)
  }

  @Test func aNewPlatformOfASliceIsANote() {
    let old = [xcframework([("ios-arm64_x86_64-simulator", ["ios-simulator"], [])])]
    let new = [xcframework([("ios-arm64_x86_64-simulator", ["ios-simulator", "xros"], [])])]
    #expect(
      summary(ReportDiff(old: old, new: new)) == ["Kit.xcframework +platforms ios-arm64_x86_64-simulator/xros note"])
  }

  @Test func aSliceNewOrGoneIsOneChangeWithItsCounts() {
    let libraries = ["/usr/lib/libSystem.B.dylib", "/usr/lib/swift/libswiftCore.dylib"]
    let old = [xcframework([("ios-arm64", ["ios"], libraries), ("ios-arm64-maccatalyst", ["maccatalyst"], libraries)])]
    let new = [xcframework([("ios-arm64", ["ios"], libraries), ("macos-arm64_x86_64", ["macos"], libraries)])]
    let diff = ReportDiff(old: old, new: new)
    #expect(
      summary(diff) == [
        "Kit.xcframework -slices ios-arm64-maccatalyst warning", "Kit.xcframework +slices macos-arm64_x86_64 note",
      ])
    #expect(diff.targets.first?.changes.last?.item.detail == "1 binary, 2 linked libraries")
    #expect(diff.hasGatedChange(atLeast: .warning), "a slice gone counts against the gate")
  }

  @Test func linkedLibrariesAreComparedPerPlatformAcrossSlices() {
    let core = "/usr/lib/swift/libswiftCore.dylib"
    let old = [xcframework([("ios-arm64", ["ios"], []), ("ios-arm64-simulator", ["ios-simulator"], [core])])]
    let new = [
      xcframework([
        ("ios-arm64", ["ios"], [core, "/usr/lib/libz.dylib"]), ("ios-arm64-simulator", ["ios-simulator"], [core]),
      ])
    ]
    let diff = ReportDiff(old: old, new: new)
    // libswiftCore was already linked on ios (by the simulator slice); libz is new, once.
    #expect(summary(diff) == ["Kit.xcframework +linkedLibraries /usr/lib/libz.dylib warning"])
    #expect(diff.targets.first?.changes.first?.item.slices == ["ios-arm64"])
  }

  @Test func slicePrefixedPathsHaveOneSlash() {
    let profile = xcframework([("ios-arm64", ["ios"], [])])
    #expect(profile.items(of: .rpaths).map(\.value) == ["ios-arm64/usr/lib/swift"])
  }

  @Test func categoriesAndAPIsNameTheirSlicesAndWhetherTheNewManifestDeclaresThem() {
    let api = DiffItem(category: "UserDefaults", value: "UserDefaults", slices: ["ios-arm64"])
    let old = [xcframework([("ios-arm64", ["ios"], [])])]
    let new = [
      xcframework(
        [("ios-arm64", ["ios"], [])],
        [
          .categories: [DiffItem(value: "UserDefaults")], .apis: [api],
          .declaredCategories: [DiffItem(value: "UserDefaults")],
        ])
    ]
    let changes = ReportDiff(old: old, new: new).allChanges.filter { $0.aspect == .categories || $0.aspect == .apis }
    #expect(changes.map(\.item.slices) == [["ios-arm64"], ["ios-arm64"]])
    #expect(changes.map(\.declaredInNewVersion) == [true, true])
    let undeclared = [xcframework([("ios-arm64", ["ios"], [])], [.categories: [DiffItem(value: "UserDefaults")]])]
    #expect(ReportDiff(old: old, new: undeclared).allChanges.map(\.declaredInNewVersion) == [false])
  }

  /// A slice whose binary became unreadable is that warning, and one "not comparable" line: what
  /// was in it (its architecture) is neither removed nor added.
  /// A manifest that could not be read in the new version leaves its declarations unknown: none
  /// is reported removed, a new use is not said to be undeclared, and one warning says why.
  @Test func aManifestThatBecameUnreadableLeavesTheDeclarationsUncompared() {
    let declared = [DiffItem(value: "A"), DiffItem(value: "B")]
    let old = TargetProfile(
      path: "Kit.framework", kind: "framework",
      items: [
        .categories: [DiffItem(value: "A")], .declaredCategories: declared,
        .tracking: [DiffItem(value: "declared-tracking")],
      ])
    let new = TargetProfile(
      path: "Kit.framework", kind: "framework",
      items: [.categories: [DiffItem(value: "A"), DiffItem(value: "C")], .declaredCategories: [DiffItem(value: "A")]],
      readEveryManifest: false)
    let diff = ReportDiff(old: [old], new: [new])
    #expect(
      summary(diff) == ["Kit.framework ?declaredCategories manifests warning", "Kit.framework +categories C error"])
    let added = diff.targets.first?.changes.last
    #expect(added?.declaredInNewVersion == nil)
    #expect(
      diff.targets.first?.changes.first?.item.detail
        == "not comparable: a privacy manifest of the new version could not be read")
    // Read in both versions, the same change is a removal, and the new use is known undeclared.
    let read = ReportDiff(old: [old], new: [TargetProfile(path: "Kit.framework", kind: "framework", items: new.items)])
    #expect(summary(read).contains("Kit.framework -declaredCategories B note"))
    #expect(read.targets.first?.changes.first { $0.item.value == "C" }?.declaredInNewVersion == false)
  }

  @Test func aBinaryThatBecameUnreadableIsAWarning() {
    let readable = BinarySummary(
      path: "Kit.xcframework/ios-arm64/K.framework/K", format: .machO, architectures: ["arm64"])
    let missing = BinarySummary(path: readable.path, format: .unreadable, architectures: [])
    let profile = { (binary: BinarySummary) in
      TargetProfile(path: "Kit.xcframework", kind: "xcframework", items: [:], binaries: [binary])
    }
    #expect(
      summary(ReportDiff(old: [profile(readable)], new: [profile(missing)])) == [
        "Kit.xcframework ?slices ios-arm64 warning",
        "Kit.xcframework +unreadableBinaries ios-arm64/K.framework/K warning",
      ])
    #expect(
      summary(ReportDiff(old: [profile(missing)], new: [profile(missing)])).isEmpty, "nothing known on either side")
  }

  @Test func aPlatformKeepsItsSlicesAndTheTargetsBuiltForIt() {
    let profile = xcframework(
      [
        ("ios-arm64", ["ios"], []), ("ios-arm64_x86_64-simulator", ["ios-simulator"], []),
        ("macos-arm64", ["macos"], []),
      ],
      [
        .apis: [DiffItem(category: "C", value: "x", slices: ["macos-arm64"])],
        .declaredCategories: [DiffItem(value: "C")],
      ])
    let ios = profile.restricted(to: .ios)
    #expect(ios?.slices.map(\.identifier) == ["ios-arm64", "ios-arm64_x86_64-simulator"])
    #expect(ios?.items(of: .apis).isEmpty == true)
    #expect(ios?.items(of: .declaredCategories).count == 1)
    #expect(profile.restricted(to: .tvos) == nil)
    #expect(PlatformFamily(sliceIdentifier: "ios-arm64_x86_64-maccatalyst") == .maccatalyst)
    #expect(PlatformFamily(sliceIdentifier: "xros-arm64") == .visionos)
    #expect(PlatformFamily(reportPlatform: "watchos-simulator") == .watchos)
  }
}
