import ScanFiles
import Testing

@Suite struct ScanPathTests {
  /// "Inside the scanned root" is one decision, by whole components, across archive boundaries.
  @Test(arguments: [
    ("App/Pods/Kit", "App", true),
    ("App", "App", true),
    ("App/", "App", true),
    ("Apple/Pods/Kit", "App", false),
    ("App.zip!/Pods/Kit", "App.zip", true),
    ("App.zip!", "App.zip", true),
    ("App.zip!/Pods/Kit", "App.zip!", true),
    ("App.zip!/Pods/Kit", "App.zip!/Pods", true),
    ("App.zip!/PodsX", "App.zip!/Pods", false),
    ("App.zipped/Pods", "App.zip", false),
    ("App.zip", "App.zip!", false),
    ("/anything", "/", true),
    ("/a/B.zip!/x", "/a/", true),
    ("./Podfile.lock", "Pods", false),
  ])
  func aPathIsInsideItsFolderOrArchive(path: String, folder: String, inside: Bool) {
    #expect(ScanPath(reportText: path).starts(with: ScanPath(reportText: folder)) == inside)
  }

  /// The report text comes back from the segments unchanged, and only `!` before `/` or at the
  /// end opens an archive.
  @Test(arguments: [
    ("/a/B.zip!/Payload/C.app", ["/a/B.zip", "Payload/C.app"]),
    ("B.zip!", ["B.zip", ""]),
    ("B.zip!/c.zip!/x", ["B.zip", "c.zip", "x"]),
    ("Wow!Kit.framework/Wow!Kit", ["Wow!Kit.framework/Wow!Kit"]),
    ("", [""]),
  ])
  func reportTextRoundTrips(text: String, segments: [String]) {
    let path = ScanPath(reportText: text)
    #expect(path.segments == segments)
    #expect(path.description == text)
  }

  /// The last component, its stem and extension ignore trailing slashes; a leading dot makes no
  /// extension; the top of an archive and `/` have no last component.
  @Test(arguments: [
    ("Kit.framework/", "Kit.framework", "Kit", "framework"),
    ("/x/libz.so.1", "libz.so.1", "libz.so", "1"),
    (".hidden", ".hidden", ".hidden", nil),
    ("Info", "Info", "Info", nil),
    ("/a//b.d//", "b.d", "b", "d"), ("/x/Überkit.framework", "Überkit.framework", "Überkit", "framework"),
  ])
  func componentsAreReadFromTheBytes(text: String, last: String, stem: String, pathExtension: String?) {
    let path = ScanPath(text)
    #expect(path.lastComponent.map(String.init) == last)
    #expect(path.stem.map(String.init) == stem)
    #expect(path.extension.map(String.init) == pathExtension)
  }

  @Test func theTopOfAnArchiveAndTheRootHaveNoLastComponent() {
    #expect(ScanPath(reportText: "B.zip!").lastComponent == nil)
    #expect(ScanPath("/").lastComponent == nil)
    #expect(ScanPath("//").lastComponent == nil)
    #expect(ScanPath("").lastComponent == nil)
    #expect(ScanPath(reportText: "B.zip!/x").parent?.description == "B.zip!")
    #expect(ScanPath("/x").parent?.description == "/")
  }

  @Test(
    arguments: [
      ("a/b/c", "a/b"), ("a//b", "a"), ("//a", "/"), ("/a/", "/"), ("a", ""), ("a/b//", "a"), ("/a//b/", "/a"),
      ("é/ß/x", "é/ß"), ("/", nil), ("", nil),
    ] as [(String, String?)])
  func theParentIsThePathWithoutItsLastComponentAndTrailingSlashes(text: String, parent: String?) {
    #expect(ScanPath(text).parent?.description == parent)
  }

  @Test func appendingAddsOneSlashAndEntersAnArchiveAtItsTop() {
    #expect(ScanPath("a/").appending("b").description == "a/b")
    #expect(ScanPath("a").appending("b").description == "a/b")
    #expect(ScanPath("a.zip").archiveRoot.appending("b").description == "a.zip!/b")
    #expect(ScanPath("a").appending(containedRelativePath: "../b") == nil)
    #expect(ScanPath("a").appending(containedRelativePath: "/b") == nil)
    #expect(ScanPath("a").appending(containedRelativePath: "") == nil)
    #expect(ScanPath("a").appending(containedRelativePath: "b/c")?.description == "a/b/c")
  }

  /// The path `appending` builds byte by byte is the one a join of the strings would make: a
  /// slash only where none ends the path, the root and an archive's top joined without one,
  /// trailing slashes trimmed, names that are no ASCII and substrings kept whole.
  @Test func appendingMakesThePathAJoinWouldMake() {
    let name = "Vendor.framework"
    for (path, component, expected) in [
      (ScanPath("/"), name, ["/Vendor.framework"]),
      (ScanPath("/x//"), name, ["/x/Vendor.framework"]),
      (ScanPath("x"), "Ünïcode ☃/", ["x/Ünïcode ☃"]),
      (ScanPath("x"), "", ["x"]),
      (ScanPath("a.zip").archiveRoot, name, ["a.zip", name]),
      (ScanPath(segments: ["a.zip", "Payload"]), "b/c", ["a.zip", "Payload/b/c"]),
    ] {
      let appended = path.appending(component)
      #expect(appended.segments == expected, "\(path).appending(\(component))")
      #expect(appended == ScanPath(segments: appended.segments))
    }
    let text = "Frameworks/Vendor.framework/Vendor"
    let last = text[text.index(text.startIndex, offsetBy: 11)...]
    #expect(ScanPath("/app").appending(last).description == "/app/Vendor.framework/Vendor")
  }

  /// Paths sort as their report text does (`!` before `/`).
  @Test func pathsSortAsTheirText() {
    let texts = ["a b", "a!/x", "a/b", "a", "a.zip!/b", "a.zip/b"]
    #expect(texts.map { ScanPath(reportText: $0) }.sorted().map(\.description) == texts.sorted())
  }

  /// Paths that share a long prefix compare by their first differing byte, unsigned (a
  /// multi-byte UTF-8 name after every ASCII one), then by length.
  @Test func pathsWithALongCommonPrefixCompareByTheirBytes() {
    let folder = "/Users/ci/build/Vendor.xcframework/ios-arm64_x86_64-simulator/Vendor.framework/Headers/"
    let texts = [folder + "z.h", folder + "\u{E9}.h", folder + "a.h", folder + "a.hh", folder + "a", folder + "b.h"]
    let sorted = texts.map { ScanPath($0) }.sorted()
    #expect(sorted.map(\.description) == texts.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    #expect(ScanPath(folder + "a.h") == ScanPath(folder + "a.h"))
    #expect(ScanPath(folder + "a.h") != ScanPath(folder + "b.h"))
    #expect(ScanPath(folder + "a.h") != ScanPath(folder + "a.hh"))
  }

  /// `components(below:)` gives the whole components under a folder, across an archive's
  /// boundary, whatever the names' characters.
  @Test func componentsBelowAFolderAreItsWholeComponents() {
    let folder = ScanPath("/kits/Cafe\u{301}")
    let below = ScanPath("/kits/Cafe\u{301}/A\u{301}.framework/A")
    #expect(below.components(below: folder) == ["A\u{301}.framework", "A"])
    #expect(ScanPath("/kits/Cafe\u{301}").components(below: folder) == [])
    #expect(ScanPath("/kits/Cafe").components(below: folder) == nil)
    #expect(ScanPath("/kits/Cafe\u{301}x/A").components(below: folder) == nil)
    let entry = ScanPath(segments: ["/a/B.zip", "Payload/App.app"])
    #expect(entry.components(below: ScanPath("/a/B.zip")) == ["Payload", "App.app"])
    #expect(entry.components(below: ScanPath("/a/B.zip").archiveRoot) == ["Payload", "App.app"])
    #expect(entry.components(below: ScanPath("/a")) == ["B.zip!", "Payload", "App.app"])
  }
}

/// Paths compare as bytes, as `FilePath`s do, and trailing separators go when a path is made (issue 31).
@Suite struct ScanPathIdentityTests {
  @Test func theNFCAndNFDSpellingsOfANameAreTwoPaths() {
    let composed = ScanPath("/kits/Caf\u{E9}Kit.framework")
    let decomposed = ScanPath("/kits/Cafe\u{301}Kit.framework")
    #expect(composed.description == decomposed.description, "String calls them equal")
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed]).count == 2)
    #expect(composed < decomposed || decomposed < composed)
  }

  @Test(arguments: [("App/", "App"), ("/a/b//", "/a/b"), ("/", "/"), ("//", "/")])
  func trailingSlashesGoWhenAPathIsMade(spelled: String, path: String) {
    #expect(ScanPath(spelled) == ScanPath(path))
    #expect(ScanPath(spelled).description == path)
    #expect(ScanPath(spelled).hashValue == ScanPath(path).hashValue)
  }

  @Test func anArchiveEntrysTrailingSlashGoesToo() {
    #expect(ScanPath(segments: ["/a.zip", "Kit.framework/"]) == ScanPath(segments: ["/a.zip", "Kit.framework"]))
    #expect(ScanPath(segments: ["/a.zip", ""]).description == "/a.zip!", "the top of an archive stays its top")
  }

  @Test(arguments: [
    ("/r/Kit.framework/Headers", "Versions/Current/Headers", "/r/Kit.framework/Versions/Current/Headers"),
    ("/r/Kit.framework/Kit", "../../../etc/passwd", "/etc/passwd"),
    ("/r/Kit.framework/Kit", "/etc/passwd", "/etc/passwd"),
    ("/r/a/./b", "./c/../d", "/r/a/d"),
    ("/Kit", "../../x", "/x"),
    ("rel/Kit", "../../../x", "../../x"),
  ])
  func aLinkNamesAPlaceWhetherOrNotItExists(link: String, target: String, named: String) {
    #expect(ScanPath(link).lexicalLinkTarget(target) == ScanPath(named))
  }

  @Test func aLinkLeavingItsArchiveNamesNoPlaceInIt() {
    let inArchive = ScanPath(segments: ["/r/a.zip", "Kit.framework/Kit"])
    #expect(inArchive.lexicalLinkTarget("../../x") == nil)
    #expect(inArchive.lexicalLinkTarget("/etc") == nil)
    #expect(
      inArchive.lexicalLinkTarget("Versions/A/Kit") == ScanPath(segments: ["/r/a.zip", "Kit.framework/Versions/A/Kit"]))
  }
}
