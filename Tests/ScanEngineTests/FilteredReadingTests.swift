import BinaryImage
import Foundation
import PrivacyCatalog
import ScanEngine
import ScanFiles
import TargetDiscovery
import TestSupport
import Testing

/// The scan reads binaries through `CatalogMatcher.importFilter`: on every Mach-O sample the
/// filtered read must give the matches, lookup strings and defined identities of a full read,
/// while storing fewer names, and a file a full read rejects must be rejected the same way.
@Suite struct FilteredReadingTests {
  static let machOMagics: Set<[UInt8]> = [
    [0xcf, 0xfa, 0xed, 0xfe], [0xce, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe], Array("!<ar".utf8),
  ]

  /// Every Mach-O (thin, fat or ar) file under `Samples/`.
  static let machOSamples: [String] = {
    let root = SampleLocator.sample("")
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var found: [String] = []
    for case let relative as String in walker {
      guard let handle = FileHandle(forReadingAtPath: root + relative) else { continue }
      defer { try? handle.close() }
      if let head = try? handle.read(upToCount: 4), machOMagics.contains(Array(head)) { found.append(relative) }
    }
    return found.sorted()
  }()

  @Test func thereAreMachOSamples() {
    #expect(Self.machOSamples.count > 20)
  }

  @Test(arguments: machOSamples)
  func aFilteredReadMatchesWhatAFullReadMatches(_ relative: String) throws {
    let path = SampleLocator.sample(relative)
    let matcher = CatalogMatcher(catalog: try Catalog.builtIn())
    var filtered = ReadOptions.audit
    filtered.importFilter = matcher.importFilter
    let fullRead = Result { () throws(BinaryError) in
      try BinaryReading.read(ScanPath(path), from: LocalFileSystem(), options: .audit)
    }
    let keptRead = Result { () throws(BinaryError) in
      try BinaryReading.read(ScanPath(path), from: LocalFileSystem(), options: filtered)
    }
    guard case .success(let full) = fullRead, case .success(let kept) = keptRead else {
      #expect(fullRead.failure == keptRead.failure)
      return
    }
    guard full.images.first?.format == .machO else { return }  // an ELF archive keeps every import
    try #require(full.images.count == kept.images.count)
    for (whole, part) in zip(full.images, kept.images) {
      let matches = matcher.matches(in: part)
      #expect(matches == matcher.matches(in: whole))
      // Only the lookup strings that name an API are kept, so the lookups found are the same.
      #expect(
        matcher.dynamicLookups(in: part, besides: matches) == matcher.dynamicLookups(in: whole, besides: matches))
      #expect(
        Set(strings(part.lookupStrings.map(\.name), in: part))
          .isSubset(of: strings(whole.lookupStrings.map(\.name), in: whole)))
      #expect(strings(part.definedClasses, in: part) == strings(whole.definedClasses, in: whole))
      #expect(strings(part.swiftModuleDescriptors, in: part) == strings(whole.swiftModuleDescriptors, in: whole))
      #expect(part.imports.count { _ in true } <= whole.imports.count { _ in true })
    }
  }

  @Test func theFilterKeepsOnlyTheLookupStringsThatNameAnAPI() throws {
    let path = SampleLocator.sample("callsites/bin/libcallsites-arm64.dylib")
    let matcher = CatalogMatcher(catalog: try Catalog.builtIn())
    var filtered = ReadOptions.audit
    filtered.importFilter = matcher.importFilter
    let whole = try #require(
      try BinaryReading.read(ScanPath(path), from: LocalFileSystem(), options: .audit).images.first)
    let part = try #require(
      try BinaryReading.read(ScanPath(path), from: LocalFileSystem(), options: filtered).images.first)
    let kept = strings(part.lookupStrings.map(\.name), in: part)
    #expect(kept.contains("fstatfs"))
    #expect(kept.count < whole.lookupStrings.count, "strings that name no API are left out")
    #expect(kept.allSatisfy { name in matcher.dynamicLookups(in: part, besides: []).contains { $0.string == name } })
  }

  @Test func theFilterLeavesOutTheImportsNothingMatches() throws {
    let path = SampleLocator.sample("macho/large/VendorSized.dylib")
    var filtered = ReadOptions.audit
    filtered.importFilter = CatalogMatcher(catalog: try Catalog.builtIn()).importFilter
    let full = try BinaryReading.read(ScanPath(path), from: LocalFileSystem(), options: .audit)
    let kept = try BinaryReading.read(ScanPath(path), from: LocalFileSystem(), options: filtered)
    #expect(full.images.first?.imports.count { _ in true } ?? 0 > 1000)
    #expect(kept.images.first?.imports.count { _ in true } == 0)
  }

  private func strings(_ names: [NameRef], in image: Image) -> [String] {
    names.map { image.names.string($0) }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
