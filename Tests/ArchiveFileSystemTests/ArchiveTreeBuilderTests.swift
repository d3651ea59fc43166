import Testing

@testable import ArchiveFileSystem

/// The tree an archive's entries make is what an extractor installs: an entry written through a
/// link stored before it lands where the link leads, beside (and after) what was stored there.
@Suite struct ArchiveTreeBuilderTests {
  private func file(_ name: String) -> ArchiveEntryHeader {
    ArchiveEntryHeader(name: Array(name.utf8), kind: .regular, declaredSize: 4, linkTarget: nil, isEncrypted: false)
  }

  private func link(_ name: String, to target: String, kind: ArchiveEntryHeader.Kind = .symbolicLink)
    -> ArchiveEntryHeader
  {
    ArchiveEntryHeader(
      name: Array(name.utf8), kind: kind, declaredSize: 0, linkTarget: Array(target.utf8), isEncrypted: false)
  }

  private func build(_ headers: [ArchiveEntryHeader]) -> ArchiveTreeBuilder {
    var builder = ArchiveTreeBuilder()
    for (ordinal, header) in headers.enumerated() { builder.add(header, ordinal: ordinal, prefix: [], failure: nil) }
    return builder
  }

  /// The ordinal of the entry the tree holds at `path`.
  private func ordinal(at path: String, in builder: ArchiveTreeBuilder) -> Int? {
    guard
      case .node(let node, _) = ArchiveIndex.resolve(
        path.split(separator: "/").map(String.init), in: builder.nodes, followingFinalLink: true)
    else { return nil }
    return builder.nodes[node].ordinal
  }

  @Test func anEntryWrittenThroughALinkReplacesWhatTheLinkLeadsTo() {
    let builder = build([
      file("CleanKit.framework/CleanKit"), link("Staging", to: "CleanKit.framework"), file("Staging/CleanKit"),
    ])
    #expect(
      ordinal(at: "CleanKit.framework/CleanKit", in: builder) == 2, "the last copy installed is read under the name")
    #expect(ordinal(at: "CleanKit.framework/CleanKit\\copy-1", in: builder) == 0, "the earlier copy is read too")
    #expect(builder.skipped.isEmpty, "\(builder.skipped)")
    #expect(builder.ambiguous.map(\.name) == ["CleanKit.framework/CleanKit"])
    #expect(builder.ambiguous.first?.reason.contains("through a link") == true)
  }

  @Test func linksOnTheWayAreFollowedThroughLinksAndDotDots() {
    let builder = build([
      file("Kit.framework/Versions/A/Kit"), link("Kit.framework/Versions/Current", to: "A"),
      link("Alias", to: "Kit.framework/Versions/Current/../Current"), file("Alias/Kit"),
    ])
    #expect(ordinal(at: "Kit.framework/Versions/A/Kit", in: builder) == 3)
    #expect(builder.ambiguous.map(\.name) == ["Kit.framework/Versions/A/Kit"])
  }

  @Test(arguments: [("Out", "../../elsewhere"), ("Absolute", "/tmp"), ("Nowhere", "missing"), ("ToFile", "a.txt")])
  func anEntryUnderALinkThatLeadsToNoFolderInsideIsRefused(name: String, target: String) {
    let builder = build([file("a.txt"), link(name, to: target), file(name + "/Evil")])
    #expect(builder.skipped.map(\.name) == [name + "/Evil"])
    #expect(
      builder.skipped.first?.reason.contains("a link that leads out of the archive or to no folder in it") == true)
  }

  @Test func aHardLinkNamesItsEntryThroughLinks() {
    let builder = build([
      file("Kit.framework/Kit"), link("Staging", to: "Kit.framework"), link("Copy", to: "Staging/Kit", kind: .hardLink),
    ])
    #expect(ordinal(at: "Copy", in: builder) == 0)
    #expect(builder.skipped.isEmpty)
  }
}
